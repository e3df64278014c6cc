import Foundation

/// UIKit's multi-line text view: a scroll view whose content is its text,
/// laid out to its width inside `textContainerInset`, as tall as the text
/// so it scrolls. A tap (or click) makes it first responder and, when
/// editable, starts an editing session: keys type into it through the same
/// path as the text field's (UIKeyInput; Return inserts a line break),
/// arrows move the caret by characters, words and lines
/// (UITextView+Keys), the pointer places it (UITextView+Selection),
/// Ctrl+X/C/V go through `UIPasteboard.general` (UITextView+Pasteboard).
/// Every user edit asks the delegate, then tells it of the selection and
/// the change and posts `textDidChangeNotification` (UITextView+Editing);
/// setting `text` in code does neither. The caret is kept in view after
/// every edit and move (UITextView+Layout).
open class UITextView: UIScrollView, UIKeyInput {
    // MARK: Text

    /// The styled text.
    var content = NSAttributedString(string: "") {
        didSet { contentDidChange() }
    }

    /// The text; setting it puts the caret at its end and tells no one.
    open var text: String! {
        get { content.string }
        set {
            content = NSAttributedString(string: newValue ?? "", attributes: typingDefaults)
            selectedRange = NSRange(location: content.length, length: 0)
        }
    }

    /// The styled text; ranges without a font or a color show `font` and `textColor`.
    open var attributedText: NSAttributedString! {
        get { content }
        set {
            content = NSAttributedString(attributedString: newValue ?? NSAttributedString(string: ""))
            selectedRange = NSRange(location: content.length, length: 0)
        }
    }

    /// UIKit: "The default value of this property is the body style of the
    /// system font." Applies to the whole text; nil restores the default.
    open var font: UIFont? = .preferredFont(forTextStyle: .body) {
        didSet {
            if font == nil { font = .preferredFont(forTextStyle: .body) }
            applyToContent(.font, font!)
        }
    }

    /// The text's color; nil (the default) shows the label color. Applies to the whole text.
    open var textColor: UIColor? {
        didSet { applyToContent(.foregroundColor, textColor ?? .label) }
    }

    /// Applies to every paragraph; `.natural` by default.
    open var textAlignment: NSTextAlignment = .natural {
        didSet { applyToContent(.paragraphStyle, alignedParagraphStyle) }
    }

    /// Whether the user may change the text; a view that is not editable
    /// may still be selected and copied from.
    open var isEditable = true {
        didSet { if !isEditable, isEditing { _ = endEditing(force: true) } }
    }

    /// Whether the user may select the text (and, not editable, copy it).
    open var isSelectable = true {
        didSet { if !isSelectable, !isEditable, isFirstResponder { resignFirstResponder() } }
    }

    /// Room between the view's edges and the text container: UIKit's 8
    /// points above and below. The text container adds its own
    /// `lineFragmentPadding` (5 points) on the left and right.
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) {
        didSet { if textContainerInset != oldValue { textLayoutDidChange() } }
    }

    /// The selection in UTF-16 units of `text`; its length is 0 for a caret.
    open var selectedRange: NSRange {
        get {
            let (anchor, caret) = selectionEnds
            return NSRange(location: min(anchor, caret), length: abs(caret - anchor))
        }
        set { selectionEnds = (newValue.location, newValue.location + newValue.length) }
    }

    /// Scrolls as little as needed to show the text of `range`.
    open func scrollRangeToVisible(_ range: NSRange) {
        scrollTextToVisible(range)
    }

    /// The text view's delegate is its scroll view's `delegate`, when it
    /// adopts UITextViewDelegate (UITextViewDelegate.swift says why).
    var textViewDelegate: UITextViewDelegate? { delegate as? UITextViewDelegate }

    // MARK: State

    /// Whether an editing session is under way (editable and first responder).
    var isEditing = false
    /// The anchor stays while Shift+arrows or a drag move the caret's end.
    var selectionEnds = (anchor: 0, caret: 0) {
        didSet { selectionDidChange(from: oldValue) }
    }
    /// The x Up and Down keep to, across lines shorter than it.
    var verticalMoveX: CGFloat?
    /// The laid-out text and the width it was laid out at.
    var cachedLayout: (width: CGFloat, layout: TextLayout)?
    /// Set by edits and caret moves: the caret is scrolled into view at the next layout.
    var needsCaretVisible = false
    var blinkTimer: EventTimer?

    // MARK: Parts

    let textContentView = TextViewContentView()
    let caretView = UIView()
    var selectionViews: [UIView] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpParts()
        installTextEditMenu()
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutText()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateTint()
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil, isEditing { endEditingSession() }
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { fittingSize(width: size.width) }

    // MARK: First responder (UITextView+Editing.swift)

    open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }

    @discardableResult
    open override func becomeFirstResponder() -> Bool { beginEditing() }

    @discardableResult
    open override func resignFirstResponder() -> Bool { endEditing(force: false) }

    // MARK: Text input (UIKeyInput)

    open var hasText: Bool { content.length > 0 }

    /// Typed text replaces the selection; "\n" (Return) starts a new line.
    open func insertText(_ text: String) { typeText(text) }

    open func deleteBackward() { deleteCharacter(forward: false) }

    // MARK: Keys (UITextView+Keys.swift)

    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        guard isFirstResponder, let key = presses.first?.key, handleKey(key) else {
            return super.pressesBegan(presses, with: event)
        }
    }

    // MARK: The pointer (UITextView+Selection.swift)

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, beginPointerSelection(touch) else { return super.touchesBegan(touches, with: event) }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, continuePointerSelection(touch) else { return super.touchesMoved(touches, with: event) }
    }

    // MARK: Standard edit actions (UITextView+Pasteboard.swift)

    open func cut(_ sender: Any?) { cutSelection() }
    open func copy(_ sender: Any?) { copySelection() }
    open func paste(_ sender: Any?) { pasteText() }
    open func selectAll(_ sender: Any?) { selectAllText() }
    open func delete(_ sender: Any?) { deleteSelection() }

    /// Posted with the view as object when it begins editing, when its
    /// text changes by the user's edit, and when it ends editing.
    public static let textDidBeginEditingNotification = Notification.Name("UITextViewTextDidBeginEditingNotification")
    public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
    public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")
}
