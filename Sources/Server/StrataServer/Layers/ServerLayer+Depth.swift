import CStrataServerProtocol
import StrataProtocol
import StrataRender

// strata_layer_v1 version 4: 3-D transforms, z position, double-sidedness
// and transform layers. Pending like every property, applied at commit.
extension ServerLayer {
    func setTransform3D(_ matrix: [Double]) throws(ProtocolViolation) {
        pending.transform3D = try transform3D(matrix, "transform")
        changed()
    }

    func setSublayerTransform(_ matrix: [Double]) throws(ProtocolViolation) {
        let transform = try transform3D(matrix, "sublayer transform")
        pending.updateDepth { $0.sublayerTransform = transform }
        changed()
    }

    func setZPosition(_ z: Double) throws(ProtocolViolation) {
        let value = try coordinate(z, "z position")
        pending.updateDepth { $0.zPosition = value }
        changed()
    }

    func setAnchorPointZ(_ z: Double) throws(ProtocolViolation) {
        let value = try coordinate(z, "anchor point z")
        pending.updateDepth { $0.anchorPointZ = value }
        changed()
    }

    func setDoubleSided(_ value: UInt32) throws(ProtocolViolation) {
        let doubleSided = try depthBoolean(value, "double_sided")
        pending.updateDepth { $0.isDoubleSided = doubleSided }
        changed()
    }

    func setTransformLayer(_ value: UInt32) throws(ProtocolViolation) {
        let transformLayer = try depthBoolean(value, "transform_layer")
        pending.updateDepth { $0.isTransformLayer = transformLayer }
        changed()
    }

    /// Whether a `transform` animation's values are sixteen doubles each
    /// (version 4) rather than six: a count only sixteen divides; when both
    /// do, as many key times as sixteen makes values; without key times, sixteen.
    static func transformValuesAreSixteen(_ request: AnimationRequest) -> Bool {
        let count = request.values.count
        guard count % 16 == 0 else { return false }
        guard count % 6 == 0, !request.keyTimes.isEmpty else { return true }
        let discrete = AnimationFlags(rawValue: request.flags).contains(.discrete)
        return count / 16 == request.keyTimes.count || (discrete && count / 16 + 1 == request.keyTimes.count)
    }

    private func depthViolation(_ message: String) -> ProtocolViolation {
        .layer(resource, STRATA_LAYER_V1_ERROR_INVALID_VALUE, "layer \(id): \(message)")
    }

    /// Sixteen finite doubles.
    private func transform3D(_ matrix: [Double], _ name: String) throws(ProtocolViolation) -> Transform3D {
        guard let transform = Transform3D(values: matrix) else {
            throw depthViolation("\(name) has \(matrix.count) values, not 16")
        }
        guard transform.isFinite else { throw depthViolation("\(name) is not finite") }
        return transform
    }

    private func coordinate(_ value: Double, _ name: String) throws(ProtocolViolation) -> Double {
        guard value.isFinite, abs(value) <= 16_777_216 else { throw depthViolation("\(name) \(value) is not within ±2^24") }
        return value
    }

    private func depthBoolean(_ value: UInt32, _ name: String) throws(ProtocolViolation) -> Bool {
        guard value <= 1 else { throw depthViolation("\(name) must be 0 or 1, not \(value)") }
        return value == 1
    }
}
