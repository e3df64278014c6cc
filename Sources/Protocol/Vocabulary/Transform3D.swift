#if canImport(Glibc)
import Glibc
#endif

/// A 4×4 transform with CATransform3D's layout and convention: a point
/// (x, y, z) is the row vector (x, y, z, 1), multiplied by the matrix on
/// the right, then divided by its w. m41 m42 m43 is the translation; m34 of
/// −1/d gives perspective seen from a distance d.
public struct Transform3D: Hashable, Sendable {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    public init(m11: Double, m12: Double, m13: Double, m14: Double,
                m21: Double, m22: Double, m23: Double, m24: Double,
                m31: Double, m32: Double, m33: Double, m34: Double,
                m41: Double, m42: Double, m43: Double, m44: Double) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    public static let identity = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                             m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    /// Sixteen values m11 m12 … m44, as the protocol sends them; nil for another count.
    public init?(values: [Double]) {
        guard values.count == 16 else { return nil }
        self.init(rows: [Array(values[0..<4]), Array(values[4..<8]), Array(values[8..<12]), Array(values[12..<16])])
    }

    /// m11 m12 … m44.
    public var values: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// Rows of four; `rows[i][j]` is m(i+1)(j+1).
    init(rows r: [[Double]]) {
        self.init(m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3], m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
                  m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3], m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
    }

    var rows: [[Double]] { [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]] }

    /// The affine transform in the plane z = 0, as CATransform3DMakeAffineTransform.
    public init(_ t: AffineTransform) {
        self.init(m11: t.a, m12: t.b, m13: 0, m14: 0, m21: t.c, m22: t.d, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 1, m34: 0, m41: t.tx, m42: t.ty, m43: 0, m44: 1)
    }

    public init(translationX x: Double, y: Double, z: Double) {
        self = .identity
        (m41, m42, m43) = (x, y, z)
    }

    public init(scaleX x: Double, y: Double, z: Double) {
        self = .identity
        (m11, m22, m33) = (x, y, z)
    }

    /// A rotation by `angle` radians about the axis (x, y, z), as
    /// CATransform3DMakeRotation: about z, the same turn as AffineTransform's.
    /// The identity when the axis has no length.
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { self = .identity; return }
        let (x, y, z) = (x / length, y / length, z / length)
        let s = sin(angle / 2), q = Quaternion(x: x * s, y: y * s, z: z * s, w: cos(angle / 2))
        self.init(rotation: q)
    }

    /// Perspective seen from `distance` along z (m34 = −1/distance).
    public init(perspectiveDistance distance: Double) {
        self = .identity
        m34 = distance != 0 ? -1 / distance : 0
    }

    public var isIdentity: Bool { self == .identity }

    /// Whether the matrix is an affine transform of the plane (z and w untouched).
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0
            && m43 == 0 && m44 == 1
    }

    /// The part acting on x and y, as CATransform3DGetAffineTransform.
    public var affine: AffineTransform { AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42) }

    public var isFinite: Bool { values.allSatisfy(\.isFinite) }

    /// `self` first, then `other`, as CATransform3DConcat.
    public func concatenating(_ o: Transform3D) -> Transform3D {
        let a = rows, b = o.rows
        var r = [[Double]](repeating: [0, 0, 0, 0], count: 4)
        for i in 0..<4 {
            for j in 0..<4 { r[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j] + a[i][3] * b[3][j] }
        }
        return Transform3D(rows: r)
    }

    public var determinant: Double { Self.determinant(rows) }

    /// nil when the matrix is singular (or not finite).
    public func inverted() -> Transform3D? {
        let m = rows
        let det = Self.determinant(m)
        guard det != 0, det.isFinite else { return nil }
        var r = [[Double]](repeating: [0, 0, 0, 0], count: 4)
        for i in 0..<4 {
            for j in 0..<4 {
                // The adjugate: cofactor of (j, i).
                let minor = (0..<4).filter { $0 != j }.map { row in (0..<4).filter { $0 != i }.map { m[row][$0] } }
                let sign: Double = (i + j) % 2 == 0 ? 1 : -1
                r[i][j] = sign * Self.determinant3(minor) / det
            }
        }
        let inverse = Transform3D(rows: r)
        return inverse.isFinite ? inverse : nil
    }

    /// (x, y, z, 1)·M, undivided.
    public func apply(x: Double, y: Double, z: Double) -> (x: Double, y: Double, z: Double, w: Double) {
        (x * m11 + y * m21 + z * m31 + m41, x * m12 + y * m22 + z * m32 + m42,
         x * m13 + y * m23 + z * m33 + m43, x * m14 + y * m24 + z * m34 + m44)
    }

    static func determinant3(_ m: [[Double]]) -> Double {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }

    static func determinant(_ m: [[Double]]) -> Double {
        var det = 0.0
        for j in 0..<4 {
            let minor = (1..<4).map { row in (0..<4).filter { $0 != j }.map { m[row][$0] } }
            det += (j % 2 == 0 ? 1 : -1) * m[0][j] * determinant3(minor)
        }
        return det
    }
}

// MARK: - Euler angles

