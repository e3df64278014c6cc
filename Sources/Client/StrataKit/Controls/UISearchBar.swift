import Foundation

/// UIKit's search bar: a `UISearchTextField` and, with
/// `showsCancelButton`, a Cancel button beside it, in a bar 56 points
/// high. The bar is its field's delegate and tells its own delegate, in
/// UIKit's words, of each step (UISearchBar+Forwarding.swift): beginning
/// and ending editing, every user edit (asked first, then
/// `searchBar(_:textDidChange:)`), Return as the search button, and the
/// Cancel button. Setting `text` in code tells the delegate nothing.
open class UISearchBar: UIView {
    public static let barHeight: CGFloat = 56
    static let fieldHeight: CGFloat = 36
    static let margin: CGFloat = 8

    /// The field the text is typed into; set its appearance here, not its delegate.
    public let searchTextField = UISearchTextField(frame: .zero)

    open weak var delegate: UISearchBarDelegate?

    /// The search controller this bar belongs to, told of editing, text and Cancel.
    weak var searchController: UISearchController?

    /// The search text; "" when empty.
    open var text: String? {
        get { searchTextField.text }
        set { searchTextField.text = newValue }
    }

    /// Shown in grey while the field is empty.
    open var placeholder: String? {
        get { searchTextField.placeholder }
        set { searchTextField.placeholder = newValue }
    }

    /// A Cancel button right of the field; false by default.
    open var showsCancelButton = false {
        didSet {
            guard showsCancelButton != oldValue else { return }
            cancelButton.isHidden = !showsCancelButton
            setNeedsLayout()
        }
    }

    let cancelButton = UIButton(type: .system)
    let fieldDelegate = SearchBarFieldDelegate()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        fieldDelegate.searchBar = self
        searchTextField.delegate = fieldDelegate
        searchTextField.addTarget(fieldDelegate, action: SearchBarFieldDelegate.textChanged, for: .editingChanged)
        addSubview(searchTextField)
        cancelButton.setTitle("Cancel", for: .normal)
        cancelButton.isHidden = true
        cancelButton.addTarget(fieldDelegate, action: SearchBarFieldDelegate.cancelTapped, for: .touchUpInside)
        addSubview(cancelButton)
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// Shows or hides the Cancel button; the field widens or narrows with
    /// it, sliding when `animated`.
    open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) {
        guard animated, window != nil else { return self.showsCancelButton = showsCancelButton }
        self.showsCancelButton = showsCancelButton
        UIView.animate(withDuration: 0.25) { self.layoutIfNeeded() }
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: UISearchBar.barHeight)
    }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UISearchBar.barHeight)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let margin = UISearchBar.margin
        var right = bounds.maxX - margin
        if showsCancelButton {
            let width = ceil(cancelButton.sizeThatFits(bounds.size).width)
            cancelButton.frame = CGRect(x: right - width, y: bounds.midY - 22, width: width, height: 44)
            right = cancelButton.frame.minX - margin
        }
        searchTextField.frame = CGRect(x: bounds.minX + margin, y: (bounds.midY - UISearchBar.fieldHeight / 2).rounded(),
                                       width: max(0, right - bounds.minX - margin), height: UISearchBar.fieldHeight)
    }

    // The field is the bar's keyboard target: the bar's responder calls go to it.

    open override var canBecomeFirstResponder: Bool { searchTextField.canBecomeFirstResponder }

    @discardableResult
    open override func becomeFirstResponder() -> Bool { searchTextField.becomeFirstResponder() }

    @discardableResult
    open override func resignFirstResponder() -> Bool { searchTextField.resignFirstResponder() }

    open override var isFirstResponder: Bool { searchTextField.isFirstResponder }
}
