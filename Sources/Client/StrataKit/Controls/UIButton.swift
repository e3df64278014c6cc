import Foundation

/// UIKit's button: a title, an image and a background image per control
/// state, shown by `titleLabel`, `imageView` and a background image view,
/// laid out inside `contentEdgeInsets`. It sends its actions through
/// UIControl (`.touchUpInside` for a tap). State values fall back to
/// `.normal` (UIButton+StateValues.swift); the appearance of the current
/// state is applied in UIButton+Appearance.swift, sizes and layout are in
/// UIButton+Layout.swift.
open class UIButton: UIControl {
    public let buttonType: ButtonType

    /// Values set per state, by `setTitle(_:for:)` and its siblings.
    var titles: [State: String] = [:]
    var attributedTitles: [State: NSAttributedString] = [:]
    var titleColors: [State: UIColor] = [:]
    var images: [State: UIImage] = [:]
    var backgroundImages: [State: UIImage] = [:]

    /// Made on first use, as UIKit's are.
    var titleLabelStorage: UILabel?
    var imageViewStorage: UIImageView?
    var backgroundImageView: UIImageView?

    /// The menu a long press shows, or a touch down with
    /// `showsMenuAsPrimaryAction` (Menus/UIButton+Menu.swift).
    open var menu: UIMenu? {
        didSet { menuDidChange() }
    }

    /// A tap toggles `isSelected`; with a menu shown as the primary action,
    /// the menu's picked element is the selection and the title (a pop-up button).
    open var changesSelectionAsPrimaryAction = false {
        didSet { menuDidChange() }
    }

    /// Space around the image and title, inside the bounds.
    open var contentEdgeInsets: UIEdgeInsets = .zero {
        didSet { contentDidChange() }
    }

    public init(type buttonType: ButtonType) {
        self.buttonType = buttonType
        super.init(frame: .zero)
        isOpaque = false
    }

    /// A custom button, as UIKit's `init(frame:)` makes.
    public override init(frame: CGRect) {
        buttonType = .custom
        super.init(frame: frame)
        isOpaque = false
    }

    /// A system button whose title and image come from `primaryAction`,
    /// which is sent for `.primaryActionTriggered` (a tap).
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction {
            setTitle(primaryAction.title, for: .normal)
            setImage(primaryAction.image, for: .normal)
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// The label showing the title, made on first use. Set its font and
    /// line break mode here; set its text and color with `setTitle(_:for:)`
    /// and `setTitleColor(_:for:)`, which win over changes to the label.
    open var titleLabel: UILabel? {
        if let titleLabelStorage { return titleLabelStorage }
        let label = makeTitleLabel()
        updateAppearance()
        return label
    }

    /// The view showing the image, made on first use.
    open var imageView: UIImageView? {
        if let imageViewStorage { return imageViewStorage }
        let view = makeImageView()
        updateAppearance()
        return view
    }

    // MARK: States

    open override var isHighlighted: Bool {
        didSet { if isHighlighted != oldValue { stateDidChange() } }
    }

    open override var isEnabled: Bool {
        didSet { if isEnabled != oldValue { stateDidChange() } }
    }

    open override var isSelected: Bool {
        didSet { if isSelected != oldValue { stateDidChange() } }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateAppearance()
    }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutContent()
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        fittingSize()
    }

    /// The title's baseline is the button's, as UIKit aligns buttons.
    open override var forLastBaselineLayout: UIView { titleLabelStorage ?? self }

    open override var intrinsicContentSize: CGSize {
        fittingSize()
    }

    /// For subclasses: where the background image is drawn (the bounds).
    open func backgroundRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// For subclasses: the bounds less `contentEdgeInsets`.
    open func contentRect(forBounds bounds: CGRect) -> CGRect { bounds.inset(by: contentEdgeInsets) }

    /// For subclasses: where the title goes in `contentRect`.
    open func titleRect(forContentRect contentRect: CGRect) -> CGRect {
        contentLayout(in: contentRect).title
    }

    /// For subclasses: where the image goes in `contentRect`.
    open func imageRect(forContentRect contentRect: CGRect) -> CGRect {
        contentLayout(in: contentRect).image
    }

    /// With a menu as the primary action, a touch down shows the menu
    /// and the button does not track the touch.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if opensMenuOnTouchDown { return presentMenuAsPrimaryAction() }
        super.touchesBegan(touches, with: event)
    }

    /// A touch-up inside also triggers the primary action, after
    /// `.touchUpInside`, as in UIKit.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        let endsTrackedTouch = isEnabled && trackingTouch.map(touches.contains) == true
        if endsTrackedTouch, changesSelectionAsPrimaryAction, menu == nil, trackingTouchIsInside { isSelected.toggle() }
        super.touchesEnded(touches, with: event)
        if endsTrackedTouch, isTouchInside { sendActions(for: .primaryActionTriggered, with: event) }
    }
}
