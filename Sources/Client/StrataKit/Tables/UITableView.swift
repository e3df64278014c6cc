import Foundation

/// UIKit's table view: rows in sections, in one scrolling column. Only the
/// rows on screen have cells; a row that scrolls off gives its cell back
/// to a reuse queue, and `dequeueReusableCell` hands it to the next row,
/// so a table of 100,000 rows keeps about as many cells as fit on screen.
/// Row positions come from `TableGeometry`, which answers "what is at
/// this offset" in logarithmic time, with estimated heights replaced by
/// real ones as rows show.
///
/// Members UIKit subclasses override live in this class body; the logic
/// is in the `UITableView+Concern.swift` files.
open class UITableView: UIScrollView {
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
        if style != .plain { sectionHeaderTopPadding = 0 }
        alwaysBounceVertical = true
        installSwipeRecognizer()
        installRowContextMenu()
    }

    public convenience override init(frame: CGRect) {
        self.init(frame: frame, style: .plain)
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    public let style: Style

    /// Asked for the sections, rows and cells.
    open weak var dataSource: UITableViewDataSource? {
        didSet { reloadData() }
    }

    /// Told which rows will soon show, to load their data ahead.
    open weak var prefetchDataSource: UITableViewDataSourcePrefetching?

    open var isPrefetchingEnabled = true

    /// The delegate as a table delegate (the inherited `delegate` property
    /// holds it; assign a `UITableViewDelegate` there, as in UIKit).
    var tableDelegate: UITableViewDelegate? { delegate as? UITableViewDelegate }

    // MARK: Dimensions

    /// The height of every row the delegate does not size;
    /// `automaticDimension` (the default) sizes rows by their content.
    open var rowHeight: CGFloat = UITableView.automaticDimension {
        didSet { if rowHeight != oldValue { reloadData() } }
    }

    /// The height assumed for rows not yet shown; `automaticDimension`
    /// lets the table choose, 0 turns estimation off (every height is
    /// asked for when the table loads).
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension {
        didSet { if estimatedRowHeight != oldValue { reloadData() } }
    }

    open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension {
        didSet { if sectionHeaderHeight != oldValue { reloadData() } }
    }

    open var sectionFooterHeight: CGFloat = UITableView.automaticDimension {
        didSet { if sectionFooterHeight != oldValue { reloadData() } }
    }

    open var estimatedSectionHeaderHeight: CGFloat = UITableView.automaticDimension
    open var estimatedSectionFooterHeight: CGFloat = UITableView.automaticDimension

    /// Space above each section header (plain tables; 0 in grouped ones).
    open var sectionHeaderTopPadding: CGFloat = UITableView.automaticDimension {
        didSet { if sectionHeaderTopPadding != oldValue { reloadData() } }
    }

    // MARK: Appearance kept for UIKit code that sets it

    open var sectionIndexColor: UIColor?
    open var sectionIndexBackgroundColor: UIColor?
    open var sectionIndexTrackingBackgroundColor: UIColor?
    open var sectionIndexMinimumDisplayRowCount = 0
    open var cellLayoutMarginsFollowReadableWidth = false
    open var insetsContentViewsToSafeArea = true
    open var remembersLastFocusedIndexPath = false
    open var selectionFollowsFocus = false
    open var allowsFocus = false
    open var dragInteractionEnabled = false
    open var fillerRowHeight: CGFloat = UITableView.automaticDimension

    public enum SeparatorInsetReference: Int, Sendable {
        case fromCellEdges, fromAutomaticInsets
    }

    open var separatorInsetReference: SeparatorInsetReference = .fromCellEdges

    // MARK: Separators

    open var separatorStyle: UITableViewCell.SeparatorStyle = .singleLine {
        didSet { setNeedsLayout() }
    }

    open var separatorColor: UIColor? = .separator {
        didSet { setNeedsLayout() }
    }

    /// The default separator inset of the table's cells.
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) {
        didSet { separatorInsetWasSet = true; setNeedsLayout() }
    }

    var separatorInsetWasSet = false

    // MARK: Views around the rows

    /// Scrolls with the rows, above the first section.
    open var tableHeaderView: UIView? {
        didSet { replaceAccessoryView(oldValue, with: tableHeaderView) }
    }

    /// Scrolls with the rows, below the last section.
    open var tableFooterView: UIView? {
        didSet { replaceAccessoryView(oldValue, with: tableFooterView) }
    }

    /// Fills the table behind the rows, not scrolling.
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    // MARK: Selection (UITableView+Selection.swift)

    open var allowsSelection = true
    open var allowsMultipleSelection = false
    open var allowsSelectionDuringEditing = false
    open var allowsMultipleSelectionDuringEditing = false

    /// Whether the rows show their editing controls.
    open var isEditing: Bool {
        get { editingFlag }
        set { setEditing(newValue, animated: false) }
    }

    open func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != editingFlag else { return }
        endSwipe(animated: animated)
        editingFlag = editing
        for (indexPath, cell) in visibleCellsByPath { configureEditing(of: cell, at: indexPath, animated: animated) }
    }

    var editingFlag = false

    // MARK: Stored state of the concerns

    /// Where everything lies; rebuilt by a reload (UITableView+Loading.swift).
    var geometry = TableGeometry()
    var needsReload = true
    var isReloading = false
    var isLayingOut = false
    var isTiling = false
    /// Batch updates asked for during a layout pass, applied after it.
    var deferredUpdates: [() -> Void] = []
    /// The width rows were measured at; another width measures them again.
    var measuredWidth: CGFloat?
    /// Cells and header/footer views on screen (UITableView+Tiling.swift).
    var visibleCellsByPath: [IndexPath: UITableViewCell] = [:]
    var visibleHeaders: [Int: UIView] = [:]
    var visibleFooters: [Int: UIView] = [:]
    /// Header views made while measuring, kept for their first display.
    var measuredHeaderViews: [Int: UIView] = [:]
    var measuredFooterViews: [Int: UIView] = [:]
    /// Registered classes and reusable views (UITableView+Reuse.swift).
    var cellClasses: [String: UITableViewCell.Type] = [:]
    var headerFooterClasses: [String: UITableViewHeaderFooterView.Type] = [:]
    var reusableCells: [String: [UITableViewCell]] = [:]
    var reusableHeaderFooters: [String: [UITableViewHeaderFooterView]] = [:]
    /// Selection and the touch that may select (UITableView+Selection.swift).
    var selectedPaths: Set<IndexPath> = []
    var touchedPath: IndexPath?
    /// The batch of updates being gathered (UITableView+Updates.swift).
    var pendingBatch: TableBatch?
    var batchDepth = 0
    /// Cells leaving in an update, still animating out.
    var departingCells: [UITableViewCell] = []
    /// The row whose swipe actions show (UITableView+SwipeActions.swift).
    var swipedPath: IndexPath?
    var swipeRecognizer: UIPanGestureRecognizer?
    var swipeStartOffset: CGFloat = 0
    /// Rows announced to the prefetch data source (UITableViewDataSourcePrefetching.swift).
    var prefetchedPaths: Set<IndexPath> = []
    var lastPrefetchOffset: CGFloat = 0
    /// The row being dragged by its grip (UITableView+Reordering.swift).
    var reorder: Reorder?

    // MARK: Loading (UITableView+Loading.swift)

    /// Forgets every row and asks the data source again at the next layout;
    /// the cells on screen go back to the reuse queues.
    open func reloadData() {
        needsReload = true
        setNeedsLayout()
    }

    // MARK: Gestures (UITableView+SwipeActions.swift)

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer === swipeRecognizer { return swipeShouldBegin() }
        if gestureRecognizer === panGestureRecognizer, swipeShouldBegin() { return false }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    // MARK: Touches on rows (UITableView+Selection.swift)

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !rowTouchBegan(touches) { super.touchesBegan(touches, with: event) }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !rowTouchEnded(touches) { super.touchesEnded(touches, with: event) }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        rowTouchCancelled()
        super.touchesCancelled(touches, with: event)
    }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutTable()
    }
}
