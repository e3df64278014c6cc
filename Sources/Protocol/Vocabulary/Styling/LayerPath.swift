/// A path as strata-layers-v1 carries it: CGPath's elements, with arcs and
/// rounded rects already turned into curves by the app. Coordinates are in
/// the layer's bounds space, in points.
public struct LayerPath: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case quad(Point, Point)
        case cubic(Point, Point, Point)
        case close

        /// The wire's operation code, followed by this many doubles.
        var opcode: Double {
            switch self {
            case .move: return 0
            case .line: return 1
            case .quad: return 2
            case .cubic: return 3
            case .close: return 4
            }
        }

        public var points: [Point] {
            switch self {
            case .move(let p), .line(let p): return [p]
            case .quad(let c, let p): return [c, p]
            case .cubic(let c1, let c2, let p): return [c1, c2, p]
            case .close: return []
            }
        }
    }

    public var elements: [Element]

    public init(_ elements: [Element] = []) { self.elements = elements }

    public var isEmpty: Bool { elements.isEmpty }

    /// More elements than this in one path is an error: the compositor
    /// flattens and rasterises every path it is sent.
    public static let maxElements = 16_384

    /// Each element as its opcode (0 move, 1 line, 2 quad, 3 cubic, 4 close)
    /// followed by its points' coordinates.
    public var wireValue: [Double] {
        var values: [Double] = []
        values.reserveCapacity(elements.count * 3)
        for element in elements {
            values.append(element.opcode)
            for p in element.points { values += [p.x, p.y] }
        }
        return values
    }

    /// Why `wire` is not a path, or nil.
    public enum WireProblem: Error, Equatable, CustomStringConvertible {
        case unknownOpcode(Double)
        case truncated
        case notFinite
        case tooManyElements(Int)

        public var description: String {
            switch self {
            case .unknownOpcode(let op): return "\(op) is not a path element (0 move, 1 line, 2 quad, 3 cubic, 4 close)"
            case .truncated: return "the last path element lacks coordinates"
            case .notFinite: return "a path coordinate is not finite or lies beyond ±2^24"
            case .tooManyElements(let n): return "a path of more than \(n) elements"
            }
        }
    }

    /// Decodes the wire form; coordinates must be finite and within ±2^24.
    public init(wire: [Double]) throws(WireProblem) {
        var elements: [Element] = []
        var index = 0
        func points(_ n: Int) throws(WireProblem) -> [Point] {
            guard index + 2 * n <= wire.count else { throw .truncated }
            var result: [Point] = []
            for i in 0..<n {
                let x = wire[index + 2 * i], y = wire[index + 2 * i + 1]
                guard x.isFinite, y.isFinite, abs(x) <= 16_777_216, abs(y) <= 16_777_216 else { throw .notFinite }
                result.append(Point(x: x, y: y))
            }
            index += 2 * n
            return result
        }
        while index < wire.count {
            guard elements.count < Self.maxElements else { throw .tooManyElements(Self.maxElements) }
            let op = wire[index]
            index += 1
            switch op {
            case 0: elements.append(.move(try points(1)[0]))
            case 1: elements.append(.line(try points(1)[0]))
            case 2: let p = try points(2); elements.append(.quad(p[0], p[1]))
            case 3: let p = try points(3); elements.append(.cubic(p[0], p[1], p[2]))
            case 4: elements.append(.close)
            default: throw .unknownOpcode(op)
            }
        }
        self.elements = elements
    }

    /// The smallest rect holding every point and control point.
    public var controlBounds: Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for element in elements {
            for p in element.points {
                (minX, minY, maxX, maxY) = (min(minX, p.x), min(minY, p.y), max(maxX, p.x), max(maxY, p.y))
            }
        }
        guard minX <= maxX else { return .zero }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether the two paths have the same elements in the same order, so
    /// that one can be blended into the other point by point.
    public func hasSameStructure(as other: LayerPath) -> Bool {
        elements.count == other.elements.count
            && zip(elements, other.elements).allSatisfy { $0.opcode == $1.opcode }
    }
}

extension LayerPath {
    /// Doubles one request's path carries at most: libwayland sends
    /// messages of at most 4 KiB, so a longer path goes out in parts.
    public static let doublesPerMessage = 480

    /// The wire form in parts of whole elements, each within
    /// `doublesPerMessage`; one empty part for an empty path.
    public var wireParts: [[Double]] {
        var parts: [[Double]] = [[]]
        for element in elements {
            var values = [element.opcode]
            for p in element.points { values += [p.x, p.y] }
            if parts[parts.count - 1].count + values.count > Self.doublesPerMessage { parts.append([]) }
            parts[parts.count - 1] += values
        }
        return parts
    }
}
