import StrataProtocol

// A layer's 3-D state: the whole transform, how a layer's plane maps into
// its superlayer's, and the 3×3 homography that mapping flattens to.

extension RenderLayer.Properties {
    /// The layer's whole transform: the 3-D one when set, else the affine
    /// one. Setting an affine matrix keeps the layer 2-D; `transform` always
    /// holds the affine part.
    public var transform3D: Transform3D {
        get { depth?.transform ?? Transform3D(transform) }
        set {
            transform = newValue.affine
            updateDepth { $0.transform = newValue.isAffine ? nil : newValue }
        }
    }

    /// Changes the 3-D state; it goes back to nil when all of it is at its defaults.
    public mutating func updateDepth(_ change: (inout LayerDepth) -> Void) {
        var value = depth ?? .none
        change(&value)
        depth = value == .none ? nil : value
    }

    /// A point (x, y, z) of the bounds space in the superlayer's space,
    /// before the superlayer's sublayer transform: the transform about
    /// (anchor point, anchorPointZ), then moved to (position, zPosition).
    public var transform3DToSuperlayer: Transform3D {
        let anchor = (x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
        let depth = self.depth ?? .none
        return Transform3D(translationX: -anchor.x, y: -anchor.y, z: -depth.anchorPointZ)
            .concatenating(depth.transform ?? Transform3D(transform))
            .concatenating(Transform3D(translationX: position.x, y: position.y, z: depth.zPosition))
    }

    /// The sublayer transform about the centre of the bounds, nil when it is the identity.
    public var centredSublayerTransform: Transform3D? {
        guard let s = depth?.sublayerTransform, !s.isIdentity else { return nil }
        let (cx, cy) = (bounds.midX, bounds.midY)
        return Transform3D(translationX: -cx, y: -cy, z: 0).concatenating(s).concatenating(Transform3D(translationX: cx, y: cy, z: 0))
    }

    /// The layer's plane in its superlayer's plane, flattened as Core
    /// Animation does: `sublayerTransform` is the superlayer's (centred), if any.
    func homographyToSuperlayer(sublayerTransform: Transform3D?) -> Homography {
        var m = transform3DToSuperlayer
        if let sublayerTransform { m = m.concatenating(sublayerTransform) }
        return Homography(flattening: m)
    }
}

/// A projective map of the plane in the row-vector convention:
/// (x, y, 1)·H = (X, Y, W), the point (X/W, Y/W). A layer's plane maps to
/// its superlayer's plane by the 4×4 transform with its z row and column
/// dropped; and flattening between two transforms makes those 3×3 maps
/// compose as matrices.
struct Homography: Hashable {
    var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    init(_ m11: Double, _ m12: Double, _ m13: Double, _ m21: Double, _ m22: Double, _ m23: Double,
         _ m31: Double, _ m32: Double, _ m33: Double) {
        m = (m11, m12, m13, m21, m22, m23, m31, m32, m33)
    }

    init(flattening t: Transform3D) {
        self.init(t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44)
    }

    init(_ a: AffineTransform) {
        self.init(a.a, a.b, 0, a.c, a.d, 0, a.tx, a.ty, 1)
    }

    static func == (a: Homography, b: Homography) -> Bool { a.values == b.values }
    func hash(into hasher: inout Hasher) { for v in values { hasher.combine(v) } }

    var values: [Double] { [m.0, m.1, m.2, m.3, m.4, m.5, m.6, m.7, m.8] }

    /// `self` first, then `o`.
    func concatenating(_ o: Homography) -> Homography {
        let a = values, b = o.values
        func at(_ i: Int, _ j: Int) -> Double { a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j] }
        return Homography(at(0, 0), at(0, 1), at(0, 2), at(1, 0), at(1, 1), at(1, 2), at(2, 0), at(2, 1), at(2, 2))
    }

    /// The same map as an affine transform, when it has no perspective terms
    /// (and w is positive: with w < 0 everywhere, all of it is behind the eye).
    var affine: AffineTransform? {
        guard m.2 == 0, m.5 == 0, m.8 > 0, m.8.isFinite else { return nil }
        let w = m.8
        return AffineTransform(a: m.0 / w, b: m.1 / w, c: m.3 / w, d: m.4 / w, tx: m.6 / w, ty: m.7 / w)
    }

