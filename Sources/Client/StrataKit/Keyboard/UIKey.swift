import Foundation

/// A key of a hardware keyboard, as a press carries it.
open class UIKey {
    public let characters: String
    public let charactersIgnoringModifiers: String
    public let modifierFlags: UIKeyModifierFlags
    public let keyCode: UIKeyboardHIDUsage

    init(_ stroke: KeyStroke) {
        characters = stroke.characters
        charactersIgnoringModifiers = stroke.charactersIgnoringModifiers
        modifierFlags = UIKeyModifierFlags(rawValue: stroke.modifierFlags)
        keyCode = UIKeyboardHIDUsage(rawValue: stroke.hidUsage)
    }
}
