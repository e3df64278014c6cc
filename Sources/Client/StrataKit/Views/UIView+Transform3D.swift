import Foundation

extension UIView {
    /// The view's transform in 3-D (iOS 13's transform3D): its layer's
    /// transform, about the centre. Setting `transform` replaces it with a
    /// 2-D one; the compositor draws it whole, perspective included.
    public var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }
}
