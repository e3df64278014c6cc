import Foundation

extension UIView {
    /// The view's transform as a CATransform3D (iOS 13's transform3D): the
    /// layer's transform. The compositor draws its affine part; depth and
    /// perspective are not drawn yet.
    public var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }
}
