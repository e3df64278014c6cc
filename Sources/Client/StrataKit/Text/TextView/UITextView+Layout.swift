import Foundation

/// What the text view shows, and where: the text laid out to the width
/// inside `textContainerInset` and the line fragment padding, the content
/// as tall as the text plus the insets (so longer text scrolls), the caret
/// in the tint color blinking every 0.5 s on the event clock while
/// editing, the selection as tinted rects behind the text, one per line.
/// After an edit or a caret move, the next layout scrolls the caret into view.
extension UITextView {
    /// UIKit's `NSTextContainer.lineFragmentPadding`: 5 points each side of a line.
    static let lineFragmentPadding: CGFloat = 5
    static let caretWidth: CGFloat = 2

    func setUpParts() {
        caretView.isUserInteractionEnabled = false
        caretView.isHidden = true
        addSubview(textContentView)
        addSubview(caretView)
        updateTint()
    }

    func updateTint() {
        caretView.backgroundColor = tintColor
        for view in selectionViews { view.backgroundColor = tintColor.withAlphaComponent(0.25) }
    }

    // MARK: The laid-out text

    /// Where the text container's first line starts, in content coordinates.
    var textOrigin: CGPoint {
        CGPoint(x: textContainerInset.left + Self.lineFragmentPadding, y: textContainerInset.top)
    }

    /// The width lines wrap at, for a view `width` wide.
    func textContainerWidth(forWidth width: CGFloat) -> CGFloat {
        max(0, width - textContainerInset.left - textContainerInset.right - 2 * Self.lineFragmentPadding)
    }

    /// The text laid out at the view's width, made once per change of the text or the width.
    func textLayout() -> TextLayout {
        let width = textContainerWidth(forWidth: bounds.width)
        if let cached = cachedLayout, cached.width == width { return cached.layout }
        let layout = makeLayout(width: width)
        cachedLayout = (width, layout)
        return layout
    }

    private func makeLayout(width: CGFloat) -> TextLayout {
        let defaults = TextAttributes(font: font!, foregroundColor: textColor ?? .label, paragraphStyle: alignedParagraphStyle)
        return TextLayout(content, in: TextContainer(width: width), defaults: defaults)
    }

    /// The height of the text and the insets, for a view `width` wide.
    func contentHeight(of layout: TextLayout) -> CGFloat {
        let textHeight = max(layout.usedRect.maxY, font!.lineHeight)
        return ceil(textContainerInset.top + textHeight + textContainerInset.bottom)
    }

    func fittingSize(width: CGFloat) -> CGSize {
        let layout = width == bounds.width ? textLayout() : makeLayout(width: textContainerWidth(forWidth: width))
        return CGSize(width: width, height: contentHeight(of: layout))
    }

    func contentDidChange() {
        cachedLayout = nil
        // Selection ends past the new end are pulled back (selectionDidChange clamps).
        let ends = selectionEnds
        selectionEnds = ends
        setNeedsLayout()
    }

    func textLayoutDidChange() {
        cachedLayout = nil
        setNeedsLayout()
    }

    // MARK: Placing the parts

    func layoutText() {
        let layout = textLayout()
        let height = contentHeight(of: layout)
        let size = CGSize(width: bounds.width, height: height)
        if contentSize != size { contentSize = size }
        textContentView.frame = CGRect(origin: .zero, size: size)
        textContentView.textOrigin = textOrigin
        textContentView.layout = layout

        let string = content.string
        let range = selectedRange
        let origin = textOrigin
        let caret = caretFrame(in: layout)
        caretView.isHidden = !(isEditing && range.length == 0)
        caretView.frame = caret

        let rects = isFirstResponder ? layout.selectionRects(for: range, of: string) : []
        while selectionViews.count > rects.count { selectionViews.removeLast().removeFromSuperview() }
        while selectionViews.count < rects.count {
            let view = UIView()
            view.isUserInteractionEnabled = false
            view.backgroundColor = tintColor.withAlphaComponent(0.25)
            insertSubview(view, belowSubview: textContentView)
            selectionViews.append(view)
        }
        for (view, rect) in zip(selectionViews, rects) { view.frame = rect.offsetBy(dx: origin.x, dy: origin.y) }

        if needsCaretVisible {
            needsCaretVisible = false
            scrollRectToVisible(withInsets(caret), animated: false)
        }
    }

    /// The caret before the selection's moving end, in content coordinates.
    func caretFrame(in layout: TextLayout) -> CGRect {
        let rect = layout.caretRect(atUTF16Offset: selectionEnds.caret, of: content.string)
        let origin = textOrigin
        let height = rect.height > 0 ? rect.height : font!.lineHeight
        return CGRect(x: (origin.x + rect.minX - Self.caretWidth / 2).rounded(), y: origin.y + rect.minY,
                      width: Self.caretWidth, height: height)
    }

    /// Scrolls as little as needed to show `range`'s text.
    func scrollTextToVisible(_ range: NSRange) {
        layoutIfNeeded()
        let layout = textLayout()
        let string = content.string
        let origin = textOrigin
        let start = layout.caretRect(atUTF16Offset: range.location, of: string)
        let end = layout.caretRect(atUTF16Offset: range.location + range.length, of: string)
        let rect = start.union(end).offsetBy(dx: origin.x, dy: origin.y)
        scrollRectToVisible(withInsets(rect), animated: false)
    }

    /// A rect of text with the container's insets above and below it, so
    /// the first and last lines show with their margins.
    private func withInsets(_ rect: CGRect) -> CGRect {
        CGRect(x: rect.minX - 1, y: rect.minY - textContainerInset.top, width: rect.width + 2,
               height: rect.height + textContainerInset.top + textContainerInset.bottom)
    }

    // MARK: Blinking

}
