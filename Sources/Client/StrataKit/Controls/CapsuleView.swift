import Foundation

/// The shape controls are drawn from: a rect with fully rounded ends (a
/// circle when square), filled and optionally outlined. The switch's
/// track and thumb and the slider's tracks and thumb are these; they
/// redraw only when their size or colors change, and move as views, so a
/// sliding thumb is a property animation on the compositor.
final class CapsuleView: ControlPartView {
    var fillColor: UIColor {
        didSet { if fillColor != oldValue { setNeedsDisplay() } }
    }

    /// A hairline outline, so a white thumb shows on a white background.
    var strokeColor: UIColor? {
        didSet { if strokeColor != oldValue { setNeedsDisplay() } }
    }

    init(fillColor: UIColor, strokeColor: UIColor? = nil) {
        self.fillColor = fillColor
        self.strokeColor = strokeColor
        super.init(frame: .zero)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func draw(_ rect: CGRect) {
        let lineWidth: CGFloat = strokeColor == nil ? 0 : 0.5
        let shape = bounds.insetBy(dx: lineWidth / 2, dy: lineWidth / 2)
        let path = UIBezierPath(roundedRect: shape, cornerRadius: min(shape.width, shape.height) / 2)
        fillColor.setFill()
        path.fill()
        if let strokeColor {
            strokeColor.setStroke()
            path.lineWidth = lineWidth
            path.stroke()
        }
    }
}
