import StrataProtocol

/// The outline of a layer with rounded corners, as a path: what its
/// background, gradient and border follow, and what masksToBounds clips to.
enum RoundedRectPath {
    /// How far along each edge a continuous corner begins, in radii: the
    /// curve eases into the edge instead of meeting it at a circle's
    /// sudden change of curvature.
    static let continuousExtent = 1.528665
    /// Where its control points sit, in radii from the corner: chosen so
    /// the curve passes where a circular corner's midpoint would.
    private static let continuousControl = (2 - 2.squareRoot()) * 8 / 6 - continuousExtent / 3

    /// `rect` with the `corners` rounded by `radius` (no more than half the
    /// shorter side).
    static func path(_ rect: Rect, radius: Double, corners: CornerMask, curve: CornerCurve) -> LayerPath {
        let half = min(rect.width, rect.height) / 2
        let r = max(0, min(radius, half))
        guard r > 0, !corners.isEmpty else { return rectangle(rect) }
        // A continuous corner needs more of the edge; where there is not
        // that much, it uses what there is.
        let extent = curve == .continuous ? min(continuousExtent * r, half) : r
        let control = curve == .continuous ? max(0, extent - (continuousExtent - continuousControl) * r) : r * (1 - 0.5522847498)
        var elements: [LayerPath.Element] = []
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        // Clockwise from the top left corner's end on the top edge.
        func corner(_ mask: CornerMask, at c: Point, from a: Point, to b: Point, _ ca: Point, _ cb: Point) {
            if corners.contains(mask) {
                elements.append(elements.isEmpty ? .move(a) : .line(a))
                elements.append(.cubic(ca, cb, b))
            } else {
                elements.append(elements.isEmpty ? .move(c) : .line(c))
            }
        }
        let e = extent, k = control
        corner(.minXMinY, at: Point(x: x0, y: y0), from: Point(x: x0, y: y0 + e), to: Point(x: x0 + e, y: y0),
               Point(x: x0, y: y0 + k), Point(x: x0 + k, y: y0))
        corner(.maxXMinY, at: Point(x: x1, y: y0), from: Point(x: x1 - e, y: y0), to: Point(x: x1, y: y0 + e),
               Point(x: x1 - k, y: y0), Point(x: x1, y: y0 + k))
        corner(.maxXMaxY, at: Point(x: x1, y: y1), from: Point(x: x1, y: y1 - e), to: Point(x: x1 - e, y: y1),
               Point(x: x1, y: y1 - k), Point(x: x1 - k, y: y1))
        corner(.minXMaxY, at: Point(x: x0, y: y1), from: Point(x: x0 + e, y: y1), to: Point(x: x0, y: y1 - e),
               Point(x: x0 + k, y: y1), Point(x: x0, y: y1 - k))
        elements.append(.close)
        return LayerPath(elements)
    }

    static func rectangle(_ rect: Rect) -> LayerPath {
        LayerPath([.move(Point(x: rect.minX, y: rect.minY)), .line(Point(x: rect.maxX, y: rect.minY)),
                   .line(Point(x: rect.maxX, y: rect.maxY)), .line(Point(x: rect.minX, y: rect.maxY)), .close])
    }
}
