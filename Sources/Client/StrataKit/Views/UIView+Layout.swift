import Foundation

extension UIView {
    /// Whether layout is pending.
    func needsLayout() -> Bool { layer.needsLayout() }

    /// The value of a dimension a view has no intrinsic size in.
    public static let noIntrinsicMetric: CGFloat = -1
}
