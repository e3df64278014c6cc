import Foundation

extension UIWindow {
    /// Placeholder until the event system lands.
    func receive(_ input: WindowInput) {}
}
