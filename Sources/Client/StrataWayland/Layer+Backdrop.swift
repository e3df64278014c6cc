import CStrataClientProtocol
import StrataProtocol

// strata_layer_v1 version 4: backdrops (materials). On a layer of an older
// binding these send nothing, so callers need not check.

extension Layer {
    /// Whether the layer takes set_backdrop.
    public var hasBackdrops: Bool { version >= 4 }

    /// nil removes the backdrop.
    public func setBackdrop(_ backdrop: BackdropStyle?) { setBackdrop(rawValues: backdrop?.wireValue ?? []) }

    /// Sends any values, including ones out of range (invalid_value).
    public func setBackdrop(rawValues: [Double]) {
        send(since: 4) { proxy in withDoubleArrays([rawValues][...]) { strata_layer_v1_set_backdrop(proxy, $0[0]) } }
    }
}
