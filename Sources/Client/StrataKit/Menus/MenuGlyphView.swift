import Foundation

/// The small drawings of a menu row: the check mark of an element that is
/// on, the dash of a mixed one, the chevron of a submenu. Drawn once in
/// the row's text color.
final class MenuGlyphView: UIView {
    enum Glyph { case checkmark, mixed, chevron }

    let glyph: Glyph
    var color: UIColor = .label { didSet { setNeedsDisplay() } }

    init(glyph: Glyph) {
        self.glyph = glyph
        super.init(frame: CGRect(origin: .zero, size: glyph == .chevron ? CGSize(width: 8, height: 13) : CGSize(width: 14, height: 12)))
        backgroundColor = nil
        isOpaque = false
        isUserInteractionEnabled = false
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func draw(_ rect: CGRect) {
        let path = UIBezierPath()
        path.lineCapStyle = .round
        path.lineJoinStyle = .round
        path.lineWidth = 2
        color.setStroke()
        switch glyph {
        case .checkmark:
            path.move(to: CGPoint(x: 1.5, y: 6.5))
            path.addLine(to: CGPoint(x: 5, y: 10.5))
            path.addLine(to: CGPoint(x: 12.5, y: 1.5))
        case .mixed:
            path.move(to: CGPoint(x: 2, y: 6))
            path.addLine(to: CGPoint(x: 12, y: 6))
        case .chevron:
            path.move(to: CGPoint(x: 1.5, y: 1.5))
            path.addLine(to: CGPoint(x: 6.5, y: 6.5))
            path.addLine(to: CGPoint(x: 1.5, y: 11.5))
        }
        path.stroke()
    }
}
