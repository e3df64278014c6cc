import Foundation

/// Where the parts go, through UIKit's overridable rects: the border fills
/// the bounds, `leftView` sits at the left edge and `rightView` at the
/// right, the clear button just left of the right view, and the text in
/// what is left between them, inset by the border style's padding. Text
/// wider than its rect scrolls sideways so the caret stays in view.
extension UITextField {
    /// The space between the border and the text on either side.
    var horizontalPadding: CGFloat {
        switch borderStyle {
        case .none: return 0
        case .line, .bezel: return 2
        case .roundedRect: return 7
        }
    }

    /// How much taller than a line of text the field fits.
    var verticalPadding: CGFloat {
        switch borderStyle {
        case .none: return 0
        case .line, .bezel: return 8
        case .roundedRect: return 14
        }
    }

    static let clearButtonSize: CGFloat = 19

    var showsClearButton: Bool { hasText && clearButtonMode.shows(whileEditing: isEditing) }
    var showsLeftView: Bool { leftView != nil && leftViewMode.shows(whileEditing: isEditing) }
    var showsRightView: Bool { rightView != nil && rightViewMode.shows(whileEditing: isEditing) }

    func defaultTextRect(forBounds bounds: CGRect) -> CGRect {
        var minX = bounds.minX + horizontalPadding
        var maxX = bounds.maxX - horizontalPadding
        if showsLeftView { minX = max(minX, leftViewRect(forBounds: bounds).maxX) }
        if showsRightView { maxX = min(maxX, rightViewRect(forBounds: bounds).minX) }
        if showsClearButton { maxX = min(maxX, clearButtonRect(forBounds: bounds).minX) }
        return CGRect(x: minX, y: bounds.minY, width: max(0, maxX - minX), height: bounds.height)
    }

    func defaultClearButtonRect(forBounds bounds: CGRect) -> CGRect {
        let size = UITextField.clearButtonSize
        var maxX = bounds.maxX - (borderStyle == .roundedRect ? 5 : 2)
        if showsRightView { maxX = min(maxX, rightViewRect(forBounds: bounds).minX) }
        return CGRect(x: maxX - size, y: bounds.midY - size / 2, width: size, height: size)
    }

    func defaultLeftViewRect(forBounds bounds: CGRect) -> CGRect {
        let size = leftView?.frame.size ?? .zero
        return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    func defaultRightViewRect(forBounds bounds: CGRect) -> CGRect {
        let size = rightView?.frame.size ?? .zero
        return CGRect(x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// Wide enough for the text (or the placeholder) and the overlays, a line high plus the border's padding.
    func fittingSize() -> CGSize {
        let (_, layout) = displayLayout()
        let placeholderWidth = placeholderLabel.attributedText.map { $0.length > 0 ? placeholderLabel.sizeThatFits(.zero).width : 0 } ?? 0
        var width = max(layout.usedRect.width, placeholderWidth) + UITextField.caretWidth + 2 * horizontalPadding
        if leftView != nil, leftViewMode != .never { width += leftView!.frame.width }
        if rightView != nil, rightViewMode != .never { width += rightView!.frame.width }
        if clearButtonMode != .never { width += UITextField.clearButtonSize }
        return CGSize(width: ceil(width), height: ceil(max(font!.lineHeight, layout.usedRect.height) + verticalPadding))
    }

    // MARK: Placing the parts

    func layoutParts() {
        borderView.frame = borderRect(forBounds: bounds)
        if let leftView {
            leftView.isHidden = !showsLeftView
            leftView.frame = leftViewRect(forBounds: bounds)
        }
        if let rightView {
            rightView.isHidden = !showsRightView
            rightView.frame = rightViewRect(forBounds: bounds)
        }
        clearButton.isHidden = !showsClearButton
        clearButton.frame = clearButtonRect(forBounds: bounds)

        let clip = isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
        clipView.frame = clip
        placeholderLabel.frame = placeholderRect(forBounds: bounds).offsetBy(dx: -clip.minX, dy: -clip.minY)
        placeholderLabel.textAlignment = textAlignment
        placeholderLabel.isHidden = hasText || placeholderContent == nil
        fitFontSize(toWidth: clip.width)
        layoutText(in: clip.size)
    }

    /// The text label at its scroll position, the caret and the selection highlight.
    private func layoutText(in size: CGSize) {
        let (_, layout) = displayLayout()
        let textWidth = layout.usedRect.width
        let lineHeight = max(layout.usedRect.height, displayFont.lineHeight)
        let caretWidth = UITextField.caretWidth
        let caret = selectionEnds.caret
        let fits = textWidth + caretWidth <= size.width

        var textX: CGFloat
        if fits {
            scrollOffset = 0
            switch textAlignment {
            case .center: textX = (size.width - textWidth) / 2
            case .right: textX = size.width - textWidth - caretWidth
            default: textX = 0
            }
        } else {
            if isEditing {
                let caretX = caretX(atTextOffset: caret)
                if caretX - scrollOffset > size.width - caretWidth { scrollOffset = caretX - size.width + caretWidth }
                if caretX - scrollOffset < 0 { scrollOffset = caretX }
                scrollOffset = min(max(0, scrollOffset), textWidth + caretWidth - size.width)
            } else {
                scrollOffset = 0
            }
            textX = -scrollOffset
        }
        textView.frame = CGRect(origin: .zero, size: size)
        textView.layout = layout
        textView.textX = textX

        let lineTop = ((size.height - lineHeight) / 2).rounded()
        let range = selectedRange
        caretView.isHidden = !isEditing || range.length > 0
        if !caretView.isHidden {
            let x = min(max(0, textX + caretX(atTextOffset: caret)), size.width - caretWidth)
            caretView.frame = CGRect(x: x.rounded(), y: lineTop, width: caretWidth, height: lineHeight.rounded())
        }
        selectionView.isHidden = !isEditing || range.length == 0
        if !selectionView.isHidden {
            let start = textX + caretX(atTextOffset: range.location)
            let end = textX + caretX(atTextOffset: range.location + range.length)
            selectionView.frame = CGRect(x: start, y: lineTop, width: end - start, height: lineHeight.rounded())
        }
    }
}
