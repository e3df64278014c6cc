import CStrataClientProtocol
import StrataProtocol

// strata_layer_v1 version 4: 3-D transforms, z position, double-sidedness
// and transform layers. On a layer of an older binding these send nothing
// (libwayland aborts on a request newer than its object). Values go out as
// given, unchecked, like the other setters.

extension Layer {
    /// Whether the layer takes version 4's depth requests.
    public var hasDepth: Bool { version >= 4 }

    /// Sixteen doubles, m11 m12 … m44, Core Animation's layout; any other
    /// count is an invalid_value error at commit.
    public func setTransform3D(rawMatrix: [Double]) {
        send(since: 4) { proxy in withDoubleArrays([rawMatrix][...]) { strata_layer_v1_set_transform_3d(proxy, $0[0]) } }
    }

    public func setSublayerTransform(rawMatrix: [Double]) {
        send(since: 4) { proxy in withDoubleArrays([rawMatrix][...]) { strata_layer_v1_set_sublayer_transform(proxy, $0[0]) } }
    }

    public func setZPosition(_ z: Double) {
        send(since: 4) { strata_layer_v1_set_z_position($0, wl_fixed_from_double(z)) }
    }

    public func setAnchorPointZ(_ z: Double) {
        send(since: 4) { strata_layer_v1_set_anchor_point_z($0, wl_fixed_from_double(z)) }
    }

    public func setDoubleSided(_ doubleSided: Bool) { setDoubleSided(rawValue: doubleSided ? 1 : 0) }

    public func setDoubleSided(rawValue: UInt32) {
        send(since: 4) { strata_layer_v1_set_double_sided($0, rawValue) }
    }

    public func setTransformLayer(_ isTransformLayer: Bool) { setTransformLayer(rawValue: isTransformLayer ? 1 : 0) }

    public func setTransformLayer(rawValue: UInt32) {
        send(since: 4) { strata_layer_v1_set_transform_layer($0, rawValue) }
    }
}
