import Foundation
import StrataProtocol
import StrataRender

// Version 4's depth requests on a layer the app composites itself: the same
// RenderLayer.Properties the compositor writes for them, so client mode
// draws 3-D as the compositor does.
extension LocalLayer {
    var hasDepth: Bool { true }

    func setTransform3D(rawMatrix: [Double]) {
        guard let matrix = Transform3D(values: rawMatrix), matrix.isFinite else { return }
        pending.transform3D = matrix
        changed()
    }

    func setSublayerTransform(rawMatrix: [Double]) {
        guard let matrix = Transform3D(values: rawMatrix), matrix.isFinite else { return }
        pending.updateDepth { $0.sublayerTransform = matrix }
        changed()
    }

    func setZPosition(_ z: Double) {
        pending.updateDepth { $0.zPosition = wireRounded(z) }
        changed()
    }

    func setAnchorPointZ(_ z: Double) {
        pending.updateDepth { $0.anchorPointZ = wireRounded(z) }
        changed()
    }

    func setDoubleSided(_ doubleSided: Bool) {
        pending.updateDepth { $0.isDoubleSided = doubleSided }
        changed()
    }

    func setTransformLayer(_ isTransformLayer: Bool) {
        pending.updateDepth { $0.isTransformLayer = isTransformLayer }
        changed()
    }
}
