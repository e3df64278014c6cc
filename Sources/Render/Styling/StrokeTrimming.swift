import CCairo
import StrataProtocol

/// CAShapeLayer's strokeStart and strokeEnd: the stroked part of a path,
/// as fractions of its whole length (all subpaths, closing segments
/// included), found on the path flattened to lines.
enum StrokeTrimming {
    /// The polylines between `start` and `end` (fractions of the length).
    /// `cr` flattens curves to its device tolerance.
    static func trimmed(_ path: LayerPath, from start: Double, to end: Double, flattenedWith cr: OpaquePointer) -> [[Point]] {
        let subpaths = flattened(path, with: cr)
        var total = 0.0
        for polyline in subpaths { total += length(of: polyline) }
        guard total > 0, end > start else { return [] }
        let from = start * total, to = end * total
        var result: [[Point]] = []
        var walked = 0.0
        for polyline in subpaths {
            var current: [Point] = []
            for (a, b) in zip(polyline, polyline.dropFirst()) {
                let segment = distance(a, b)
                let s0 = walked, s1 = walked + segment
                walked = s1
                guard s1 > from, s0 < to, segment > 0 else {
                    if !current.isEmpty, s0 >= to { break }
                    continue
                }
                let t0 = max(0, (from - s0) / segment), t1 = min(1, (to - s0) / segment)
                let p0 = lerp(a, b, t0), p1 = lerp(a, b, t1)
                if current.isEmpty { current.append(p0) }
                current.append(p1)
            }
            if current.count > 1 { result.append(current) }
        }
        return result
    }

    /// Each subpath as a polyline (a closed one ends where it began).
    private static func flattened(_ path: LayerPath, with cr: OpaquePointer) -> [[Point]] {
        PathRasterizer.append(path, to: cr)
        guard let flat = cairo_copy_path_flat(cr) else { return [] }
        defer { cairo_path_destroy(flat) }
        cairo_new_path(cr)
        var result: [[Point]] = []
        var current: [Point] = []
        var index = 0
        // A path cairo finds empty (a lone close) has no data at all.
        guard flat.pointee.num_data > 0, let data = flat.pointee.data else { return [] }
        while index < Int(flat.pointee.num_data) {
            let header = data[index].header
            let count = Int(header.length)
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                if current.count > 1 { result.append(current) }
                current = [Point(x: data[index + 1].point.x, y: data[index + 1].point.y)]
            case CAIRO_PATH_LINE_TO:
                current.append(Point(x: data[index + 1].point.x, y: data[index + 1].point.y))
            case CAIRO_PATH_CLOSE_PATH:
                if let first = current.first { current.append(first) }
                if current.count > 1 { result.append(current) }
                // Cairo moves to the subpath's start after a close.
                current = current.first.map { [$0] } ?? []
            default:
                break
            }
            index += max(count, 1)
        }
        if current.count > 1 { result.append(current) }
        return result
    }

    private static func length(of polyline: [Point]) -> Double {
        zip(polyline, polyline.dropFirst()).reduce(0) { $0 + distance($1.0, $1.1) }
    }

    private static func distance(_ a: Point, _ b: Point) -> Double { ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }

    private static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
}
