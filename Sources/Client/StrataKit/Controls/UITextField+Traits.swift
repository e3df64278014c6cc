import Foundation

/// The field's text input traits are settable, as in UIKit. They describe
/// an on-screen keyboard, which Strata does not show; hardware keys type
/// the same whatever they say, except `isSecureTextEntry` (the bullets,
/// in the class). The values live in `TextFieldTraits`.
struct TextFieldTraits {
    var keyboardType: UIKeyboardType = .default
    var returnKeyType: UIReturnKeyType = .default
    var keyboardAppearance: UIKeyboardAppearance = .default
    var autocapitalizationType: UITextAutocapitalizationType = .sentences
    var autocorrectionType: UITextAutocorrectionType = .default
    var spellCheckingType: UITextSpellCheckingType = .default
    var enablesReturnKeyAutomatically = false
    var textContentType: UITextContentType?
}

extension UITextField {
    public var keyboardType: UIKeyboardType {
        get { traits.keyboardType }
        set { traits.keyboardType = newValue }
    }

    public var returnKeyType: UIReturnKeyType {
        get { traits.returnKeyType }
        set { traits.returnKeyType = newValue }
    }

    public var keyboardAppearance: UIKeyboardAppearance {
        get { traits.keyboardAppearance }
        set { traits.keyboardAppearance = newValue }
    }

    /// `.sentences` by default, as in UIKit.
    public var autocapitalizationType: UITextAutocapitalizationType {
        get { traits.autocapitalizationType }
        set { traits.autocapitalizationType = newValue }
    }

    public var autocorrectionType: UITextAutocorrectionType {
        get { traits.autocorrectionType }
        set { traits.autocorrectionType = newValue }
    }

    public var spellCheckingType: UITextSpellCheckingType {
        get { traits.spellCheckingType }
        set { traits.spellCheckingType = newValue }
    }

    public var enablesReturnKeyAutomatically: Bool {
        get { traits.enablesReturnKeyAutomatically }
        set { traits.enablesReturnKeyAutomatically = newValue }
    }

    public var textContentType: UITextContentType! {
        get { traits.textContentType }
        set { traits.textContentType = newValue }
    }
}