    var isFinite: Bool { values.allSatisfy(\.isFinite) }

    var determinant: Double {
        m.0 * (m.4 * m.8 - m.5 * m.7) - m.1 * (m.3 * m.8 - m.5 * m.6) + m.2 * (m.3 * m.7 - m.4 * m.6)
    }

    /// The exact inverse (adjugate over determinant, so w keeps its sign:
    /// a point in front maps back with w > 0); nil when singular.
    func inverted() -> Homography? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let inverse = Homography((m.4 * m.8 - m.5 * m.7) / det, (m.2 * m.7 - m.1 * m.8) / det, (m.1 * m.5 - m.2 * m.4) / det,
                                 (m.5 * m.6 - m.3 * m.8) / det, (m.0 * m.8 - m.2 * m.6) / det, (m.2 * m.3 - m.0 * m.5) / det,
                                 (m.3 * m.7 - m.4 * m.6) / det, (m.1 * m.6 - m.0 * m.7) / det, (m.0 * m.4 - m.1 * m.3) / det)
        return inverse.isFinite ? inverse : nil
    }

    /// (x, y, 1)·H, undivided.
    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        (x * m.0 + y * m.3 + m.6, x * m.1 + y * m.4 + m.7, x * m.2 + y * m.5 + m.8)
    }

    /// The point, or nil when it lies at or behind the eye (w ≤ 0).
    func project(_ p: Point) -> Point? {
        let h = apply(p.x, p.y)
        guard h.w > 0 else { return nil }
        return Point(x: h.x / h.w, y: h.y / h.w)
    }

    /// The convex polygon `rect` maps to, clipped where w ≤ `epsilon` times
    /// the largest |w| of its corners (in front of the eye only: never
    /// wrapped through infinity). Empty when none of it is in front.
    func projectedPolygon(of rect: Rect) -> [Point] {
        let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)]
            .map { apply($0.0, $0.1) }
        let largest = corners.reduce(0.0) { max($0, abs($1.w)) }
        guard largest > 0, largest.isFinite else { return [] }
        let epsilon = largest * 1e-6
        // Sutherland–Hodgman against w > epsilon, in homogeneous
        // coordinates, where the map is linear.
        var clipped: [(x: Double, y: Double, w: Double)] = []
        for i in corners.indices {
            let a = corners[i], b = corners[(i + 1) % corners.count]
            let aIn = a.w > epsilon, bIn = b.w > epsilon
            if aIn { clipped.append(a) }
            if aIn != bIn {
                let t = (epsilon - a.w) / (b.w - a.w)
                clipped.append((a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, epsilon))
            }
        }
        return clipped.map { Point(x: $0.x / $0.w, y: $0.y / $0.w) }
    }

    /// The convex polygon clipped to `rect` (Sutherland–Hodgman, four edges).
    static func clip(_ polygon: [Point], to rect: Rect) -> [Point] {
        var points = polygon
        let edges: [(Point) -> Double] = [{ $0.x - rect.minX }, { rect.maxX - $0.x }, { $0.y - rect.minY }, { rect.maxY - $0.y }]
        for inside in edges {
            guard !points.isEmpty else { break }
            var next: [Point] = []
            for i in points.indices {
                let a = points[i], b = points[(i + 1) % points.count]
                let da = inside(a), db = inside(b)
                if da >= 0 { next.append(a) }
                if (da >= 0) != (db >= 0) {
                    let t = da / (da - db)
                    next.append(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
                }
            }
            points = next
        }
        return points
    }

    /// Twice the signed area: positive when the polygon runs as the rect's
    /// corners do (clockwise on screen, y down), negative when its back faces the viewer.
    static func signedArea(_ polygon: [Point]) -> Double {
        var sum = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum
    }

    /// The smallest rect holding the points.
    static func boundingBox(_ points: [Point]) -> Rect {
        guard let first = points.first else { return .zero }
        var (x0, y0, x1, y1) = (first.x, first.y, first.x, first.y)
        for p in points.dropFirst() { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
