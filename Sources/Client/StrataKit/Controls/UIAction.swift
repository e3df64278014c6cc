import Foundation

public typealias UIActionHandler = (UIAction) -> Void

/// A closure action for controls (and, in UIKit, menus). Actions with the
/// same identifier replace each other on a control.
open class UIAction {
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    open var title: String
    open var image: UIImage?
    open var discoverabilityTitle: String?
    public let identifier: Identifier
    /// The control that sent the action, while the handler runs.
    open internal(set) var sender: Any?
    let handler: UIActionHandler

    public init(title: String = "", image: UIImage? = nil, identifier: Identifier? = nil,
                discoverabilityTitle: String? = nil, handler: @escaping UIActionHandler) {
        self.title = title
        self.image = image
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.discoverabilityTitle = discoverabilityTitle
        self.handler = handler
    }

    func perform(from sender: Any?) {
        self.sender = sender
        defer { self.sender = nil }
        handler(self)
    }
}
