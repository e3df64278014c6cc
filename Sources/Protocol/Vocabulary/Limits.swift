/// The quotas a compositor advertises in strata_layers_v1.limits and
/// animation_limits.
public struct Limits: Hashable, Sendable {
    public var maxLayers: UInt32
    public var maxBufferBytes: UInt32
    public var maxPendingCommits: UInt32
    public var maxAnimationsPerLayer: UInt32
    public var maxAnimations: UInt32
    public init(maxLayers: UInt32, maxBufferBytes: UInt32, maxPendingCommits: UInt32,
                maxAnimationsPerLayer: UInt32 = 64, maxAnimations: UInt32 = 16_384) {
        (self.maxLayers, self.maxBufferBytes, self.maxPendingCommits) = (maxLayers, maxBufferBytes, maxPendingCommits)
        (self.maxAnimationsPerLayer, self.maxAnimations) = (maxAnimationsPerLayer, maxAnimations)
    }
    /// Generous for real apps, small enough that one client cannot exhaust the server.
    public static let standard = Limits(maxLayers: 65_536, maxBufferBytes: 512 << 20, maxPendingCommits: 4)
    /// Keyframe values one animation may carry, and bytes of an animation key.
    public static let maxKeyframes = 4096
    public static let maxAnimationKeyBytes = 255
}
