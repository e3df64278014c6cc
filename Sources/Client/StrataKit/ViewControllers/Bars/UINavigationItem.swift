import Foundation

/// What a navigation bar shows while a controller is on top: its title
/// (or title view), its left and right items, and what the back button
/// says when the next controller is pushed above it.
open class UINavigationItem {
    public enum BackButtonDisplayMode: Int, Sendable {
        /// The previous item's back title or title ("Back" when that does not fit).
        case `default`
        /// Always "Back".
        case generic
        /// The chevron alone.
        case minimal
    }

    open var title: String? { didSet { if title != oldValue { itemDidChange() } } }
    open var titleView: UIView? { didSet { if titleView !== oldValue { itemDidChange() } } }
    /// A line of text above the title (the bar grows by 30 points, as UIKit's).
    open var prompt: String? { didSet { if prompt != oldValue { itemDidChange() } } }

    /// The back button of the item pushed above this one; nil: made from
    /// `backButtonTitle` or `title`.
    open var backBarButtonItem: UIBarButtonItem? { didSet { itemDidChange() } }
    open var backButtonTitle: String? { didSet { if backButtonTitle != oldValue { itemDidChange() } } }
    open var backButtonDisplayMode: BackButtonDisplayMode = .default { didSet { itemDidChange() } }
    open var hidesBackButton = false { didSet { if hidesBackButton != oldValue { itemDidChange() } } }

    /// A search whose bar shows under the navigation bar while this item is on top.
    open var searchController: UISearchController? {
        didSet {
            guard searchController !== oldValue else { return }
            itemDidChange()
            navigationBar?.superview?.setNeedsLayout()
        }
    }

    /// Kept for UIKit code; the search bar always shows here.
    open var hidesSearchBarWhenScrolling = true
    /// Whether the left items show beside the back button rather than in its place.
    open var leftItemsSupplementBackButton = false { didSet { itemDidChange() } }

    /// UIKit: the first item is leftmost.
    open var leftBarButtonItems: [UIBarButtonItem]? { didSet { itemDidChange() } }
    /// UIKit: the first item is rightmost.
    open var rightBarButtonItems: [UIBarButtonItem]? { didSet { itemDidChange() } }

    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }

    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    public init(title: String) {
        self.title = title
    }

    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) {
        self.hidesBackButton = hidesBackButton
    }

    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { rightBarButtonItems = items }

    /// The title the back button shows when this item is right below the
    /// top one, before any shortening for space: `backBarButtonItem`'s
    /// title, else `backButtonTitle`, else `title`, else "Back".
    var backButtonTitleForDisplay: String? {
        switch backButtonDisplayMode {
        case .minimal: return nil
        case .generic: return UINavigationBar.genericBackTitle
        case .default:
            if let title = backBarButtonItem?.title { return title }
            if let backButtonTitle { return backButtonTitle }
            if let title, !title.isEmpty { return title }
            return UINavigationBar.genericBackTitle
        }
    }

    /// The bar showing the item, told of changes.
    weak var navigationBar: UINavigationBar?

    private func itemDidChange() {
        navigationBar?.contentDidChange()
    }
}
