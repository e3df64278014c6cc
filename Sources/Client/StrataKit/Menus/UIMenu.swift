import Foundation

/// A group of menu elements: the root of a menu, a submenu listed as one
/// row that opens beside it, or (`.displayInline`) a section of its
/// parent. Immutable as in UIKit: `replacingChildren(_:)` makes a copy.
open class UIMenu: UIMenuElement {
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        // The identifiers of the standard menus, for code that names them.
        public static let root = Identifier("com.apple.menu.root")
        public static let application = Identifier("com.apple.menu.application")
        public static let file = Identifier("com.apple.menu.file")
        public static let edit = Identifier("com.apple.menu.edit")
        public static let view = Identifier("com.apple.menu.view")
        public static let window = Identifier("com.apple.menu.window")
        public static let help = Identifier("com.apple.menu.help")
        public static let standardEdit = Identifier("com.apple.menu.standard-edit")
    }

    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The children are shown in the parent, as a section, not as a submenu.
        public static let displayInline = Options(rawValue: 1 << 0)
        /// The submenu's row is shown in red.
        public static let destructive = Options(rawValue: 1 << 1)
        /// At most one child is on: picking one turns the others off (iOS 15).
        public static let singleSelection = Options(rawValue: 1 << 5)
        /// The children are shown side by side, as one row (iOS 17).
        public static let displayAsPalette = Options(rawValue: 1 << 7)
    }

    /// UIKit (iOS 16): the size of the elements of an inline section.
    public typealias ElementSize = UIMenuElement.Size

    public let identifier: Identifier
    public let options: Options
    open var preferredElementSize: ElementSize
    public let children: [UIMenuElement]

    public init(title: String = "", subtitle: String? = nil, image: UIImage? = nil,
                identifier: Identifier? = nil, options: Options = [],
                preferredElementSize: ElementSize = .large, children: [UIMenuElement] = []) {
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.options = options
        self.preferredElementSize = preferredElementSize
        self.children = children
        super.init(title: title, subtitle: subtitle, image: image)
    }

    /// The same menu (title, image, identifier, options) with other children.
    open func replacingChildren(_ newChildren: [UIMenuElement]) -> UIMenu {
        UIMenu(title: title, subtitle: subtitle, image: image, identifier: identifier,
               options: options, preferredElementSize: preferredElementSize, children: newChildren)
    }

    /// The leaf children that are on (iOS 16), looking into inline sections.
    open var selectedElements: [UIMenuElement] {
        children.flatMap { child -> [UIMenuElement] in
            if let leaf = child as? MenuLeafElement { return leaf.state == .on ? [child] : [] }
            if let menu = child as? UIMenu, menu.options.contains(.displayInline) { return menu.selectedElements }
            return []
        }
    }
}
