import Foundation

/// The text field's clear button: a grey circle with a white cross. A tap
/// on it sends `.touchUpInside`, which the field answers by clearing.
final class TextFieldClearButton: UIControl {
    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override var isHighlighted: Bool {
        didSet { if isHighlighted != oldValue { setNeedsDisplay() } }
    }

    override func draw(_ rect: CGRect) {
        let diameter = min(bounds.width, bounds.height) - 4
        let circle = CGRect(x: bounds.midX - diameter / 2, y: bounds.midY - diameter / 2, width: diameter, height: diameter)
        (isHighlighted ? UIColor.darkGray : UIColor.systemGray2).setFill()
        UIBezierPath(ovalIn: circle).fill()
        let arm = diameter * 0.18
        let cross = UIBezierPath()
        cross.move(to: CGPoint(x: bounds.midX - arm, y: bounds.midY - arm))
        cross.addLine(to: CGPoint(x: bounds.midX + arm, y: bounds.midY + arm))
        cross.move(to: CGPoint(x: bounds.midX + arm, y: bounds.midY - arm))
        cross.addLine(to: CGPoint(x: bounds.midX - arm, y: bounds.midY + arm))
        cross.lineWidth = 1.5
        UIColor.white.setStroke()
        cross.stroke()
    }
}
