import Foundation

/// A filled rect with rounded corners of a fixed radius: the stepper's and
/// the segmented control's backgrounds and the selected segment's thumb.
/// Like CapsuleView it redraws only when its size or colors change.
final class RoundedRectView: ControlPartView {
    var fillColor: UIColor {
        didSet { if fillColor != oldValue { setNeedsDisplay() } }
    }

    var cornerRadius: CGFloat {
        didSet { if cornerRadius != oldValue { setNeedsDisplay() } }
    }

    init(fillColor: UIColor, cornerRadius: CGFloat) {
        self.fillColor = fillColor
        self.cornerRadius = cornerRadius
        super.init(frame: .zero)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func draw(_ rect: CGRect) {
        let radius = min(cornerRadius, bounds.width / 2, bounds.height / 2)
        fillColor.setFill()
        UIBezierPath(roundedRect: bounds, cornerRadius: radius).fill()
    }
}
