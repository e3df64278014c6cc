import Foundation

/// UIKit's single-line text field. A tap (or click) makes it first
/// responder and starts an editing session: keys type into it, move its
/// caret and select (UITextField+Keys), the pointer places the caret and
/// drags a selection (UITextField+Selection), Ctrl+X/C/V go through
/// `UIPasteboard.general` (UITextField+Pasteboard). Every user edit asks the
/// delegate, then sends `.editingChanged` and posts
/// `textDidChangeNotification` (UITextField+Editing); setting `text` in code
/// does neither, as in UIKit. The text is drawn scrolled sideways in a
/// clipping view so the caret stays visible, with a blinking
/// caret and a tinted selection behind it (UITextField+Appearance), laid
/// out in UIKit's overridable rects (UITextField+Layout).
open class UITextField: UIControl, UIKeyInput {
    // MARK: Text

    /// The styled text; empty when the field has none.
    var content = NSAttributedString(string: "") {
        didSet { contentDidChange() }
    }

    /// The text; "" when there is none (setting nil empties the field). Setting
    /// it moves the caret to the end and sends no event.
    open var text: String? {
        get { content.string }
        set {
            content = NSAttributedString(string: newValue ?? "", attributes: defaultTextAttributes)
            selectedRange = NSRange(location: content.length, length: 0)
        }
    }

    /// The styled text. Ranges without a font or color show `font` and `textColor`.
    open var attributedText: NSAttributedString? {
        get { content }
        set {
            content = NSAttributedString(attributedString: newValue ?? NSAttributedString(string: ""))
            selectedRange = NSRange(location: content.length, length: 0)
        }
    }

    /// UIKit's documentation still names a 12-point Helvetica, but fields
    /// report the 17-point system font, and so do these. Applies to the
    /// whole text and to the placeholder; nil restores the default.
    open var font: UIFont? = .systemFont(ofSize: UIFont.labelFontSize) {
        didSet {
            if font == nil { font = .systemFont(ofSize: UIFont.labelFontSize) }
            applyToContent(.font, font!)
        }
    }

    /// Black (the label color) by default; applies to the whole text.
    open var textColor: UIColor? = .label {
        didSet {
            if textColor == nil { textColor = .label }
            applyToContent(.foregroundColor, textColor!)
        }
    }

    /// Where the text sits when it is narrower than the field; `.natural` (left) by default.
    open var textAlignment: NSTextAlignment = .natural {
        didSet { setNeedsLayout() }
    }

    /// The attributes typed text gets: the font, the color and the alignment.
    open var defaultTextAttributes: [NSAttributedString.Key: Any] {
        get {
            let style = NSMutableParagraphStyle()
            style.alignment = textAlignment
            return [.font: font!, .foregroundColor: textColor!, .paragraphStyle: style]
        }
        set {
            if let font = newValue[.font] as? UIFont { self.font = font }
            if let color = newValue[.foregroundColor] as? UIColor { textColor = color }
            if let style = newValue[.paragraphStyle] as? NSParagraphStyle { textAlignment = style.alignment }
        }
    }

    // MARK: Placeholder

    /// Shown in the placeholder grey while the field is empty.
    open var placeholder: String? {
        get { placeholderContent?.string }
        set { placeholderContent = newValue.map { NSAttributedString(string: $0) } }
    }

    /// A styled placeholder; where it sets no color it is placeholder grey,
    /// where no font, `font`.
    open var attributedPlaceholder: NSAttributedString? {
        get { placeholderContent }
        set { placeholderContent = newValue.map { NSAttributedString(attributedString: $0) } }
    }

    var placeholderContent: NSAttributedString? {
        didSet { updatePlaceholder() }
    }

    // MARK: Appearance and behavior

    open var borderStyle: BorderStyle = .none {
        didSet {
            borderView.style = borderStyle
            setNeedsLayout()
        }
    }

    /// Shows a bullet for each character; `text` keeps the characters, and
    /// they cannot be copied or cut.
    open var isSecureTextEntry = false {
        didSet { if isSecureTextEntry != oldValue { contentDidChange() } }
    }

    open var clearButtonMode: ViewMode = .never {
        didSet { setNeedsLayout() }
    }

    open var leftView: UIView? {
        didSet { replaceOverlay(oldValue, with: leftView) }
    }

    open var leftViewMode: ViewMode = .never {
        didSet { setNeedsLayout() }
    }

    open var rightView: UIView? {
        didSet { replaceOverlay(oldValue, with: rightView) }
    }

