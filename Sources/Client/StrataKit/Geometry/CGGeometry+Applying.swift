import Foundation

extension CGPoint {
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size as a vector: translation does not apply (CGSizeApplyAffineTransform).
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle that contains the transformed corners
    /// (CGRectApplyAffineTransform). The null rect stays null.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        if t.b == 0 && t.c == 0 {
            // Axis-aligned: keeps infinite and degenerate rects exact.
            let r = standardized
            return CGRect(x: r.minX * t.a + t.tx, y: r.minY * t.d + t.ty,
                          width: r.width * t.a, height: r.height * t.d).standardized
        }
        let corners = [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY),
                       CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY)].map { $0.applying(t) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return CGRect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }
}
