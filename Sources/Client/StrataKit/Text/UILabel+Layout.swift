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
        cachedLayout = nil
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    /// The text as drawn: in the highlighted color while highlighted.
    private var displayedText: NSAttributedString {
        guard let content else { return NSAttributedString(string: "") }
        guard isHighlighted, let highlightedTextColor, content.length > 0 else { return content }
        let highlighted = NSMutableAttributedString(attributedString: content)
        highlighted.addAttribute(.foregroundColor, value: highlightedTextColor, range: NSRange(location: 0, length: content.length))
        return highlighted
    }

    /// The text laid out in `size` (an unlimited width when not positive or
    /// huge), shrunk first when `adjustsFontSizeToFitWidth` allows it.
    func layout(in size: CGSize, numberOfLines: Int) -> TextLayout {
        var container = TextContainer(maximumNumberOfLines: max(0, numberOfLines), lineBreakMode: lineBreakMode)
        if size.width > 0, size.width < .greatestFiniteMagnitude / 2 { container.width = size.width }
        if size.height > 0, size.height < .greatestFiniteMagnitude / 2 { container.maximumHeight = size.height }
        if let cached = cachedLayout, container.allowsReusing(cached.layout, laidOutIn: cached.container) {
            return cached.layout
        }
        let text = displayedText
        let layout = adjustsFontSizeToFitWidth && container.width != nil
            ? TextLayout.shrinkingToFit(text, in: container, defaults: labelDefaults,
                                        minimumScaleFactor: minimumScaleFactor).layout
            : TextLayout(text, in: container, defaults: labelDefaults)
        cachedLayout = (container, layout)
        return layout
    }

    /// The text's size with lines wrapping at `width` (none when nil or not
    /// positive), rounded up to whole points as UIKit sizes labels.
    func fittingSize(width: CGFloat?) -> CGSize {
        guard let content, content.length > 0 else { return .zero }
        let size = layout(in: CGSize(width: width ?? 0, height: 0), numberOfLines: numberOfLines).usedRect.size
        return CGSize(width: size.width.rounded(.up), height: size.height.rounded(.up))
    }
}
