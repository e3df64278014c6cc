import Foundation

/// How one layer's plane maps onto another's: a 3×3 homography, the x, y
/// and w rows and columns of a CATransform3D once depth is flattened away,
/// in the same row-vector convention (a point (x, y, 1) times the matrix,
/// then divided by w). Flattening at each layer's plane, as Core Animation
/// does, is what makes this enough: dropping z between two matrices drops
/// the z row and column of their product.
struct PlaneTransform: Equatable {
    var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    static let identity = PlaneTransform(m: (1, 0, 0, 0, 1, 0, 0, 0, 1))

    init(m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) { self.m = m }

    init(_ t: CGAffineTransform) {
        m = (Double(t.a), Double(t.b), 0, Double(t.c), Double(t.d), 0, Double(t.tx), Double(t.ty), 1)
    }

    /// The x, y and w rows and columns of `t`: the mapping of its z = 0 plane.
    init(flattening t: CATransform3D) {
        m = (Double(t.m11), Double(t.m12), Double(t.m14),
             Double(t.m21), Double(t.m22), Double(t.m24),
             Double(t.m41), Double(t.m42), Double(t.m44))
    }

    static func == (a: PlaneTransform, b: PlaneTransform) -> Bool {
        a.m.0 == b.m.0 && a.m.1 == b.m.1 && a.m.2 == b.m.2 && a.m.3 == b.m.3 && a.m.4 == b.m.4
            && a.m.5 == b.m.5 && a.m.6 == b.m.6 && a.m.7 == b.m.7 && a.m.8 == b.m.8
    }

    var isAffine: Bool { m.2 == 0 && m.5 == 0 && m.8 == 1 }

    /// As a CGAffineTransform; only meaningful when `isAffine`.
    var affine: CGAffineTransform {
        CGAffineTransform(a: CGFloat(m.0), b: CGFloat(m.1), c: CGFloat(m.3), d: CGFloat(m.4), tx: CGFloat(m.6), ty: CGFloat(m.7))
    }

    /// `self` first, then `other`.
    func concatenating(_ o: PlaneTransform) -> PlaneTransform {
        let a = m, b = o.m
        return PlaneTransform(m: (
            a.0 * b.0 + a.1 * b.3 + a.2 * b.6, a.0 * b.1 + a.1 * b.4 + a.2 * b.7, a.0 * b.2 + a.1 * b.5 + a.2 * b.8,
            a.3 * b.0 + a.4 * b.3 + a.5 * b.6, a.3 * b.1 + a.4 * b.4 + a.5 * b.7, a.3 * b.2 + a.4 * b.5 + a.5 * b.8,
            a.6 * b.0 + a.7 * b.3 + a.8 * b.6, a.6 * b.1 + a.7 * b.4 + a.8 * b.7, a.6 * b.2 + a.7 * b.5 + a.8 * b.8))
    }

    /// nil when singular or not finite.
    func inverted() -> PlaneTransform? {
        let (a, b, c, d, e, f, g, h, i) = m
        let c0 = e * i - f * h, c1 = f * g - d * i, c2 = d * h - e * g
        let det = a * c0 + b * c1 + c * c2
        guard det != 0, det.isFinite else { return nil }
        return PlaneTransform(m: (c0 / det, (c * h - b * i) / det, (b * f - c * e) / det,
                                  c1 / det, (a * i - c * g) / det, (c * d - a * f) / det,
                                  c2 / det, (b * g - a * h) / det, (a * e - b * d) / det))
    }

    /// The inverse, or the transform itself when it has none, as
    /// CGAffineTransform.inverted() returns it.
    var invertedOrSelf: PlaneTransform { inverted() ?? self }

    /// The point's image and its w: w ≤ 0 is at or behind the eye.
    func project(_ p: CGPoint) -> (point: CGPoint, w: Double) {
        let x = Double(p.x), y = Double(p.y)
        let w = x * m.2 + y * m.5 + m.8
        let px = x * m.0 + y * m.3 + m.6, py = x * m.1 + y * m.4 + m.7
        guard w != 0 else { return (CGPoint(x: CGFloat.infinity, y: CGFloat.infinity), 0) }
        return (CGPoint(x: CGFloat(px / w), y: CGFloat(py / w)), w)
    }

    /// The point's image; a point at or behind the eye has none within
    /// reach, and comes back infinitely far, so nothing contains it.
    func apply(_ p: CGPoint) -> CGPoint {
        if isAffine { return p.applying(affine) }
        let (image, w) = project(p)
        return w > 0 ? image : CGPoint(x: CGFloat.infinity, y: CGFloat.infinity)
    }

    /// The smallest rect enclosing the rect's image (its corners in front of the eye).
    func apply(_ r: CGRect) -> CGRect {
        if isAffine { return r.applying(affine) }
        let corners = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                       CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)].map(project)
        let visible = corners.filter { $0.w > 0 }.map(\.point)
        guard visible.count == 4 else { return visible.isEmpty ? .null : .infinite }
        let xs = visible.map(\.x), ys = visible.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// Whether images keep their way round: false when the plane's back
    /// faces the viewer (the determinant's sign is the winding's, for
    /// points in front of the eye).
    var keepsOrientation: Bool {
        let (a, b, c, d, e, f, g, h, i) = m
        return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g) >= 0
    }
}
