import Foundation

/// Tabs of view controllers: the selected one's view fills the
/// controller's view above a tab bar at the bottom, which insets its safe
/// area. Tapping a tab switches, asking the delegate first; switching
/// while on screen gives the controllers appearance callbacks in UIKit's
/// order for tabs: the new one's viewWillAppear, the old one's
/// viewWillDisappear, the old one's viewDidDisappear, the new one's viewDidAppear.
open class UITabBarController: UIViewController {
    public let tabBar = UITabBar(frame: .zero)

    open weak var delegate: UITabBarControllerDelegate?

    private var tabs: [UIViewController] = []
    private var selectedIndexStorage = NSNotFound

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        tabBar.itemTapped = { [weak self] item in self?.tabTapped(item) }
    }

    public required init?(coder: NSCoder) {
        return nil
    }

    open var viewControllers: [UIViewController]? {
        get { tabs.isEmpty ? nil : tabs }
        set { setViewControllers(newValue, animated: false) }
    }

    /// Replaces the tabs; the selected controller stays selected if it is
    /// still among them, else the first tab is selected.
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        var unique: [UIViewController] = []
        for controller in viewControllers ?? []
        where !unique.contains(where: { $0 === controller }) && controller !== self
            && (controller.parent == nil || controller.parent === self) {
            unique.append(controller)
        }
        let oldSelected = selectedViewController
        let leaving = tabs.filter { controller in !unique.contains { $0 === controller } }
        let entering = unique.filter { controller in !tabs.contains { $0 === controller } }
        for controller in leaving { controller.willMove(toParent: nil) }
        for controller in entering { addChild(controller) }
        tabs = unique
        let newIndex = oldSelected.flatMap { old in unique.firstIndex { $0 === old } } ?? (unique.isEmpty ? NSNotFound : 0)
        selectedIndexStorage = NSNotFound
        switchTo(index: newIndex, from: oldSelected)
        for controller in leaving { controller.removeFromParent() }
        for controller in entering { controller.didMove(toParent: self) }
        tabBarItemsDidChange()
    }

    /// The index of the selected tab (NSNotFound with none). An index out
    /// of range is ignored.
    open var selectedIndex: Int {
        get { selectedIndexStorage }
        set {
            guard tabs.indices.contains(newValue), newValue != selectedIndexStorage else { return }
            switchTo(index: newValue, from: selectedViewController)
        }
    }

    /// Setting a controller that is not a tab is ignored.
    open var selectedViewController: UIViewController? {
        get { tabs.indices.contains(selectedIndexStorage) ? tabs[selectedIndexStorage] : nil }
        set {
            guard let newValue, let index = tabs.firstIndex(where: { $0 === newValue }) else { return }
            selectedIndex = index
        }
    }

    open override func loadView() {
        let container = UIView(frame: frameForLoadedView ?? UIScreen.main.bounds)
        container.clipsToBounds = true
        container.addSubview(tabBar)
        view = container
        if let selected = selectedViewController { install(selected) }
    }

    override var forwardsAppearanceWhenChildViewsMove: Bool { false }

    /// The tab bar at the bottom of the safe area; the selected view fills
    /// the bounds, its safe area inset by the bar.
    override func layoutContainerViews() {
        guard let container = viewIfLoaded else { return }
        let bounds = container.bounds
        let outer = container.safeAreaInsets
        let height = tabBar.sizeThatFits(bounds.size).height
        tabBar.frame = CGRect(x: 0, y: bounds.height - outer.bottom - height, width: bounds.width, height: height)
        let insets = UIEdgeInsets(top: 0, left: 0, bottom: bounds.height - tabBar.frame.minY, right: 0)
        for child in tabs where child.containerSafeAreaInsets != insets {
            child.containerSafeAreaInsets = insets
            child.viewIfLoaded?.setNeedsLayout()
        }
        if let selected = selectedViewController?.viewIfLoaded, selected.superview === container {
            selected.frame = bounds
        }
    }

    /// The tabs' items changed: the bar shows them again.
    func tabBarItemsDidChange() {
        tabBar.items = tabs.map { $0.tabBarItem }
        tabBar.selectedItem = selectedViewController?.tabBarItem
    }

    // MARK: Switching

    private func tabTapped(_ item: UITabBarItem) {
        guard let index = tabs.firstIndex(where: { $0.tabBarItem === item }) else { return }
        let controller = tabs[index]
        if let delegate, !delegate.tabBarController(self, shouldSelect: controller) { return }
        if index != selectedIndexStorage {
            switchTo(index: index, from: selectedViewController)
        } else if let navigation = controller as? UINavigationController {
            // The selected tab tapped again: its navigation stack goes back to its root, as in UIKit.
            navigation.popToRootViewController(animated: true)
        }
        delegate?.tabBarController(self, didSelect: controller)
    }

    private func switchTo(index: Int, from old: UIViewController?) {
        let new = tabs.indices.contains(index) ? tabs[index] : nil
        selectedIndexStorage = new == nil ? NSNotFound : index
        tabBar.selectedItem = new?.tabBarItem
        guard new !== old else { return }
        let visible = appearanceState == .appeared && viewIfLoaded?.window != nil
        if visible {
            new?.beginAppearanceTransition(true, animated: false)
            old?.beginAppearanceTransition(false, animated: false)
        }
        if let oldView = old?.viewIfLoaded, oldView.superview === viewIfLoaded { oldView.removeFromSuperview() }
        if let new { install(new) }
        if !visible { balanceAppearanceOfSwappedChildren(leaving: old, arriving: new) }
        if visible {
            old?.endAppearanceTransition()
            new?.endAppearanceTransition()
        }
    }

    private func install(_ controller: UIViewController) {
        guard let container = viewIfLoaded else { return }
        controller.frameForLoadedView = container.bounds
        let childView: UIView = controller.view
        childView.frame = container.bounds
        childView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.insertSubview(childView, belowSubview: tabBar)
        container.setNeedsLayout()
    }
}
