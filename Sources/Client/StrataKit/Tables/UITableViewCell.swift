import Foundation

/// One row of a table: a `contentView` for the row's content, the standard
/// labels and image of the four built-in styles (or a content
/// configuration), an accessory at the trailing edge, editing controls,
/// the selected look, and the separator below.
///
/// Members UIKit subclasses override live in this class body; the layout
/// is in `UITableViewCell+Layout.swift`, the standard parts in
/// `UITableViewCell+Parts.swift`.
open class UITableViewCell: UIView {
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: UITableView.defaultRowHeight))
        installBaseViews()
    }

    public convenience override init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// What `dequeueReusableCell` calls on a registered class: the
    /// default style, through `init(style:reuseIdentifier:)`, so a subclass
    /// that overrides that initializer (as UIKit code does) gets it called.
    /// Required, and a convenience initializer, so every subclass that
    /// overrides the designated initializers (or none) inherits it.
    public required convenience init(registeredWithReuseIdentifier identifier: String) {
        self.init(style: .default, reuseIdentifier: identifier)
    }

    /// The built-in layout chosen at creation.
    let style: CellStyle

    /// The identifier the table reuses this cell under.
    public internal(set) var reuseIdentifier: String?

    /// Called by `dequeueReusableCell` before it returns this cell for
    /// another row. "For performance reasons, you should only reset
    /// attributes of the cell that are not related to content": the
    /// default resets editing, selection and highlight, as UIKit does.
    open func prepareForReuse() {
        isEditing = false
        isSelected = false
        isHighlighted = false
        swipeOffset = 0
        swipeActionsView?.removeFromSuperview()
        swipeActionsView = nil
        alpha = 1
    }

    /// The view subviews of the row's content go in; it is resized when
    /// editing controls or the accessory take room.
    public let contentView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: UITableView.defaultRowHeight))

    // MARK: The built-in styles (UITableViewCell+Parts.swift)

    var storedTextLabel: UILabel?
    var storedDetailTextLabel: UILabel?
    var storedImageView: UIImageView?

    /// The primary label (made on first use).
    open var textLabel: UILabel? { builtInTextLabel() }
    /// The secondary label; nil in the `.default` style.
    open var detailTextLabel: UILabel? { builtInDetailTextLabel() }
    /// The image at the leading edge (made on first use).
    open var imageView: UIImageView? { builtInImageView() }

    /// The content, described as a value; setting it replaces the content
    /// view's configured view (and the built-in labels' place).
    open var contentConfiguration: UIContentConfiguration? {
        didSet { applyContentConfiguration() }
    }

    var configuredContentView: (UIView & UIContentView)?

    /// A list configuration styled for this cell's table (text, secondary text, image).
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        switch style {
        case .subtitle: .subtitleCell()
        case .value1, .value2: .valueCell()
        case .default: .cell()
        }
    }

    /// Whether a state change reapplies `contentConfiguration.updated(for:)`.
    open var automaticallyUpdatesContentConfiguration = true

    /// The cell's current state, for configurations.
    open var configurationState: UICellConfigurationState {
        var state = UICellConfigurationState(traitCollection: traitCollection)
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        state.isEditing = isEditing
        state.isSwiped = swipeOffset != 0
        return state
    }

    /// Called when the state changes; the default applies
    /// `configurationUpdateHandler` and updates the content configuration.
    open func updateConfiguration(using state: UICellConfigurationState) {
        if automaticallyUpdatesContentConfiguration, let configuration = contentConfiguration {
            configuredContentView?.configuration = configuration.updated(for: state)
        }
        configurationUpdateHandler?(self, state)
    }

    /// Asks for `updateConfiguration(using:)` with the current state.
    open func setNeedsUpdateConfiguration() {
        updateConfiguration(using: configurationState)
    }

    public typealias ConfigurationUpdateHandler = (UITableViewCell, UICellConfigurationState) -> Void
    open var configurationUpdateHandler: ConfigurationUpdateHandler? {
        didSet { setNeedsUpdateConfiguration() }
    }

    // MARK: Backgrounds

    /// A colour set on the cell (in `willDisplay`, say) shows instead of the table style's.
    open override var backgroundColor: UIColor? {
        didSet { updateSelectedLook() }
    }

    /// Drawn behind everything; nil by default.
    open var backgroundView: UIView? {
        didSet { replaceBackground(oldValue, with: backgroundView) }
    }

    /// Shown over the background while the cell is selected or highlighted;
    /// without one, a selected row turns grey (unless `selectionStyle` is `.none`).
    open var selectedBackgroundView: UIView? {
        didSet { replaceBackground(oldValue, with: selectedBackgroundView); updateSelectedLook() }
    }

    open var multipleSelectionBackgroundView: UIView?

    /// The background as a value (colour, corner radius, stroke, insets, a
    /// custom view); when set it replaces the style's colour and the grey
    /// of selection, following the cell's state.
    open var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet { updateSelectedLook() }
    }

    open var automaticallyUpdatesBackgroundConfiguration = true

    /// A list background for the table's style.
    open func defaultBackgroundConfiguration() -> UIBackgroundConfiguration {
        styleBackgroundColor == .systemBackground ? .listPlainCell() : .listGroupedCell()
    }

    /// The background the table's style gives a row (white in a plain
    /// table, the grouped cell colour in a grouped one); the cell's own
    /// `backgroundColor`, when set, shows instead.
    var styleBackgroundColor: UIColor? = .systemBackground {
        didSet { updateSelectedLook() }
    }

    // MARK: Accessories

    open var accessoryType: AccessoryType = .none {
        didSet { if accessoryType != oldValue { refreshAccessory() } }
    }

    /// A view shown instead of the standard accessory.
    open var accessoryView: UIView? {
        didSet { if accessoryView !== oldValue { oldValue?.removeFromSuperview(); refreshAccessory() } }
    }

    open var editingAccessoryType: AccessoryType = .none {
        didSet { refreshAccessory() }
    }

    open var editingAccessoryView: UIView? {
        didSet { oldValue?.removeFromSuperview(); refreshAccessory() }
    }

    var standardAccessory: CellGlyphView?

    // MARK: Selection and highlight

    open var selectionStyle: SelectionStyle = .default {
        didSet { updateSelectedLook() }
    }

    open var isSelected: Bool {
        get { selectedFlag }
        set { setSelected(newValue, animated: false) }
    }

    /// Shows the selected look (the selected background, highlighted labels).
    open func setSelected(_ selected: Bool, animated: Bool) {
        guard selected != selectedFlag else { return }
        selectedFlag = selected
        updateSelectedLook()
        setNeedsUpdateConfiguration()
    }

    open var isHighlighted: Bool {
        get { highlightedFlag }
        set { setHighlighted(newValue, animated: false) }
    }

    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        guard highlighted != highlightedFlag else { return }
        highlightedFlag = highlighted
        updateSelectedLook()
        setNeedsUpdateConfiguration()
    }

    var selectedFlag = false
    var highlightedFlag = false
    /// The grey of a selected row without a selected background view.
    let styleBackground = UIView(frame: .zero)

    // MARK: Editing

    open var isEditing: Bool {
        get { editingFlag }
        set { setEditing(newValue, animated: false) }
    }

    /// Shows or hides the editing controls (the delete or insert circle,
    /// the reorder grip), moving the content aside.
    open func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != editingFlag else { return }
        editingFlag = editing
        refreshEditingControls()
        if animated {
            UIView.animate(withDuration: 0.3) { self.layoutIfNeeded() }
        }
        setNeedsUpdateConfiguration()
    }

    var editingFlag = false

    /// The editing control shown while editing; the table sets it from its
    /// delegate's `editingStyleForRowAt`.
    open internal(set) var editingStyle: EditingStyle = .delete {
        didSet { if editingStyle != oldValue { refreshEditingControls() } }
    }

    /// Whether the reorder grip shows while editing (the table sets it when
    /// its data source can move the row).
    open var showsReorderControl = false {
        didSet { refreshEditingControls() }
    }

    open var shouldIndentWhileEditing = true {
        didSet { setNeedsLayout() }
    }

    open var indentationLevel = 0 {
        didSet { setNeedsLayout() }
    }

    /// Points per indentation level (10, as UIKit).
    open var indentationWidth: CGFloat = 10 {
        didSet { setNeedsLayout() }
    }

    var editingControl: CellGlyphView?
    var reorderControl: CellGlyphView?

    // MARK: Separator

    /// Where the separator below the row starts and ends (left and right
    /// only count); by default it starts where the text does.
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) {
        didSet { setNeedsLayout() }
    }

    let separatorView = UIView(frame: .zero)

    // MARK: Swipe actions (UITableView+SwipeActions.swift)

    /// How far the row is slid sideways to show its swipe actions
    /// (negative: the trailing actions show).
    var swipeOffset: CGFloat = 0 {
        didSet { if swipeOffset != oldValue { setNeedsLayout() } }
    }

    var swipeActionsView: SwipeActionsView?

    /// Where a batch update's animation takes the cell.
    var pendingFinalFrame: CGRect?

    // MARK: Layout (UITableViewCell+Layout.swift)

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutCellParts()
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: fittingHeight(forWidth: size.width))
    }
}
