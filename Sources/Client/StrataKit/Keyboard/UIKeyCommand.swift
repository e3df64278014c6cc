import Foundation

/// A keyboard shortcut offered by a responder's `keyCommands`. When its key
/// and modifiers are pressed, its action runs on the first responder, from
/// the first responder up the chain, that has the action's type, and the
/// key goes no further.
open class UIKeyCommand {
    public let input: String?
    public let modifierFlags: UIKeyModifierFlags
    open var title = ""
    open var discoverabilityTitle: String?
    let action: MethodAction

    /// `UIKeyCommand(input: "s", modifierFlags: .command, action: Editor.save)` for `func save()`.
    public init<Target: AnyObject>(input: String, modifierFlags: UIKeyModifierFlags,
                                   action: @escaping (Target) -> () -> Void) {
        self.input = input
        self.modifierFlags = modifierFlags
        self.action = MethodAction(action)
    }

    /// For `func save(_ sender: UIKeyCommand)` (or `Any`).
    public init<Target: AnyObject, Sender>(input: String, modifierFlags: UIKeyModifierFlags,
                                           action: @escaping (Target) -> (Sender) -> Void) {
        self.input = input
        self.modifierFlags = modifierFlags
        self.action = MethodAction(action)
    }

    public static let inputUpArrow = "UIKeyInputUpArrow"
    public static let inputDownArrow = "UIKeyInputDownArrow"
    public static let inputLeftArrow = "UIKeyInputLeftArrow"
    public static let inputRightArrow = "UIKeyInputRightArrow"
    public static let inputEscape = "UIKeyInputEscape"
    public static let inputPageUp = "UIKeyInputPageUp"
    public static let inputPageDown = "UIKeyInputPageDown"
    public static let inputHome = "UIKeyInputHome"
    public static let inputEnd = "UIKeyInputEnd"
    public static let inputDelete = "UIKeyInputDelete"
    public static let inputF1 = "UIKeyInputF1"
    public static let inputF2 = "UIKeyInputF2"
    public static let inputF3 = "UIKeyInputF3"
    public static let inputF4 = "UIKeyInputF4"
    public static let inputF5 = "UIKeyInputF5"
    public static let inputF6 = "UIKeyInputF6"
    public static let inputF7 = "UIKeyInputF7"
    public static let inputF8 = "UIKeyInputF8"
    public static let inputF9 = "UIKeyInputF9"
    public static let inputF10 = "UIKeyInputF10"
    public static let inputF11 = "UIKeyInputF11"
    public static let inputF12 = "UIKeyInputF12"

    /// The modifiers that tell shortcuts apart (Caps Lock and the keypad do not).
    private static let distinguishingModifiers: UIKeyModifierFlags = [.shift, .control, .alternate, .command]

    /// Whether `key` is this command's input with exactly its modifiers.
    func matches(_ key: UIKey) -> Bool {
        guard let input else { return false }
        let mask = Self.distinguishingModifiers
        guard key.modifierFlags.intersection(mask) == modifierFlags.intersection(mask) else { return false }
        let typed = UIKeyCommand.specialInput(for: key.keyCode) ?? key.charactersIgnoringModifiers
        return typed.lowercased() == input.lowercased()
    }

    /// The input constant of a key that types no character.
    private static func specialInput(for usage: UIKeyboardHIDUsage) -> String? {
        switch usage {
        case .keyboardUpArrow: return inputUpArrow
        case .keyboardDownArrow: return inputDownArrow
        case .keyboardLeftArrow: return inputLeftArrow
        case .keyboardRightArrow: return inputRightArrow
        case .keyboardEscape: return inputEscape
        case .keyboardPageUp: return inputPageUp
        case .keyboardPageDown: return inputPageDown
        case .keyboardHome: return inputHome
        case .keyboardEnd: return inputEnd
        case .keyboardDeleteForward: return inputDelete
        default:
            let function = usage.rawValue - UIKeyboardHIDUsage.keyboardF1.rawValue + 1
            return (1...12).contains(function) ? "UIKeyInputF\(function)" : nil
        }
    }
}
