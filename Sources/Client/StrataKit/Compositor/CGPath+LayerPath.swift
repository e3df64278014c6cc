import Foundation
import StrataProtocol

extension LayerPath {
    /// `path`'s elements as the wire carries them. CGPath already holds arcs,
    /// ellipses and rounded rects as cubic curves. What the protocol refuses
    /// is brought into range, as for other values: coordinates beyond ±2^24
    /// are clamped (not-a-number becomes 0), and a path longer than the
    /// protocol's 16384 elements keeps its first ones. Long paths go out
    /// in several messages (`Layer.setShape`).
    init(_ path: CGPath) {
        func point(_ p: CGPoint) -> Point {
            func coordinate(_ v: CGFloat) -> Double { v.isNaN ? 0 : min(max(Double(v), -16_777_216), 16_777_216) }
            return Point(x: coordinate(p.x), y: coordinate(p.y))
        }
        self.init(path.elements.map { element -> Element in
            switch element {
            case .moveToPoint(let p): return .move(point(p))
            case .addLineToPoint(let p): return .line(point(p))
            case .addQuadCurveToPoint(let c, let p): return .quad(point(c), point(p))
            case .addCurveToPoint(let c1, let c2, let p): return .cubic(point(c1), point(c2), point(p))
            case .closeSubpath: return .close
            }
        })
        if elements.count > Self.maxElements { elements.removeLast(elements.count - Self.maxElements) }
    }
}

extension CGPath {
    /// A path from the wire's elements (a presentation copy's animated path).
    convenience init(_ path: LayerPath) {
        let built = CGMutablePath()
        func point(_ p: Point) -> CGPoint { CGPoint(x: p.x, y: p.y) }
        for element in path.elements {
            switch element {
            case .move(let p): built.move(to: point(p))
            case .line(let p): built.addLine(to: point(p))
            case .quad(let c, let p): built.addQuadCurve(to: point(p), control: point(c))
            case .cubic(let c1, let c2, let p): built.addCurve(to: point(p), control1: point(c1), control2: point(c2))
            case .close: built.closeSubpath()
            }
        }
        self.init()
        elements = built.elements
    }
}
