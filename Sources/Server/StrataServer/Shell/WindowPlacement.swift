import StrataProtocol

/// Where a new window goes, as a person would place it: the first one in
/// the middle of the output; each next one where it covers the windows
/// already there the least (smart placement), fully on the output where
/// it fits; a dialog (xdg_toplevel.set_parent) centered on its parent.
public enum WindowPlacement {
    /// The origin of a window of `size` among the `occupied` window rects.
    ///
    /// Candidates are the positions flush with the output's edges, the
    /// output's center, and flush with each window's sides (beside it,
    /// above or below it); the one with the least overlapping area wins,
    /// and among equals the one whose center is nearest the output's, so
    /// windows gather around the middle rather than in a corner.
    public static func origin(for size: Size, on output: Rect, avoiding occupied: [Rect]) -> Point {
        let centered = clamped(Point(x: output.minX + (output.width - size.width) / 2,
                                     y: output.minY + (output.height - size.height) / 2), size: size, on: output)
        guard !occupied.isEmpty else { return centered }
        var xs = [output.minX, output.maxX - size.width, centered.x]
        var ys = [output.minY, output.maxY - size.height, centered.y]
        for rect in occupied {
            xs += [rect.maxX, rect.minX - size.width, rect.minX]
            ys += [rect.maxY, rect.minY - size.height, rect.minY]
        }
        let center = Point(x: output.minX + output.width / 2, y: output.minY + output.height / 2)
        var best = centered
        var bestScore = (overlap: Double.infinity, distance: Double.infinity)
        for x in Set(xs.map { clamped($0, length: size.width, from: output.minX, to: output.maxX) }) {
            for y in Set(ys.map { clamped($0, length: size.height, from: output.minY, to: output.maxY) }) {
                let candidate = Rect(x: x, y: y, width: size.width, height: size.height)
                let overlap = occupied.reduce(0) { sum, rect in
                    let common = rect.intersection(candidate)
                    return sum + common.width * common.height
                }
                let dx = x + size.width / 2 - center.x, dy = y + size.height / 2 - center.y
                let score = (overlap: overlap, distance: dx * dx + dy * dy)
                if score.overlap < bestScore.overlap
                    || (score.overlap == bestScore.overlap && (score.distance, y, x) < (bestScore.distance, best.y, best.x)) {
                    (best, bestScore) = (Point(x: x, y: y), score)
                }
            }
        }
        return best
    }

    /// A dialog's origin: centered on its parent's rect, kept on the output.
    public static func origin(for size: Size, centeredOn parent: Rect, on output: Rect) -> Point {
        clamped(Point(x: parent.minX + (parent.width - size.width) / 2, y: parent.minY + (parent.height - size.height) / 2),
                size: size, on: output)
    }

    private static func clamped(_ point: Point, size: Size, on output: Rect) -> Point {
        Point(x: clamped(point.x, length: size.width, from: output.minX, to: output.maxX),
              y: clamped(point.y, length: size.height, from: output.minY, to: output.maxY))
    }

    /// Keeps [value, value + length] inside [low, high]; a window longer
    /// than the output starts at its edge, so its top left stays visible.
    private static func clamped(_ value: Double, length: Double, from low: Double, to high: Double) -> Double {
        max(low, min(value, high - length)).rounded(.down)
    }
}
