import Foundation

/// An affine transform, as Core Graphics defines it: a point (x, y) maps to
/// (a·x + c·y + tx, b·x + d·y + ty). Foundation on Linux does not provide it.
public struct CGAffineTransform: Equatable, Hashable, Sendable {
    public var a: CGFloat
    public var b: CGFloat
    public var c: CGFloat
    public var d: CGFloat
    public var tx: CGFloat
    public var ty: CGFloat

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The identity, as `CGAffineTransform()` is in Core Graphics' Swift overlay.
    public init() {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    }

    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians; in UIKit's flipped coordinates a positive
    /// angle turns clockwise on screen.
    public init(rotationAngle angle: CGFloat) {
        let cosine = CGFloat(cos(Double(angle)))
        let sine = CGFloat(sin(Double(angle)))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    public static let identity = CGAffineTransform()

    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `t2`.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(a: a * t2.a + b * t2.c,
                          b: a * t2.b + b * t2.d,
                          c: c * t2.a + d * t2.c,
                          d: c * t2.b + d * t2.d,
                          tx: tx * t2.a + ty * t2.c + t2.tx,
                          ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// Rotates the coordinate space before `self` applies (CGAffineTransformRotate).
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// The inverse; a singular transform is returned unchanged, as
    /// CGAffineTransformInvert documents.
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        if determinant == 0 { return self }
        return CGAffineTransform(a: d / determinant,
                                 b: -b / determinant,
                                 c: -c / determinant,
                                 d: a / determinant,
                                 tx: (c * ty - d * tx) / determinant,
                                 ty: (b * tx - a * ty) / determinant)
    }
}

extension CGAffineTransform: CustomStringConvertible {
    public var description: String {
        "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))"
    }
}
