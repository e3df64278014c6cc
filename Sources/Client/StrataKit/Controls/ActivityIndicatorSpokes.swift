import Foundation

/// The activity indicator's wheel: spokes around the center, fading from
/// full color to faint going round, drawn once. The indicator turns this
/// view with a repeating rotation that the compositor plays.
final class ActivityIndicatorSpokes: ControlPartView {
    static let spokeCount = 8

    var color: UIColor {
        didSet { if color != oldValue { setNeedsDisplay() } }
    }

    init(color: UIColor) {
        self.color = color
        super.init(frame: .zero)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let radius = min(bounds.width, bounds.height) / 2
        let width = max(2, radius * 0.22)
        let count = ActivityIndicatorSpokes.spokeCount
        for index in 0..<count {
            context.saveGState()
            context.translateBy(x: bounds.midX, y: bounds.midY)
            context.rotate(by: -CGFloat(index) * 2 * .pi / CGFloat(count))
            let spoke = UIBezierPath(roundedRect: CGRect(x: -width / 2, y: -radius, width: width, height: radius * 0.55),
                                     cornerRadius: width / 2)
            // Fading counterclockwise from the top: the faint tail trails the
            // dark head as the wheel turns clockwise.
            color.withAlphaComponent(1 - 0.85 * CGFloat(index) / CGFloat(count)).setFill()
            spoke.fill()
            context.restoreGState()
        }
    }
}
