import Foundation

/// The glyphs of the system items that are not words (add, trash, play…)
/// and the back button's chevron, stroked and filled with UIBezierPath in
/// the view's tint: plain line drawings in a 22-point square.
final class BarGlyphView: UIView {
    enum Glyph: Equatable {
        case system(UIBarButtonItem.SystemItem)
        case backChevron
    }

    static let side: CGFloat = 22

    let glyph: Glyph

    /// The color drawn with; the tint unless the item is disabled.
    var color: UIColor? { didSet { setNeedsDisplay() } }

    init(glyph: Glyph) {
        self.glyph = glyph
        let size = glyph == .backChevron ? CGSize(width: 13, height: Self.side) : CGSize(width: Self.side, height: Self.side)
        super.init(frame: CGRect(origin: .zero, size: size))
        backgroundColor = nil
        isOpaque = false
        isUserInteractionEnabled = false
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func tintColorDidChange() {
        setNeedsDisplay()
    }

    override func draw(_ rect: CGRect) {
        (color ?? tintColor).set()
        let s = Self.side
        let path = UIBezierPath()
        path.lineWidth = 2
        path.lineCapStyle = .round
        path.lineJoinStyle = .round
        func line(_ x1: CGFloat, _ y1: CGFloat, _ x2: CGFloat, _ y2: CGFloat) {
            path.move(to: CGPoint(x: x1, y: y1))
            path.addLine(to: CGPoint(x: x2, y: y2))
        }
        func polygon(_ points: [(CGFloat, CGFloat)]) -> UIBezierPath {
            let shape = UIBezierPath()
            shape.move(to: CGPoint(x: points[0].0, y: points[0].1))
            for point in points.dropFirst() { shape.addLine(to: CGPoint(x: point.0, y: point.1)) }
            shape.close()
            return shape
        }
        switch glyph {
        case .backChevron:
            path.lineWidth = 2.5
            line(11, 3, 2.5, 11)
            line(2.5, 11, 11, 19)
        case .system(let item):
            switch item {
            case .add:
                line(s / 2, 3, s / 2, s - 3); line(3, s / 2, s - 3, s / 2)
            case .close, .stop:
                line(5, 5, s - 5, s - 5); line(s - 5, 5, 5, s - 5)
            case .compose:
                path.append(UIBezierPath(roundedRect: CGRect(x: 2, y: 5, width: 15, height: 15), cornerRadius: 3))
                line(9, 13, 20, 2)
            case .reply:
                line(9, 4, 2, 11); line(2, 11, 9, 18)
                path.move(to: CGPoint(x: 2, y: 11))
                path.addQuadCurve(to: CGPoint(x: 20, y: 18), controlPoint: CGPoint(x: 18, y: 8))
            case .action:
                path.append(polygon([(6, 9), (3, 9), (3, 21), (19, 21), (19, 9), (16, 9)]))
                line(11, 1, 11, 14); line(7, 5, 11, 1); line(11, 1, 15, 5)
            case .organize:
                path.append(UIBezierPath(roundedRect: CGRect(x: 2, y: 7, width: 18, height: 13), cornerRadius: 2))
                line(4, 4, 18, 4)
            case .bookmarks:
                path.append(polygon([(5, 2), (17, 2), (17, 20), (11, 15), (5, 20)]))
            case .search:
                path.append(UIBezierPath(ovalIn: CGRect(x: 2, y: 2, width: 13, height: 13)))
                line(13.5, 13.5, 20, 20)
            case .refresh:
                path.append(UIBezierPath(arcCenter: CGPoint(x: 11, y: 12), radius: 8, startAngle: -.pi / 2,
                                         endAngle: .pi * 1.3, clockwise: true))
                line(11, 4, 7, 1); line(11, 4, 7, 7)
            case .camera:
                path.append(UIBezierPath(roundedRect: CGRect(x: 1, y: 6, width: 20, height: 14), cornerRadius: 3))
                path.append(UIBezierPath(ovalIn: CGRect(x: 7, y: 9, width: 8, height: 8)))
                line(7, 6, 9, 3); line(9, 3, 13, 3); line(13, 3, 15, 6)
            case .trash:
                line(2, 5, 20, 5); line(8, 5, 8, 2); line(8, 2, 14, 2); line(14, 2, 14, 5)
                path.append(polygon([(4, 5), (6, 21), (16, 21), (18, 5)]))
            case .play:
                polygon([(5, 3), (19, 11), (5, 19)]).fill()
            case .pause:
                UIBezierPath(rect: CGRect(x: 5, y: 3, width: 4, height: 16)).fill()
                UIBezierPath(rect: CGRect(x: 13, y: 3, width: 4, height: 16)).fill()
            case .rewind:
                polygon([(11, 4), (1, 11), (11, 18)]).fill()
                polygon([(21, 4), (11, 11), (21, 18)]).fill()
            case .fastForward:
                polygon([(1, 4), (11, 11), (1, 18)]).fill()
                polygon([(11, 4), (21, 11), (11, 18)]).fill()
            case .pageCurl:
                path.append(polygon([(3, 2), (19, 2), (19, 14), (13, 20), (3, 20)]))
                line(13, 20, 13, 14); line(13, 14, 19, 14)
            default:
                break
            }
        }
        path.stroke()
    }
}
