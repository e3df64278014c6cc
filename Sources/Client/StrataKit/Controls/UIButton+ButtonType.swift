import Foundation

extension UIButton {
    /// UIKit's button types, with its raw values. `.system` draws its title
    /// in the tint color and dims it while highlighted; `.custom` has no
    /// appearance of its own beyond what is set per state.
    public enum ButtonType: Int, Sendable {
        case custom = 0
        case system = 1
        case detailDisclosure = 2
        case infoLight = 3
        case infoDark = 4
        case contactAdd = 5
        case close = 7

        /// `roundedRect` is the system type since iOS 7, as in UIKit.
        public static let roundedRect = ButtonType.system
    }
}
