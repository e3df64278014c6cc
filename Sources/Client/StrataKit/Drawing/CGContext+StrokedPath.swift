import CCairo
import Foundation

/// Core Graphics' replacePathWithStrokedPath: the current path becomes the
/// outline of what stroking it would paint, so it can be filled or clipped
/// to (a gradient along a stroke). Cairo has no stroke-to-path; the outline
/// is built here from the path flattened to lines: a quad per segment, a
/// disc per vertex for round joins and caps, a triangle per vertex for
/// bevel joins and a miter's point within the miter limit, caps extended
/// for square. All pieces turn the same way, so the nonzero rule fills
/// their union. Dashes are not applied.
extension CGContext {
    public func replacePathWithStrokedPath() {
        guard let flat = cairo_copy_path_flat(cairo) else { return }
        defer { cairo_path_destroy(flat) }
        var subpaths: [(points: [CGPoint], closed: Bool)] = []
        var current: [CGPoint] = []
        var index = 0
        if flat.pointee.num_data > 0, let data = flat.pointee.data {
            while index < Int(flat.pointee.num_data) {
                let header = data[index].header
                switch header.type {
                case CAIRO_PATH_MOVE_TO:
                    // A lone move strokes nothing (nor the move cairo adds after a close).
                    if current.count > 1 { subpaths.append((current, false)) }
                    current = [CGPoint(x: data[index + 1].point.x, y: data[index + 1].point.y)]
                case CAIRO_PATH_LINE_TO:
                    current.append(CGPoint(x: data[index + 1].point.x, y: data[index + 1].point.y))
                case CAIRO_PATH_CLOSE_PATH:
                    if current.count > 1 { subpaths.append((current, true)) }
                    current = current.first.map { [$0] } ?? []
                default: break
                }
                index += max(Int(header.length), 1)
            }
        }
        if current.count > 1 { subpaths.append((current, false)) }
        let half = cairo_get_line_width(cairo) / 2
        let cap = cairo_get_line_cap(cairo), join = cairo_get_line_join(cairo), miterLimit = cairo_get_miter_limit(cairo)
        cairo_new_path(cairo)
        guard half > 0 else { return }
        for (var points, closed) in subpaths {
            if closed, let first = points.first, points.last != first { points.append(first) }
            if points.count == 1 {
                // A lone point: a round cap is a dot, a square cap a square.
                if cap == CAIRO_LINE_CAP_ROUND { disc(at: points[0], radius: half) }
                if cap == CAIRO_LINE_CAP_SQUARE { polygon([CGPoint(x: points[0].x - half, y: points[0].y - half), CGPoint(x: points[0].x + half, y: points[0].y - half),
                                                           CGPoint(x: points[0].x + half, y: points[0].y + half), CGPoint(x: points[0].x - half, y: points[0].y + half)]) }
                continue
            }
            let segments = Array(zip(points, points.dropFirst())).filter { $0.0 != $0.1 }
            for (n, (a, b)) in segments.enumerated() {
                var (start, end) = (a, b)
                let length = hypot(b.x - a.x, b.y - a.y)
                let (ux, uy) = ((b.x - a.x) / length, (b.y - a.y) / length)
                if !closed && cap == CAIRO_LINE_CAP_SQUARE {
                    if n == 0 { start = CGPoint(x: a.x - ux * half, y: a.y - uy * half) }
                    if n == segments.count - 1 { end = CGPoint(x: b.x + ux * half, y: b.y + uy * half) }
                }
                let (nx, ny) = (-uy * half, ux * half)
                polygon([CGPoint(x: start.x + nx, y: start.y + ny), CGPoint(x: end.x + nx, y: end.y + ny),
                         CGPoint(x: end.x - nx, y: end.y - ny), CGPoint(x: start.x - nx, y: start.y - ny)])
            }
            // Joins between segments (and where a closed path meets itself), round caps at open ends.
            let joints = closed ? segments.indices.map { $0 } : Array(segments.indices.dropFirst())
            for i in joints {
                let incoming = segments[(i + segments.count - 1) % segments.count], outgoing = segments[i]
                let vertex = outgoing.0
                if join == CAIRO_LINE_JOIN_ROUND {
                    disc(at: vertex, radius: half)
                } else {
                    // The gap between the two segments' edges: a bevel, or the miter's
                    // point where it is within the miter limit.
                    let u = normal(incoming.0, vertex, half), w = normal(vertex, outgoing.1, half)
                    for side in [1.0, -1.0] {
                        let a = CGPoint(x: vertex.x + side * u.x, y: vertex.y + side * u.y)
                        let b = CGPoint(x: vertex.x + side * w.x, y: vertex.y + side * w.y)
                        if join == CAIRO_LINE_JOIN_MITER,
                           let tip = miterTip(a, along: (vertex.x - incoming.0.x, vertex.y - incoming.0.y), b,
                                              along: (outgoing.1.x - vertex.x, outgoing.1.y - vertex.y)),
                           hypot(tip.x - vertex.x, tip.y - vertex.y) <= miterLimit * half {
                            polygon([vertex, a, tip, b])
                        } else {
                            polygon([vertex, a, b])
                        }
                    }
                }
            }
            if !closed && cap == CAIRO_LINE_CAP_ROUND, let first = points.first, let last = points.last {
                disc(at: first, radius: half)
                disc(at: last, radius: half)
            }
        }
    }

    /// Where the line through `a` along `d1` meets the line through `b` along `d2`; nil when parallel.
    private func miterTip(_ a: CGPoint, along d1: (Double, Double), _ b: CGPoint, along d2: (Double, Double)) -> CGPoint? {
        let cross = d1.0 * d2.1 - d1.1 * d2.0
        guard abs(cross) > 1e-9 else { return nil }
        let t = ((b.x - a.x) * d2.1 - (b.y - a.y) * d2.0) / cross
        return CGPoint(x: a.x + t * d1.0, y: a.y + t * d1.1)
    }

    private func normal(_ a: CGPoint, _ b: CGPoint, _ half: Double) -> CGPoint {
        let length = max(hypot(b.x - a.x, b.y - a.y), .leastNonzeroMagnitude)
        return CGPoint(x: -(b.y - a.y) / length * half, y: (b.x - a.x) / length * half)
    }

    /// A closed polygon turning the positive way (its signed area made positive).
    private func polygon(_ points: [CGPoint]) {
        var area = 0.0
        for (p, q) in zip(points, points.dropFirst() + [points[0]]) { area += p.x * q.y - q.x * p.y }
        guard area != 0 else { return }
        let ordered = area > 0 ? points : points.reversed()
        cairo_move_to(cairo, ordered[0].x, ordered[0].y)
        for p in ordered.dropFirst() { cairo_line_to(cairo, p.x, p.y) }
        cairo_close_path(cairo)
    }

    private func disc(at center: CGPoint, radius: Double) {
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, center.x, center.y, radius, 0, 2 * .pi)
        cairo_close_path(cairo)
    }
}