    open var rightViewMode: ViewMode = .never {
        didSet { setNeedsLayout() }
    }

    /// Shrinks the font, down to `minimumFontSize`, so the text fits the
    /// field's width (UITextField+FontFitting.swift); beyond that it scrolls.
    open var adjustsFontSizeToFitWidth = false {
        didSet { setNeedsLayout() }
    }

    /// The smallest size `adjustsFontSizeToFitWidth` shrinks to; 0 (the
    /// default) lets it go down to `UITextField.smallestFittedFontSize`.
    open var minimumFontSize: CGFloat = 0 {
        didSet { setNeedsLayout() }
    }

    /// Empties the field when an editing session begins (asking `textFieldShouldClear` first).
    open var clearsOnBeginEditing = false

    open weak var delegate: UITextFieldDelegate?

    /// The keyboard traits (UITextField+Traits.swift).
    var traits = TextFieldTraits()

    /// Whether an editing session is under way (the field is first responder).
    open internal(set) var isEditing = false

    // MARK: Editing state

    /// The selection's ends in UTF-16 units of `text`: the anchor stays put
    /// while shift+arrows or a drag move the caret's end.
    var selectionEnds = (anchor: 0, caret: 0) {
        didSet { selectionDidChange(from: oldValue) }
    }

    /// The selection in UTF-16 units of `text`; its length is 0 for a caret.
    var selectedRange: NSRange {
        get {
            let (anchor, caret) = selectionEnds
            return NSRange(location: min(anchor, caret), length: abs(caret - anchor))
        }
        set { selectionEnds = (newValue.location, newValue.location + newValue.length) }
    }

    /// How far the text is scrolled left, in points, to keep the caret visible.
    var scrollOffset: CGFloat = 0
    /// The layout of the displayed text (bullets when secure), made when needed.
    var cachedDisplayLayout: (string: String, layout: TextLayout)?
    /// The font size the text is shown at while shrunk to fit; nil: `font`'s own.
    var fittedFontSize: CGFloat?
    var blinkTimer: EventTimer?

    // MARK: Parts

    let borderView = TextFieldBorderView()
    /// Clips the text to the editing rect; the text label scrolls inside it.
    let clipView = UIView()
    let selectionView = UIView()
    let textView = TextFieldTextView()
    let placeholderLabel = UILabel()
    let caretView = UIView()
    let clearButton = TextFieldClearButton()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpParts()
        installTextEditMenu()
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutParts()
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { fittingSize() }

    open override var intrinsicContentSize: CGSize { fittingSize() }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateTint()
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        // A field taken out of its window stops editing, without asking.
        if window == nil, isEditing { endEditingSession(reason: .committed) }
    }

    // MARK: First responder (UITextField+Editing.swift)

    open override var canBecomeFirstResponder: Bool { isEnabled }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        beginEditing()
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        endEditing(force: false)
    }

    // MARK: Text input (UIKeyInput)

    open var hasText: Bool { content.length > 0 }

    /// Typed text replaces the selection; "\n" is Return.
    open func insertText(_ text: String) {
        typeText(text)
    }

    open func deleteBackward() {
        deleteCharacter(forward: false)
    }

    // MARK: Keys (UITextField+Keys.swift)

    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        guard isEditing, let key = presses.first?.key, handleEditingKey(key) else {
            return super.pressesBegan(presses, with: event)
        }
    }

    // MARK: Pointer (UITextField+Selection.swift)

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        beginPointerSelection(touch)
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        continuePointerSelection(touch)
    }

    // MARK: Standard edit actions (UITextField+Pasteboard.swift)

    open func cut(_ sender: Any?) { cutSelection() }
    open func copy(_ sender: Any?) { copySelection() }
    open func paste(_ sender: Any?) { pasteText() }
    open func selectAll(_ sender: Any?) { selectAllText() }
    open func delete(_ sender: Any?) { deleteSelection() }

    // MARK: Rects (UITextField+Layout.swift), UIKit's override points

    open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }
    open func textRect(forBounds bounds: CGRect) -> CGRect { defaultTextRect(forBounds: bounds) }
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }
    open func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }
    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect { defaultClearButtonRect(forBounds: bounds) }
    open func leftViewRect(forBounds bounds: CGRect) -> CGRect { defaultLeftViewRect(forBounds: bounds) }
    open func rightViewRect(forBounds bounds: CGRect) -> CGRect { defaultRightViewRect(forBounds: bounds) }
}
