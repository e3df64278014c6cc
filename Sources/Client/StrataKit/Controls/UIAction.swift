import Foundation

public typealias UIActionHandler = (UIAction) -> Void

/// A closure action for controls and menus. Actions with the same
/// identifier replace each other on a control. In a menu its attributes
/// and state say how it is shown (Menus/).
open class UIAction: UIMenuElement {
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    open override var title: String {
        get { elementTitle }
        set { elementTitle = newValue }
    }

    open override var image: UIImage? {
        get { elementImage }
        set { elementImage = newValue }
    }

    /// Shown instead of `image` while the action is on.
    open var selectedImage: UIImage?
    open var discoverabilityTitle: String?
    open var attributes: UIMenuElement.Attributes
    open var state: UIMenuElement.State
    public let identifier: Identifier
    /// The control that sent the action, while the handler runs.
    open internal(set) var sender: Any?
    let handler: UIActionHandler

    public init(title: String = "", subtitle: String? = nil, image: UIImage? = nil, selectedImage: UIImage? = nil,
                identifier: Identifier? = nil, discoverabilityTitle: String? = nil,
                attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off,
                handler: @escaping UIActionHandler) {
        self.selectedImage = selectedImage
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init(title: title, subtitle: subtitle, image: image)
    }

    func perform(from sender: Any?) {
        self.sender = sender
        defer { self.sender = nil }
        handler(self)
    }
}
