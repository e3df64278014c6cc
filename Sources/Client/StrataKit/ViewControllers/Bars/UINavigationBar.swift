import Foundation

/// A bar of navigation items, 44 points tall: the top item's title in the
/// middle, its left and right items at the sides, and a back button (a
/// chevron and the item below's back title) that pops the top item.
/// A navigation controller keeps its bar's items in step with its stack.
open class UINavigationBar: UIView, BarContentRefreshing {
    /// The bar's height (74 with a prompt).
    public static let defaultHeight: CGFloat = 44
    static let promptHeight: CGFloat = 30
    static let genericBackTitle = "Back"

    open weak var delegate: UINavigationBarDelegate?

    public private(set) var itemStack: [UINavigationItem] = []

    open var items: [UINavigationItem]? {
        get { itemStack }
        set { setItems(newValue, animated: false) }
    }

    open var topItem: UINavigationItem? { itemStack.last }

    /// The item right below the top one: its back title is the back button's.
    open var backItem: UINavigationItem? { itemStack.count > 1 ? itemStack[itemStack.count - 2] : nil }

    open var isTranslucent = true { didSet { updateBackground() } }

    /// The background's color; nil: the system's light bar.
    open var barTintColor: UIColor? { didSet { updateBackground() } }

    /// Set by a navigation controller: what the back button does instead
    /// of popping the bar's own item.
    var backAction: (() -> Void)?

    // The views of the top item, made again when the items change.
    let hairline = BarBackground.makeHairline()
    var backButton: NavigationBackButton?
    var titleLabel: UILabel?
    var promptLabel: UILabel?
    var leftViews: [UIView] = []
    var rightViews: [UIView] = []
    var shownTitleView: UIView?
    var naturalTitleWidth: CGFloat = 0
    var contentIsStale = true
    /// Whether the views of the next items fade in (an animated push or pop).
    var fadesInNextContent = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(hairline)
        updateBackground()
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    open func setItems(_ items: [UINavigationItem]?, animated: Bool) {
        for item in itemStack where item.navigationBar === self { item.navigationBar = nil }
        itemStack = items ?? []
        for item in itemStack { item.navigationBar = self }
        contentDidChange()
        fadesInNextContent = animated
    }

    /// Pushes `item` on top; an item already in the bar is ignored (UIKit raises).
    open func pushItem(_ item: UINavigationItem, animated: Bool) {
        guard !itemStack.contains(where: { $0 === item }) else { return }
        if let delegate, !delegate.navigationBar(self, shouldPush: item) { return }
        itemStack.append(item)
        item.navigationBar = self
        contentDidChange()
        fadesInNextContent = animated
        delegate?.navigationBar(self, didPush: item)
    }

    /// Pops the top item and returns it; with one item or none, nothing.
    @discardableResult
    open func popItem(animated: Bool) -> UINavigationItem? {
        guard let item = itemStack.last else { return nil }
        if let delegate, !delegate.navigationBar(self, shouldPop: item) { return nil }
        itemStack.removeLast()
        if item.navigationBar === self { item.navigationBar = nil }
        contentDidChange()
        fadesInNextContent = animated
        delegate?.navigationBar(self, didPop: item)
        return item
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: Self.defaultHeight + (topItem?.prompt != nil ? Self.promptHeight : 0))
    }

    open override func layoutSubviews() {
        let rebuilds = contentIsStale
        if rebuilds { rebuildContent() }
        layOutContent()
        if rebuilds && fadesInNextContent { fadeInContent() }
        fadesInNextContent = false
    }

    /// The back button was tapped: the navigation controller pops, or the
    /// bar pops its own top item.
    func backButtonTapped() {
        if let backAction { backAction() } else { popItem(animated: true) }
    }

    func contentDidChange() {
        contentIsStale = true
        setNeedsLayout()
        // A prompt changes the bar's height, which its container sets.
        superview?.setNeedsLayout()
    }

    func barItemDidChange(_ item: UIBarItem) {
        contentDidChange()
    }

    private func updateBackground() {
        BarBackground.apply(to: self, barTintColor: barTintColor, isTranslucent: isTranslucent)
    }
}
