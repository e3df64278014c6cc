import Foundation

/// A button's title, attributed title, title color, image and background
/// image per control state. UIKit: "In general, if a property is not
/// specified for a state, the default is to use the normal value. If the
/// normal value is not set, then the property defaults to a system value."
extension UIButton {
    public func setTitle(_ title: String?, for state: State) {
        store(title, in: \.titles, for: state)
    }

    public func title(for state: State) -> String? {
        value(in: titles, for: state)
    }

    public func setAttributedTitle(_ title: NSAttributedString?, for state: State) {
        store(title, in: \.attributedTitles, for: state)
    }

    public func attributedTitle(for state: State) -> NSAttributedString? {
        value(in: attributedTitles, for: state)
    }

    public func setTitleColor(_ color: UIColor?, for state: State) {
        store(color, in: \.titleColors, for: state)
    }

    /// The color set for `state` (or for `.normal`), else the type's
    /// default: the tint for a system button (gray when disabled), white
    /// for a custom one.
    public func titleColor(for state: State) -> UIColor? {
        value(in: titleColors, for: state) ?? defaultTitleColor(for: state)
    }

    public func setImage(_ image: UIImage?, for state: State) {
        store(image, in: \.images, for: state)
    }

    public func image(for state: State) -> UIImage? {
        value(in: images, for: state)
    }

    public func setBackgroundImage(_ image: UIImage?, for state: State) {
        store(image, in: \.backgroundImages, for: state)
    }

    public func backgroundImage(for state: State) -> UIImage? {
        value(in: backgroundImages, for: state)
    }

    // MARK: The current state's values

    public var currentTitle: String? { title(for: state) }
    public var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }
    public var currentTitleColor: UIColor { titleColor(for: state) ?? .white }
    public var currentImage: UIImage? { image(for: state) }
    public var currentBackgroundImage: UIImage? { backgroundImage(for: state) }

    // MARK: Storage

    /// The value for exactly `state`, else the normal one.
    func value<Value>(in values: [State: Value], for state: State) -> Value? {
        values[state] ?? values[.normal]
    }

    private func store<Value>(_ value: Value?, in values: ReferenceWritableKeyPath<UIButton, [State: Value]>,
                              for state: State) {
        self[keyPath: values][state] = value
        contentDidChange()
    }

    private func defaultTitleColor(for state: State) -> UIColor? {
        switch buttonType {
        case .custom: return .white
        default:
            if state.contains(.disabled) { return UIButton.disabledSystemTitleColor }
            return tintColor
        }
    }
}
