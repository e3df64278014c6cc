import Foundation

/// What a menu lists: an action, a command, a submenu or a deferred
/// element. UIKit's abstract base; its subclasses say what picking does.
open class UIMenuElement {
    /// Stored here so subclasses can make `title` and `image` settable
    /// (UIAction) or keep them read-only (UIMenu), as UIKit does.
    var elementTitle: String
    var elementImage: UIImage?

    open var title: String { elementTitle }
    open var image: UIImage? { elementImage }
    /// A second line under the title (iOS 15).
    open var subtitle: String?
    open var accessibilityIdentifier: String?

    init(title: String, subtitle: String? = nil, image: UIImage? = nil) {
        elementTitle = title
        elementImage = image
        self.subtitle = subtitle
    }

    /// UIKit: how a leaf element looks and behaves in a menu.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Shown dimmed; it cannot be picked.
        public static let disabled = Attributes(rawValue: 1 << 0)
        /// Shown in red: it destroys something.
        public static let destructive = Attributes(rawValue: 1 << 1)
        /// Not shown at all.
        public static let hidden = Attributes(rawValue: 1 << 2)
        /// Picking it runs it and leaves the menu open (iOS 16).
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }

    /// UIKit: the check mark a leaf element shows.
    public enum State: Int, Sendable {
        case off = 0
        case on = 1
        case mixed = 2
    }

    /// UIKit (iOS 16): the size menus in a palette or row show their elements at.
    public enum Size: Int, Sendable {
        case small, medium, large
        public static let automatic = Size.large
    }
}

/// The leaf elements (UIAction, UICommand) share these; the menu reads
/// them to draw and pick the element.
protocol MenuLeafElement: UIMenuElement {
    var attributes: UIMenuElement.Attributes { get }
    var state: UIMenuElement.State { get set }
    /// Runs the element's handler or action, `sender` being what showed the menu.
    func performFromMenu(sender: Any?)
}
