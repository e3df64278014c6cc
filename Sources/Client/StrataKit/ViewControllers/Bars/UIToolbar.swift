import Foundation

/// A bar of UIBarButtonItems, 44 points tall, with a hairline on its top
/// edge. Items are laid out left to right as UIToolbar+Layout describes.
open class UIToolbar: UIView, BarContentRefreshing {
    public static let defaultHeight: CGFloat = 44

    open var items: [UIBarButtonItem]? {
        didSet { contentDidChange() }
    }

    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        self.items = items
    }

    open var isTranslucent = true { didSet { updateBackground() } }

    /// The background's color; nil: the system's light bar.
    open var barTintColor: UIColor? { didSet { updateBackground() } }

    let hairline = BarBackground.makeHairline()
    /// The views of the items, nil for spaces, in the order of `items`.
    var itemViews: [UIView?] = []
    var contentIsStale = true

    public override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(hairline)
        updateBackground()
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: Self.defaultHeight)
    }

    open override func layoutSubviews() {
        if contentIsStale { rebuildItemViews() }
        layOutItems()
    }

    func contentDidChange() {
        contentIsStale = true
        setNeedsLayout()
    }

    func barItemDidChange(_ item: UIBarItem) {
        contentDidChange()
    }

    private func updateBackground() {
        BarBackground.apply(to: self, barTintColor: barTintColor, isTranslucent: isTranslucent)
    }
}
