import Foundation
import StrataProtocol
import StrataRender

// Version 4's depth requests on a layer the app composites itself.
extension LocalLayer {
    var hasDepth: Bool { false }

    func setTransform3D(rawMatrix: [Double]) {}
    func setSublayerTransform(rawMatrix: [Double]) {}
    func setZPosition(_ z: Double) {}
    func setAnchorPointZ(_ z: Double) {}
    func setDoubleSided(_ doubleSided: Bool) {}
    func setTransformLayer(_ isTransformLayer: Bool) {}
}
