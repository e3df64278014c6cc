/// The quotas a compositor advertises in strata_layers_v1.limits.
public struct Limits: Hashable, Sendable {
    public var maxLayers: UInt32
    public var maxBufferBytes: UInt32
    public var maxPendingCommits: UInt32
    public init(maxLayers: UInt32, maxBufferBytes: UInt32, maxPendingCommits: UInt32) {
        (self.maxLayers, self.maxBufferBytes, self.maxPendingCommits) = (maxLayers, maxBufferBytes, maxPendingCommits)
    }
    /// Generous for real apps, small enough that one client cannot exhaust the server.
    public static let standard = Limits(maxLayers: 65_536, maxBufferBytes: 512 << 20, maxPendingCommits: 4)
}