extension Transform3D {
    /// A rotation about x, then y, then z (each as CATransform3DMakeRotation turns).
    public init(eulerX x: Double, y: Double, z: Double) {
        self = Transform3D(rotationAngle: x, x: 1, y: 0, z: 0)
            .concatenating(Transform3D(rotationAngle: y, x: 0, y: 1, z: 0))
            .concatenating(Transform3D(rotationAngle: z, x: 0, y: 0, z: 1))
    }

    /// The angles of `init(eulerX:y:z:)` for the rotation in the upper 3×3
    /// (which must be a rotation); about z alone, the affine rotation's angle.
    public var eulerAngles: (x: Double, y: Double, z: Double) {
        let y = asin(min(max(-m13, -1), 1))
        guard abs(cos(y)) > 1e-9 else {
            // Gimbal lock: x and z turn about the same axis; all of it is x.
            return (atan2(-m32, m22), y, 0)
        }
        return (atan2(m23, m33), y, atan2(m12, m11))
    }
}

// MARK: - Decomposition and interpolation

extension Transform3D {
    /// A unit quaternion (x, y, z, w) for a rotation.
    public struct Quaternion: Hashable, Sendable {
        public var x, y, z, w: Double
        public init(x: Double, y: Double, z: Double, w: Double) { (self.x, self.y, self.z, self.w) = (x, y, z, w) }
        public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

        /// Spherical interpolation, as the CSS Transforms spec does it (not
        /// forced onto the shorter arc: 0 to 180° turns through 90°).
        public func slerp(to other: Quaternion, _ t: Double) -> Quaternion {
            let product = min(max(x * other.x + y * other.y + z * other.z + w * other.w, -1), 1)
            if product == 1 { return self }
            let theta = acos(product)
            let wb = sin(t * theta) / (1 - product * product).squareRoot()
            let wa = cos(t * theta) - product * wb
            return Quaternion(x: x * wa + other.x * wb, y: y * wa + other.y * wb, z: z * wa + other.z * wb,
                              w: w * wa + other.w * wb)
        }
    }

