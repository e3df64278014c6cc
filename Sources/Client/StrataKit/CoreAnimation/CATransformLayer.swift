import Foundation

/// Core Animation's transform layer: its sublayers are not flattened into
/// its plane but keep their places in 3-D, so a cube of six face layers
/// turns as a solid. It draws none of its own properties (background,
/// contents, border, shadow), and its opacity applies to each sublayer on
/// its own. It hits nothing itself: only its sublayers take touches.
open class CATransformLayer: CALayer {
    public required init() {
        super.init()
    }

    /// A transform layer is never the layer hit, as in Core Animation.
    open override func contains(_ p: CGPoint) -> Bool { false }
}
