import Foundation

/// The responder chain: a view's next responder is its view controller if it
/// is one's root view, else its superview; a view controller's is its view's
/// superview.
open class UIResponder {
    public init() {}

    open var next: UIResponder? { nil }
}

/// The event that `hitTest(_:with:)` and `point(inside:with:)` receive.
open class UIEvent {
    public init() {}
}
