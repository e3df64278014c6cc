import Foundation

/// A key held down. Presses are compared by identity, as UIKit's are.
open class UIPress: Hashable {
    public enum Phase: Int, Sendable {
        case began, changed, stationary, ended, cancelled
    }

    /// UIKit's press types (a struct, so keyboard keys outside UIKit's list have one too).
    public struct PressType: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let upArrow = PressType(rawValue: 0)
        public static let downArrow = PressType(rawValue: 1)
        public static let leftArrow = PressType(rawValue: 2)
        public static let rightArrow = PressType(rawValue: 3)
        public static let select = PressType(rawValue: 4)
        public static let menu = PressType(rawValue: 5)
        public static let playPause = PressType(rawValue: 6)
        public static let pageUp = PressType(rawValue: 30)
        public static let pageDown = PressType(rawValue: 31)
    }

    public internal(set) var phase: Phase = .began
    public internal(set) var timestamp: TimeInterval
    public let key: UIKey?
    public internal(set) weak var window: UIWindow?
    /// The responder that got pressesBegan, which gets the rest of the press.
    weak var responder: UIResponder?
    /// Set when a key command took the press: no responder hears of it.
    var wasConsumedByKeyCommand = false
    /// Set when the responder passed pressesBegan on, so text input has the key.
    var feedsTextInput = false

    init(key: UIKey, timestamp: TimeInterval, window: UIWindow) {
        self.key = key
        self.timestamp = timestamp
        self.window = window
    }

    /// Arrows, Return/Enter (select), Escape (menu) and Page Up/Down have
    /// UIKit's remote-style types; other keys have `keyboardTypeBase` plus
    /// their HID usage, clear of those (their `key` says which they are).
    public var type: PressType {
        switch key?.keyCode {
        case .keyboardUpArrow?: return .upArrow
        case .keyboardDownArrow?: return .downArrow
        case .keyboardLeftArrow?: return .leftArrow
        case .keyboardRightArrow?: return .rightArrow
        case .keyboardReturnOrEnter?, .keypadEnter?: return .select
        case .keyboardEscape?: return .menu
        case .keyboardPageUp?: return .pageUp
        case .keyboardPageDown?: return .pageDown
        default: return PressType(rawValue: Self.keyboardTypeBase + (key?.keyCode.rawValue ?? 0))
        }
    }

    static let keyboardTypeBase = 2000

    public static func == (lhs: UIPress, rhs: UIPress) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The event that carries presses.
open class UIPressesEvent: UIEvent {
    var presses: [UIPress] = []
    /// The responder the presses were sent to, and whether its default
    /// implementation passed them on (which lets text input have the key).
    weak var deliveredTo: UIResponder?
    var wasPassedOnByTarget = false
    /// A key held past the repeat delay: no new pressesBegan, but text and key commands repeat.
    var isRepeat = false

    init() {
        super.init(type: .presses)
    }

    open var allPresses: Set<UIPress> { Set(presses) }

    func notePassedOn(by responder: UIResponder) {
        if responder === deliveredTo { wasPassedOnByTarget = true }
    }
}
