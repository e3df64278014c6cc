import Foundation
import StrataProtocol

extension LayerPath {
    /// Doubles one request carries at most: libwayland-client (1.21) sends
    /// messages of at most 4 KiB, and a bigger one ends the connection.
    static let wireBudget = 440

    /// `path`'s elements as the wire carries them. CGPath already holds arcs,
    /// ellipses and rounded rects as cubic curves. What the protocol refuses
    /// is brought into range, as for other values: coordinates beyond ±2^24
    /// are clamped (not-a-number becomes 0), and a path too long for one
    /// message is simplified (`fitted`).
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
        self = fitted(toDoubles: Self.wireBudget)
    }

    /// How many doubles the wire form takes.
    var wireCount: Int {
        elements.reduce(0) { total, element in
            switch element {
            case .move, .line: return total + 3
            case .quad: return total + 5
            case .cubic: return total + 7
            case .close: return total + 1
            }
        }
    }

    /// The path within `budget` doubles: as it is when it fits; else its
    /// curves become lines to their ends, then each run of lines keeps
    /// every n-th point and its last, so the outline stays where it was;
    /// what still does not fit is left out.
    func fitted(toDoubles budget: Int) -> LayerPath {
        guard wireCount > budget else { return self }
        let lines = elements.map { element -> Element in
            switch element {
            case .quad(_, let p), .cubic(_, _, let p): return .line(p)
            default: return element
            }
        }
        var thinned = LayerPath(lines)
        let lineCount = lines.filter { if case .line = $0 { return true } else { return false } }.count
        let fixed = thinned.wireCount - 3 * lineCount
        if thinned.wireCount > budget, lineCount > 0 {
            let stride = max(1, Int((Double(3 * lineCount) / Double(max(budget - fixed, 3))).rounded(.up)))
            var kept: [Element] = []
            var run = 0
            for (index, element) in lines.enumerated() {
                guard case .line = element else { run = 0; kept.append(element); continue }
                run += 1
                let endsRun: Bool
                if index + 1 < lines.count, case .line = lines[index + 1] { endsRun = false } else { endsRun = true }
                if run % stride == 0 || endsRun { kept.append(element) }
            }
            thinned = LayerPath(kept)
        }
        while thinned.wireCount > budget { thinned.elements.removeLast() }
        return thinned
    }
}
