import Foundation

/// What bar button items and tab bar items share: a title, an image, a
/// tag, whether they are enabled. A change is shown by the bar the item
/// is in.
open class UIBarItem {
    open var title: String? { didSet { if title != oldValue { itemDidChange() } } }
    open var image: UIImage? { didSet { if image !== oldValue { itemDidChange() } } }
    open var isEnabled = true { didSet { if isEnabled != oldValue { itemDidChange() } } }
    open var tag = 0

    public init() {}

    /// The bar showing the item, told of changes.
    weak var owningBar: UIView?

    func itemDidChange() {
        (owningBar as? BarContentRefreshing)?.barItemDidChange(self)
    }
}

/// A bar that shows items and lays itself out again when one changes.
protocol BarContentRefreshing: AnyObject {
    func barItemDidChange(_ item: UIBarItem)
}
