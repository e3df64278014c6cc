import Foundation

/// Told when the person picks a tab.
public protocol UITabBarDelegate: AnyObject {
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
}

extension UITabBarDelegate {
    public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}
}

/// A row of tabs, 49 points tall, each an equal share of the width, with a
/// hairline on top. A tap selects the item and tells the delegate (a tab
/// bar controller's bar tells its controller instead).
open class UITabBar: UIView, BarContentRefreshing {
    public static let defaultHeight: CGFloat = 49

    open weak var delegate: UITabBarDelegate?

    open var items: [UITabBarItem]? {
        didSet { rebuildButtons() }
    }

    open func setItems(_ items: [UITabBarItem]?, animated: Bool) {
        self.items = items
    }

    /// The highlighted tab; one not among the items is ignored.
    open var selectedItem: UITabBarItem? {
        get { selectedItemStorage }
        set {
            guard newValue == nil || (items ?? []).contains(where: { $0 === newValue }) else { return }
            selectedItemStorage = newValue
            for button in buttons { button.isSelected = button.item === newValue }
        }
    }

    open var isTranslucent = true { didSet { updateBackground() } }
    open var barTintColor: UIColor? { didSet { updateBackground() } }

    /// Set by a tab bar controller: what a tap on a tab does.
    var itemTapped: ((UITabBarItem) -> Void)?

    private var selectedItemStorage: UITabBarItem?
    private(set) var buttons: [TabBarButton] = []
    private let hairline = BarBackground.makeHairline()

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
        let pixel = BarBackground.pixel(in: self)
        hairline.frame = CGRect(x: 0, y: -pixel, width: bounds.width, height: pixel)
        guard !buttons.isEmpty else { return }
        let width = bounds.width / CGFloat(buttons.count)
        for (index, button) in buttons.enumerated() {
            button.frame = CGRect(x: CGFloat(index) * width, y: 0, width: width, height: Self.defaultHeight)
        }
    }

    private func rebuildButtons() {
        for button in buttons { button.removeFromSuperview() }
        buttons = (items ?? []).map { item in
            item.owningBar = self
            let button = TabBarButton(item: item)
            button.isSelected = item === selectedItemStorage
            button.addTarget(self, action: UITabBar.buttonTapped, for: .touchUpInside)
            addSubview(button)
            return button
        }
        if let selected = selectedItemStorage, !(items ?? []).contains(where: { $0 === selected }) {
            selectedItemStorage = nil
        }
        setNeedsLayout()
    }

    private func buttonTapped(_ sender: TabBarButton) {
        guard sender.item.isEnabled else { return }
        if let itemTapped {
            itemTapped(sender.item)
        } else {
            selectedItem = sender.item
            delegate?.tabBar(self, didSelect: sender.item)
        }
    }

    func barItemDidChange(_ item: UIBarItem) {
        for button in buttons where button.item === item { button.refresh() }
    }

    private func updateBackground() {
        BarBackground.apply(to: self, barTintColor: barTintColor, isTranslucent: isTranslucent)
    }
}
