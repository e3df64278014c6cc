import Foundation

extension UIView {
    /// Whether layout is pending.
    func needsLayout() -> Bool { layer.needsLayout() }
}
