/// A CAReplicatorLayer's rules: its sublayers are drawn `count` times,
/// each instance transformed, delayed and tinted from the one before.
public struct ReplicatorStyle: Hashable, Sendable {
    /// 1 by default; 0 draws no sublayers.
    public var count = 1
    /// Applied to instance k−1 to make instance k, about the center of the
    /// replicator's bounds (the sublayers' superlayer), as Core Animation does.
    public var instanceTransform = AffineTransform.identity
    /// Instance k's animations run this many seconds later than instance k−1's.
    public var instanceDelay: Double = 0
    /// Multiplies the first instance's colors (white by default: unchanged).
    public var instanceColor = Color.white
    /// Added to the color for each instance after the first: red, green, blue, alpha.
    public var instanceColorOffsets = [0.0, 0.0, 0.0, 0.0]

    public init() {}

    /// At most this many instances; more is an error.
    public static let maxInstances = 1024

    /// Instance k's tint: the color plus k times the offsets, clamped to 0...1.
    public func color(ofInstance k: Int) -> Color {
        let c = instanceColor.components
        return Color(clamping: (0..<4).map { c[$0] + Double(k) * instanceColorOffsets[$0] })
    }

    /// Each instance's transform in the replicator's bounds space, for `count` instances.
    public func instanceTransforms(count: Int, center: Point) -> [AffineTransform] {
        let toCenter = AffineTransform(translationX: -center.x, y: -center.y)
        let back = AffineTransform(translationX: center.x, y: center.y)
        var power = AffineTransform.identity
        var transforms: [AffineTransform] = []
        transforms.reserveCapacity(count)
        for _ in 0..<count {
            transforms.append(toCenter.concatenating(power).concatenating(back))
            power = power.concatenating(instanceTransform)
        }
        return transforms
    }

    /// Instance k's transform in the replicator's bounds space.
    public func transform(ofInstance k: Int, center: Point) -> AffineTransform {
        instanceTransforms(count: k + 1, center: center)[k]
    }
}
