import Foundation

/// What the field shows: its text (bullets when secure), the
/// placeholder while empty, a caret in the tint color that blinks on the
/// event clock (so tests can hold it still), and the selection as a tinted
/// highlight behind the text.
extension UITextField {
    /// The caret's width, and how long it stays on and off while blinking.
    static let caretWidth: CGFloat = 2
    /// Secure entry shows this for every character.
    static let secureBullet: Character = "\u{2022}"

    func setUpParts() {
        isOpaque = false
        for part in [clipView, selectionView, caretView] { part.isUserInteractionEnabled = false }
        clipView.clipsToBounds = true
        placeholderLabel.lineBreakMode = .byTruncatingTail
        caretView.isHidden = true
        selectionView.isHidden = true
        borderView.style = borderStyle
        addSubview(borderView)
        addSubview(clipView)
        clipView.addSubview(selectionView)
        clipView.addSubview(placeholderLabel)
        clipView.addSubview(textView)
        clipView.addSubview(caretView)
        clearButton.addTarget(self, action: UITextField.clearButtonTapped, for: .touchUpInside)
        addSubview(clearButton)
        updateTint()
        contentDidChange()
        updatePlaceholder()
    }

    func updateTint() {
        caretView.backgroundColor = tintColor
        selectionView.backgroundColor = tintColor.withAlphaComponent(0.25)
    }

    // MARK: The shown text

    /// The text as shown: one line (line breaks show as spaces), bullets
    /// when secure, at the fitted size when shrunk to fit.
    var displayText: NSAttributedString {
        fittedFontSize.map { scaled(unfittedDisplayText, to: $0) } ?? unfittedDisplayText
    }

    var unfittedDisplayText: NSAttributedString {
        if isSecureTextEntry {
            let bullets = String(repeating: UITextField.secureBullet, count: content.string.count)
            return NSAttributedString(string: bullets, attributes: defaultTextAttributes)
        }
        let string = content.string
        guard string.contains(where: { $0.isNewline }) else { return content }
        let line = NSMutableAttributedString(attributedString: content)
        let utf16 = Array(string.utf16)
        for (offset, unit) in utf16.enumerated() where unit == 0x0A || unit == 0x0D || unit == 0x2028 || unit == 0x2029 {
            line.replaceCharacters(in: NSRange(location: offset, length: 1), with: " ")
        }
        return line
    }

    /// The shown string and its layout, made once per change of the text or its attributes.
    func displayLayout() -> (String, TextLayout) {
        if let cached = cachedDisplayLayout { return (cached.string, cached.layout) }
        let shown = displayText
        let defaults = TextAttributes(font: displayFont, foregroundColor: textColor!, paragraphStyle: .default)
        let layout = TextLayout(shown, in: TextContainer(), defaults: defaults)
        cachedDisplayLayout = (shown.string, layout)
        return (shown.string, layout)
    }

    /// Secure text shows one bullet per character: offsets in the text and
    /// in the bullets differ for characters of more than one UTF-16 unit.
    func displayOffset(fromTextOffset offset: Int) -> Int {
        guard isSecureTextEntry else { return offset }
        return characterStarts().filter { $0 < offset }.count
    }

    func textOffset(fromDisplayOffset offset: Int) -> Int {
        guard isSecureTextEntry else { return offset }
        let starts = characterStarts()
        return starts[min(max(0, offset), starts.count - 1)]
    }

    /// The x of the caret before `offset` of the text, from the left of the text.
    func caretX(atTextOffset offset: Int) -> CGFloat {
        let (string, layout) = displayLayout()
        return layout.caretX(atUTF16Offset: displayOffset(fromTextOffset: offset), of: string)
    }

    /// The font the shown text falls back on (the fitted size of `font`).
    var displayFont: UIFont {
        fittedFontSize.map { font!.withSize($0) } ?? font!
    }

    func contentDidChange() {
        cachedDisplayLayout = nil
        fittedFontSize = nil
        // Selection ends past the new end are pulled back (selectionDidChange clamps).
        let ends = selectionEnds
        selectionEnds = ends
        updatePlaceholder()
        setNeedsLayout()
    }

    func updatePlaceholder() {
        guard let placeholder = placeholderContent else {
            placeholderLabel.attributedText = nil
            placeholderLabel.isHidden = true
            return
        }
        // The field's font and the placeholder grey, under the placeholder's own attributes.
        let styled = NSMutableAttributedString(string: placeholder.string,
                                               attributes: [.font: font!, .foregroundColor: UIColor.placeholderText])
        placeholder.enumerateAttributes(in: NSRange(location: 0, length: placeholder.length)) { attributes, range, _ in
            styled.addAttributes(attributes, range: range)
        }
        placeholderLabel.font = font
        placeholderLabel.textColor = .placeholderText
        placeholderLabel.attributedText = styled
        placeholderLabel.isHidden = hasText
    }

    /// Shows the caret (for a collapsed selection while editing) or the highlight.
    func updateSelectionDisplay() {
        setNeedsLayout()
    }

    // MARK: Blinking


    // MARK: Overlays

    func replaceOverlay(_ old: UIView?, with new: UIView?) {
        if let old, old !== new, old.superview === self { old.removeFromSuperview() }
        if let new { addSubview(new) }
        setNeedsLayout()
    }
}
