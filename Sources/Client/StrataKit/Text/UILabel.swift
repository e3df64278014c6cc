import Foundation

/// UIKit's label: read-only text, drawn in draw(_:) at the view's scale,
/// vertically centered in its bounds. It redraws when its text, a text
/// attribute or its size changes (content mode `.redraw`), and ignores
/// touches (user interaction off), as UIKit's does.
open class UILabel: UIView {
    /// The styled text; nil when the label has none.
    var content: NSAttributedString?

    /// The last layout and its container: measuring and then drawing at the
    /// same width lays the text out once. Any change to the text or its
    /// attributes drops it (textDidChange).
    var cachedLayout: (container: TextContainer, layout: TextLayout)?

    /// The text, drawn with `font`, `textColor` and `textAlignment`.
    open var text: String? {
        get { content?.string }
        set {
            guard newValue != text || content.map(isStyledByLabel) == false else { return }
            content = newValue.map { NSAttributedString(string: $0, attributes: labelAttributes) }
            textDidChange()
        }
    }

    /// Styled text. Ranges without a font or color use `font` and `textColor`;
    /// setting those (or `textAlignment`) afterwards applies them to the whole string.
    open var attributedText: NSAttributedString? {
        get { content }
        set {
            guard newValue != content else { return }
            content = newValue.map { NSAttributedString(attributedString: $0) }
            textDidChange()
        }
    }

    /// The system font of 17 points by default.
    open var font: UIFont! = .systemFont(ofSize: UIFont.labelFontSize) {
        didSet {
            if font == nil { font = .systemFont(ofSize: UIFont.labelFontSize) }
            guard font != oldValue else { return }
            applyToContent(.font, font!)
        }
    }

    /// The label color (black) by default.
    open var textColor: UIColor! = .label {
        didSet {
            if textColor == nil { textColor = .label }
            guard textColor != oldValue else { return }
            applyToContent(.foregroundColor, textColor!)
        }
    }

    /// `.natural` by default: left for left-to-right text, right for right-to-left text.
    open var textAlignment: NSTextAlignment = .natural {
        didSet {
            guard textAlignment != oldValue else { return }
            applyToContent(.paragraphStyle, labelParagraphStyle)
        }
    }

    /// The most lines shown; 0: as many as the bounds hold. 1 by default.
    open var numberOfLines: Int = 1 {
        didSet { if numberOfLines != oldValue { textDidChange() } }
    }

    /// How the last shown line is cut when the text does not fit: by
    /// default its end is replaced with an ellipsis.
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail {
        didSet { if lineBreakMode != oldValue { textDidChange() } }
    }

    /// Shrink the font (down to `minimumScaleFactor` of its size) before
    /// truncating, so more of the text fits the width.
    open var adjustsFontSizeToFitWidth = false {
        didSet { if adjustsFontSizeToFitWidth != oldValue { textDidChange() } }
    }

    open var minimumScaleFactor: CGFloat = 0 {
        didSet { if minimumScaleFactor != oldValue { textDidChange() } }
    }

    /// The text's color while `isHighlighted`; nil (the default): `textColor`.
    open var highlightedTextColor: UIColor? {
        didSet { if highlightedTextColor != oldValue, isHighlighted { textDidChange() } }
    }

    /// Draw the text in `highlightedTextColor` (as a selected table cell's labels are).
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue, highlightedTextColor != nil { textDidChange() } }
    }

    /// The color of the text's shadow; nil (the default): no shadow.
    open var shadowColor: UIColor? {
        didSet { if shadowColor != oldValue { setNeedsDisplay() } }
    }

    /// The shadow's offset in points, (0, -1) by default: one point up.
    open var shadowOffset = CGSize(width: 0, height: -1) {
        didSet { if shadowOffset != oldValue, shadowColor != nil { setNeedsDisplay() } }
    }

    /// The width a multi-line label wraps at for its intrinsic content size (0: none).
    open var preferredMaxLayoutWidth: CGFloat = 0 {
        didSet { if preferredMaxLayoutWidth != oldValue { invalidateIntrinsicContentSize() } }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isOpaque = false
        contentMode = .redraw
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    // MARK: Overrides of UIView

    open override func draw(_ rect: CGRect) {
        drawText(in: bounds)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        fittingSize(width: numberOfLines == 1 ? nil : size.width)
    }

    /// With `preferredMaxLayoutWidth` at 0, a multi-line label placed by
    /// constraints wraps at its current width, and asks for layout again
    /// when that width changes (UIKit's automatic preferred width).
    open override var intrinsicContentSize: CGSize {
        fittingSize(width: numberOfLines == 1 ? nil : wrapWidth)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if numberOfLines != 1, preferredMaxLayoutWidth == 0, !translatesAutoresizingMaskIntoConstraints,
           bounds.width != intrinsicWrapWidth
        {
            invalidateIntrinsicContentSize()
        }
    }

    override var baselineMetrics: BaselineMetrics? {
        guard let content, content.length > 0 else {
            return BaselineMetrics(firstBaseline: font.ascender, lastBaseline: font.ascender, textHeight: font.lineHeight)
        }
        let layout = layout(in: CGSize(width: numberOfLines == 1 ? 0 : bounds.width, height: 0), numberOfLines: numberOfLines)
        let lines = layout.lines
        guard let first = lines.first, let last = lines.last else { return nil }
        return BaselineMetrics(firstBaseline: first.baseline, lastBaseline: last.baseline, textHeight: layout.usedRect.height)
    }

    private var wrapWidth: CGFloat {
        if preferredMaxLayoutWidth > 0 { return preferredMaxLayoutWidth }
        return translatesAutoresizingMaskIntoConstraints ? 0 : bounds.width
    }

    override func intrinsicContentSizeWillBeRead() {
        intrinsicWrapWidth = wrapWidth
    }

    /// The width the intrinsic size was last measured at.
    private var intrinsicWrapWidth: CGFloat = 0

    // MARK: Drawing and positioning, for subclasses

    /// The rect the text takes in `bounds` with at most `numberOfLines`
    /// lines (0: no limit), its size rounded up to whole points.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        let size = layout(in: bounds.size, numberOfLines: numberOfLines).usedRect.size
        return CGRect(origin: bounds.origin, size: CGSize(width: size.width.rounded(.up), height: size.height.rounded(.up)))
    }

    /// Draws the text in `rect`, vertically centered, on whole pixels.
    open func drawText(in rect: CGRect) {
        guard content != nil, let context = UIGraphicsGetCurrentContext() else { return }
        let layout = layout(in: rect.size, numberOfLines: numberOfLines)
        let scale = contentScaleFactor > 0 ? contentScaleFactor : 1
        let top = rect.minY + ((rect.height - layout.usedRect.height) / 2 * scale).rounded() / scale
        context.saveGState()
        if let shadowColor {
            context.setShadow(offset: shadowOffset, blur: 0, color: shadowColor.cgColor)
        }
        layout.draw(at: CGPoint(x: rect.minX, y: top), in: context)
        context.restoreGState()
    }
}
