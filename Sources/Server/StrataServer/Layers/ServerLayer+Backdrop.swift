import CStrataServerProtocol
import StrataProtocol

// strata_layer_v1 version 4: backdrops, which blur what is drawn below a
// layer. Reachable only once LayersGlobal.version is 4.
extension ServerLayer {
    func setBackdrop(_ values: [Double]) throws(ProtocolViolation) {}
}