    /// The rotation `q` as a matrix.
    public init(rotation q: Quaternion) {
        let (x, y, z, w) = (q.x, q.y, q.z, q.w)
        // Row-vector form: the transpose of the usual column-vector matrix.
        self.init(m11: 1 - 2 * (y * y + z * z), m12: 2 * (x * y + z * w), m13: 2 * (x * z - y * w), m14: 0,
                  m21: 2 * (x * y - z * w), m22: 1 - 2 * (x * x + z * z), m23: 2 * (y * z + x * w), m24: 0,
                  m31: 2 * (x * z + y * w), m32: 2 * (y * z - x * w), m33: 1 - 2 * (x * x + y * y), m34: 0,
                  m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// A transform taken apart as the CSS Transforms spec (and Core
    /// Animation) do: M = scale · skew · rotation · translation · perspective.
    public struct Decomposition: Hashable, Sendable {
        public var translation: (x: Double, y: Double, z: Double)
        public var scale: (x: Double, y: Double, z: Double)
        /// xy, xz, yz shear factors.
        public var skew: (xy: Double, xz: Double, yz: Double)
        public var perspective: (x: Double, y: Double, z: Double, w: Double)
        public var rotation: Quaternion

        public static func == (a: Decomposition, b: Decomposition) -> Bool {
            a.translation == b.translation && a.scale == b.scale && a.skew == b.skew && a.perspective == b.perspective
                && a.rotation == b.rotation
        }
        public func hash(into hasher: inout Hasher) {
            for v in [translation.x, translation.y, translation.z, scale.x, scale.y, scale.z, skew.xy, skew.xz, skew.yz,
                      perspective.x, perspective.y, perspective.z, perspective.w] { hasher.combine(v) }
            hasher.combine(rotation)
        }

        /// Each part blended linearly, the rotation along the sphere.
        public func interpolated(to o: Decomposition, _ t: Double) -> Decomposition {
            func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
            return Decomposition(
                translation: (mix(translation.x, o.translation.x), mix(translation.y, o.translation.y), mix(translation.z, o.translation.z)),
                scale: (mix(scale.x, o.scale.x), mix(scale.y, o.scale.y), mix(scale.z, o.scale.z)),
                skew: (mix(skew.xy, o.skew.xy), mix(skew.xz, o.skew.xz), mix(skew.yz, o.skew.yz)),
                perspective: (mix(perspective.x, o.perspective.x), mix(perspective.y, o.perspective.y),
                              mix(perspective.z, o.perspective.z), mix(perspective.w, o.perspective.w)),
                rotation: rotation.slerp(to: o.rotation, t))
        }

        /// The matrix again.
        public var recomposed: Transform3D {
            let r = Transform3D(rotation: rotation).rows
            // Upper 3×3: diag(scale) · skew · rotation.
            let k: [[Double]] = [[1, 0, 0], [skew.xy, 1, 0], [skew.xz, skew.yz, 1]]
            let s = [scale.x, scale.y, scale.z]
            var upper = [[Double]](repeating: [0, 0, 0], count: 3)
            for i in 0..<3 {
                for j in 0..<3 { upper[i][j] = s[i] * (k[i][0] * r[0][j] + k[i][1] * r[1][j] + k[i][2] * r[2][j]) }
            }
            let t = [translation.x, translation.y, translation.z]
            let p = [perspective.x, perspective.y, perspective.z]
            var m = [[Double]](repeating: [0, 0, 0, 0], count: 4)
            for i in 0..<3 {
                for j in 0..<3 { m[i][j] = upper[i][j] }
                m[i][3] = upper[i][0] * p[0] + upper[i][1] * p[1] + upper[i][2] * p[2]
            }
            for j in 0..<3 { m[3][j] = t[j] }
            m[3][3] = t[0] * p[0] + t[1] * p[1] + t[2] * p[2] + perspective.w
            return Transform3D(rows: m)
        }
    }

    /// nil when the matrix cannot be taken apart (m44 is 0, or the upper
    /// 3×3 is singular): animations then switch half way.
    public var decomposed: Decomposition? {
        guard isFinite, m44 != 0 else { return nil }
        var m = rows.map { $0.map { $0 / m44 } }
        var withoutPerspective = m
        for i in 0..<3 { withoutPerspective[i][3] = 0 }
        withoutPerspective[3][3] = 1
        guard let inverse = Transform3D(rows: withoutPerspective).inverted() else { return nil }
        var perspective = (x: 0.0, y: 0.0, z: 0.0, w: 1.0)
        if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
            // Column 3 = A · p, with A the matrix without its perspective column.
            let rhs = [m[0][3], m[1][3], m[2][3], m[3][3]], a = inverse.rows
            let p = (0..<4).map { i in (0..<4).reduce(0.0) { $0 + a[i][$1] * rhs[$1] } }
            perspective = (p[0], p[1], p[2], p[3])
            for i in 0..<3 { m[i][3] = 0 }
            m[3][3] = 1
        }
        let translation = (x: m[3][0], y: m[3][1], z: m[3][2])
        var row = (0..<3).map { Array(m[$0][0..<3]) }
        func length(_ v: [Double]) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
        func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
        func combine(_ a: [Double], _ b: [Double], _ sb: Double) -> [Double] { [a[0] + b[0] * sb, a[1] + b[1] * sb, a[2] + b[2] * sb] }
        func normalized(_ v: [Double], _ l: Double) -> [Double] { l == 0 ? v : v.map { $0 / l } }
        var scale = [0.0, 0.0, 0.0], skew = [0.0, 0.0, 0.0]
        scale[0] = length(row[0]); row[0] = normalized(row[0], scale[0])
        skew[0] = dot(row[0], row[1]); row[1] = combine(row[1], row[0], -skew[0])
        scale[1] = length(row[1]); row[1] = normalized(row[1], scale[1])
        skew[0] = scale[1] == 0 ? 0 : skew[0] / scale[1]
        skew[1] = dot(row[0], row[2]); row[2] = combine(row[2], row[0], -skew[1])
        skew[2] = dot(row[1], row[2]); row[2] = combine(row[2], row[1], -skew[2])
        scale[2] = length(row[2]); row[2] = normalized(row[2], scale[2])
        if scale[2] != 0 { skew[1] /= scale[2]; skew[2] /= scale[2] }
        // A mirrored coordinate system: flip all three axes.
        let cross = [row[1][1] * row[2][2] - row[1][2] * row[2][1], row[1][2] * row[2][0] - row[1][0] * row[2][2],
                     row[1][0] * row[2][1] - row[1][1] * row[2][0]]
        if dot(row[0], cross) < 0 {
            for i in 0..<3 { scale[i] = -scale[i]; row[i] = row[i].map { -$0 } }
        }
        var q = Quaternion(x: 0.5 * max(1 + row[0][0] - row[1][1] - row[2][2], 0).squareRoot(),
                           y: 0.5 * max(1 - row[0][0] + row[1][1] - row[2][2], 0).squareRoot(),
                           z: 0.5 * max(1 - row[0][0] - row[1][1] + row[2][2], 0).squareRoot(),
                           w: 0.5 * max(1 + row[0][0] + row[1][1] + row[2][2], 0).squareRoot())
        if row[2][1] > row[1][2] { q.x = -q.x }
        if row[0][2] > row[2][0] { q.y = -q.y }
        if row[1][0] > row[0][1] { q.z = -q.z }
        return Decomposition(translation: translation, scale: (scale[0], scale[1], scale[2]),
                             skew: (skew[0], skew[1], skew[2]), perspective: perspective, rotation: q)
    }

    /// `t` of the way from `self` to `other`: both taken apart, blended
    /// part by part and put together again; two affine transforms blend as
    /// AffineTransform's 2-D decomposition does. Matrices that cannot be
    /// taken apart switch half way.
    public func interpolated(to other: Transform3D, _ t: Double) -> Transform3D {
        if isAffine && other.isAffine {
            let a = affine.decomposed, b = other.affine.decomposed
            return Transform3D(AffineTransform(a.interpolated(to: b, t)))
        }
        guard let a = decomposed, let b = other.decomposed else { return t < 0.5 ? self : other }
        return a.interpolated(to: b, t).recomposed
    }
}
