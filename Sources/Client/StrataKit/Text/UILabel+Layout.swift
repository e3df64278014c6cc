import Foundation

extension UILabel {
    /// The attributes `text` is styled with.
    var labelAttributes: [NSAttributedString.Key: Any] {
        [.font: font!, .foregroundColor: textColor!, .paragraphStyle: labelParagraphStyle]
    }

    var labelParagraphStyle: NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.alignment = textAlignment
        style.lineBreakMode = lineBreakMode
        return style
    }

    /// What the text falls back on where the attributed text has no attribute.
    private var labelDefaults: TextAttributes {
        TextAttributes(font: font, foregroundColor: textColor, paragraphStyle: labelParagraphStyle)
    }

    /// Whether `content` carries exactly the label's own attributes (it was set through `text`).
    func isStyledByLabel(_ content: NSAttributedString) -> Bool {
        NSAttributedString(string: content.string, attributes: labelAttributes).isEqual(to: content)
    }

    /// A font, color or paragraph style set on the label covers all of its
    /// attributed text, as UIKit documents for styled text.
    func applyToContent(_ key: NSAttributedString.Key, _ value: Any) {
        if let content, content.length > 0 {
            let styled = NSMutableAttributedString(attributedString: content)
            styled.addAttribute(key, value: value, range: NSRange(location: 0, length: styled.length))
            attributedText = styled
        } else {
            textDidChange()
        }
    }

    func textDidChange() {
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    /// The text laid out in `size` (an unlimited width when not positive or
    /// huge), shrunk first when `adjustsFontSizeToFitWidth` allows it.
    func layout(in size: CGSize, numberOfLines: Int) -> TextLayout {
        var container = TextContainer(maximumNumberOfLines: max(0, numberOfLines), lineBreakMode: lineBreakMode)
        if size.width > 0, size.width < .greatestFiniteMagnitude / 2 { container.width = size.width }
        if size.height > 0, size.height < .greatestFiniteMagnitude / 2 { container.maximumHeight = size.height }
        let text = content ?? NSAttributedString(string: "")
        let full = TextLayout(text, in: container, defaults: labelDefaults)
        guard adjustsFontSizeToFitWidth, !full.isComplete, let width = container.width else { return full }

        // Unhinted advances scale with the font size, so the first guess is
        // the width ratio; smaller steps follow for wrapping effects.
        let smallest = min(1, max(minimumScaleFactor, 0.01))
        let natural = TextLayout(text, in: TextContainer(), defaults: labelDefaults).usedRect.width
        var scale = max(smallest, min(1, natural > 0 ? width / natural : 1))
        while true {
            let shrunk = TextLayout(Self.scaling(text, by: scale), in: container, defaults: scaled(labelDefaults, by: scale))
            if shrunk.isComplete || scale <= smallest { return shrunk }
            scale = max(smallest, scale * 0.97)
        }
    }

    /// The text's size with lines wrapping at `width` (none when nil or not
    /// positive), rounded up to whole points as UIKit sizes labels.
    func fittingSize(width: CGFloat?) -> CGSize {
        guard let content, content.length > 0 else { return .zero }
        let size = layout(in: CGSize(width: width ?? 0, height: 0), numberOfLines: numberOfLines).usedRect.size
        return CGSize(width: size.width.rounded(.up), height: size.height.rounded(.up))
    }

    private func scaled(_ defaults: TextAttributes, by scale: CGFloat) -> TextAttributes {
        var defaults = defaults
        defaults.font = defaults.font.withSize(defaults.font.pointSize * scale)
        return defaults
    }

    private static func scaling(_ text: NSAttributedString, by scale: CGFloat) -> NSAttributedString {
        let scaled = NSMutableAttributedString(attributedString: text)
        text.enumerateAttribute(.font, in: NSRange(location: 0, length: text.length)) { value, range, _ in
            guard let font = value as? UIFont else { return }
            scaled.addAttribute(.font, value: font.withSize(font.pointSize * scale), range: range)
        }
        return scaled
    }
}
