import CStrataServerProtocol
import StrataProtocol

// strata_layer_v1 version 4: 3-D transforms, z position, double-sidedness
// and transform layers. Reachable only once LayersGlobal.version is 4.
extension ServerLayer {
    func setTransform3D(_ matrix: [Double]) throws(ProtocolViolation) {}
    func setSublayerTransform(_ matrix: [Double]) throws(ProtocolViolation) {}
    func setZPosition(_ z: Double) throws(ProtocolViolation) {}
    func setAnchorPointZ(_ z: Double) throws(ProtocolViolation) {}
    func setDoubleSided(_ value: UInt32) throws(ProtocolViolation) {}
    func setTransformLayer(_ value: UInt32) throws(ProtocolViolation) {}
}
