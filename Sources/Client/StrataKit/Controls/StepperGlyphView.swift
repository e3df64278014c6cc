import Foundation

/// The minus or plus drawn on a stepper's half: a bar 14 points long and
/// 2 thick across the middle, and for the plus a second bar down it.
final class StepperGlyphView: ControlPartView {
    static let length: CGFloat = 14
    static let thickness: CGFloat = 2

    let isPlus: Bool
    var color: UIColor {
        didSet { if color != oldValue { setNeedsDisplay() } }
    }

    init(isPlus: Bool, color: UIColor) {
        self.isPlus = isPlus
        self.color = color
        super.init(frame: .zero)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func draw(_ rect: CGRect) {
        let length = StepperGlyphView.length, thickness = StepperGlyphView.thickness
        color.setFill()
        UIBezierPath(rect: CGRect(x: bounds.midX - length / 2, y: bounds.midY - thickness / 2,
                                  width: length, height: thickness)).fill()
        if isPlus {
            UIBezierPath(rect: CGRect(x: bounds.midX - thickness / 2, y: bounds.midY - length / 2,
                                      width: thickness, height: length)).fill()
        }
    }
}
