import Foundation

/// An event: the touches that changed together, a scroll, or key presses.
/// A window reuses one touches event for the life of its touches, as UIKit does.
open class UIEvent {
    public enum EventType: Int, Sendable {
        case touches, motion, remoteControl, presses
        case scroll = 10, hover = 11, transform = 14
    }

    public enum EventSubtype: Int, Sendable {
        case none = 0
    }

    /// Which pointer buttons are down: bit n-1 for button n, as UIKit's mask.
    public struct ButtonMask: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let primary = ButtonMask(rawValue: 1 << 0)
        public static let secondary = ButtonMask(rawValue: 1 << 1)

        /// Button `buttonNumber`, counted from 1 (1: primary, 2: secondary, 3: middle).
        public static func button(_ buttonNumber: Int) -> ButtonMask {
            ButtonMask(rawValue: 1 << (buttonNumber - 1))
        }
    }

    open internal(set) var type: EventType
    open var subtype: EventSubtype { .none }
    open internal(set) var timestamp: TimeInterval = 0
    /// The modifier keys held when the event happened.
    open internal(set) var modifierFlags: UIKeyModifierFlags = []
    /// The pointer buttons down (empty for finger touches). On the release
    /// that ends a pointer touch it still names the released button, so
    /// touchesEnded can tell which button clicked.
    open internal(set) var buttonMask: ButtonMask = []

    /// The touches of the event: every touch of the window still down, and
    /// those that ended or were cancelled in it.
    var touches: [UITouch] = []
    /// The window the event is for.
    weak var window: UIWindow?

    /// An event of no particular kind (hit tests run with nil or with this).
    public convenience init() {
        self.init(type: .touches)
    }

    init(type: EventType) {
        self.type = type
    }

    open var allTouches: Set<UITouch>? {
        type == .touches ? Set(touches) : nil
    }

    open func touches(for view: UIView) -> Set<UITouch>? {
        select { $0.view === view }
    }

    open func touches(for window: UIWindow) -> Set<UITouch>? {
        select { $0.window === window }
    }

    open func touches(for gestureRecognizer: UIGestureRecognizer) -> Set<UITouch>? {
        select { $0.gestureRecognizers?.contains { $0 === gestureRecognizer } ?? false }
    }

    private func select(_ isIncluded: (UITouch) -> Bool) -> Set<UITouch>? {
        guard type == .touches else { return nil }
        return Set(touches.filter(isIncluded))
    }
}
