import Foundation

/// The small drawings at a row's edges: the accessories (chevron, check
/// mark, info button) and the editing controls (the red delete and green
/// insert circles, the reorder grip), drawn with UIBezierPath.
final class CellGlyphView: UIView {
    enum Glyph: Equatable {
        case disclosureIndicator, checkmark, detailButton, detailDisclosureButton
        case deleteControl, insertControl, reorderControl
    }

    let glyph: Glyph

    init(glyph: Glyph) {
        self.glyph = glyph
        super.init(frame: CGRect(origin: .zero, size: Self.size(of: glyph)))
        backgroundColor = nil
        isOpaque = false
        // Accessory buttons and editing controls take taps; the rest lets them through to the row.
        isUserInteractionEnabled = [.detailButton, .detailDisclosureButton, .deleteControl, .insertControl, .reorderControl].contains(glyph)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    static func size(of glyph: Glyph) -> CGSize {
        switch glyph {
        case .disclosureIndicator: CGSize(width: 8, height: 13)
        case .checkmark: CGSize(width: 14, height: 12)
        case .detailButton: CGSize(width: 22, height: 22)
        case .detailDisclosureButton: CGSize(width: 42, height: 22)
        case .deleteControl, .insertControl: CGSize(width: 22, height: 22)
        case .reorderControl: CGSize(width: 22, height: 14)
        }
    }

    override func tintColorDidChange() { setNeedsDisplay() }

    override func draw(_ rect: CGRect) {
        let path = UIBezierPath()
        path.lineCapStyle = .round
        path.lineJoinStyle = .round
        switch glyph {
        case .disclosureIndicator:
            UIColor.tertiaryLabel.setStroke()
            path.lineWidth = 2
            path.move(to: CGPoint(x: 1.5, y: 1.5))
            path.addLine(to: CGPoint(x: 6.5, y: 6.5))
            path.addLine(to: CGPoint(x: 1.5, y: 11.5))
            path.stroke()
        case .checkmark:
            tintColor.setStroke()
            path.lineWidth = 2
            path.move(to: CGPoint(x: 1.5, y: 6.5))
            path.addLine(to: CGPoint(x: 5, y: 10.5))
            path.addLine(to: CGPoint(x: 12.5, y: 1.5))
            path.stroke()
        case .detailButton, .detailDisclosureButton:
            let circle = CGRect(x: 1, y: 1, width: 20, height: 20)
            drawInfo(in: circle)
            if glyph == .detailDisclosureButton {
                UIColor.tertiaryLabel.setStroke()
                path.lineWidth = 2
                path.move(to: CGPoint(x: 35.5, y: 5.5))
                path.addLine(to: CGPoint(x: 40.5, y: 10.5))
                path.addLine(to: CGPoint(x: 35.5, y: 15.5))
                path.stroke()
            }
        case .deleteControl, .insertControl:
            (glyph == .deleteControl ? UIColor.systemRed : UIColor.systemGreen).setFill()
            UIBezierPath(ovalIn: bounds.insetBy(dx: 1, dy: 1)).fill()
            UIColor.white.setFill()
            UIBezierPath(rect: CGRect(x: 6, y: 10, width: 10, height: 2)).fill()
            if glyph == .insertControl { UIBezierPath(rect: CGRect(x: 10, y: 6, width: 2, height: 10)).fill() }
        case .reorderControl:
            UIColor.tertiaryLabel.setFill()
            for y in [1, 6, 11] as [CGFloat] {
                UIBezierPath(rect: CGRect(x: 1, y: y, width: 20, height: 2)).fill()
            }
        }
    }

    private func drawInfo(in circle: CGRect) {
        tintColor.setStroke()
        tintColor.setFill()
        let ring = UIBezierPath(ovalIn: circle)
        ring.lineWidth = 1.5
        ring.stroke()
        UIBezierPath(ovalIn: CGRect(x: circle.midX - 1.25, y: circle.minY + 4, width: 2.5, height: 2.5)).fill()
        UIBezierPath(rect: CGRect(x: circle.midX - 1, y: circle.minY + 8, width: 2, height: 8)).fill()
    }
}
