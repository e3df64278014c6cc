import CStrataServerProtocol
import StrataProtocol

// strata_layer_v1 version 4: backdrops, which blur what is drawn below a
// layer. Reachable only once LayersGlobal.version is 4.
extension ServerLayer {
    /// Six doubles (radius 0...128, saturation 0...4, tint RGBA 0...1), or none to remove it.
    func setBackdrop(_ values: [Double]) throws(ProtocolViolation) {
        if values.isEmpty {
            pending.backdrop = nil
        } else if let backdrop = BackdropStyle(wire: values) {
            pending.backdrop = backdrop
        } else {
            throw .layer(resource, STRATA_LAYER_V1_ERROR_INVALID_VALUE,
                         "layer \(id): a backdrop is six finite doubles: radius 0...\(Int(BackdropStyle.maximumRadius)), "
                         + "saturation 0...\(Int(BackdropStyle.maximumSaturation)), tint components 0...1")
        }
        changed()
    }
}
