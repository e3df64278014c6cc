import Foundation

/// A stack of view controllers: the top one's view fills the controller's
/// view, under a navigation bar (at the top) and a toolbar (at the bottom,
/// hidden unless asked for), which reduce the child's safe area instead of
/// its frame, as UIKit lets content extend under bars. Pushing and
/// popping slide the views (UINavigationController+Transitions.swift);
/// the bar's back button pops.
open class UINavigationController: UIViewController {
    /// The bar showing the stack's navigation items (do not set its items yourself).
    public let navigationBar = UINavigationBar(frame: .zero)

    /// The bar showing the top controller's `toolbarItems`.
    public let toolbar: UIToolbar! = UIToolbar(frame: .zero)

    open weak var delegate: UINavigationControllerDelegate?

    /// The controllers on the stack, root first.
    var stack: [UIViewController] = []

    /// The animated transition in progress, if any.
    var runningTransition: NavigationTransition?

    /// The swipe back from the left edge (UINavigationController+InteractivePop.swift).
    open var interactivePopGestureRecognizer: UIGestureRecognizer? { popGestureRecognizer }
    let popGestureRecognizer = InteractivePopGestureRecognizer()
    /// The swipe back in progress, if any.
    var interactivePop: InteractivePop?

    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        setViewControllers([rootViewController], animated: false)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) {
        return nil
    }

    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }

    /// Pushes `viewController` on the stack. A controller already on the
    /// stack, or the child of another controller, is ignored (UIKit raises).
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        performPush(viewController, animated: animated)
    }

    /// Pops the top controller and returns it; nil when only the root is left.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        performPop(animated: animated)
    }

    /// Pops all but the root; returns the popped controllers (nil with only the root).
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        performPopToRoot(animated: animated)
    }

    /// Pops until `viewController` is on top; nil if it is not on the stack.
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        performPopTo(viewController, animated: animated)
    }

    /// Replaces the stack (UINavigationController+Transitions.swift).
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        performSetViewControllers(viewControllers, animated: animated)
    }

    open var topViewController: UIViewController? { stack.last }

    /// The top controller, or the controller presented over the navigation controller.
    open var visibleViewController: UIViewController? { presentedViewController ?? topViewController }

    open var isNavigationBarHidden = false {
        didSet { if isNavigationBarHidden != oldValue { viewIfLoaded?.setNeedsLayout() } }
    }

    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        isNavigationBarHidden = hidden
    }

    /// UIKit: true by default.
    open var isToolbarHidden = true {
        didSet { if isToolbarHidden != oldValue { viewIfLoaded?.setNeedsLayout() } }
    }

    open func setToolbarHidden(_ hidden: Bool, animated: Bool) {
        isToolbarHidden = hidden
    }

    open override func loadView() {
        let container = UIView(frame: frameForLoadedView ?? UIScreen.main.bounds)
        container.clipsToBounds = true
        navigationBar.backAction = { [weak self] in self?.popViewController(animated: true) }
        toolbar.isHidden = isToolbarHidden
        container.addSubview(navigationBar)
        container.addSubview(toolbar)
        popGestureRecognizer.navigationController = self
        popGestureRecognizer.addTarget(self, action: UINavigationController.handleInteractivePop)
        container.addGestureRecognizer(popGestureRecognizer)
        view = container
        if let top = topViewController { installView(of: top, above: nil) }
    }

    /// Its children's appearance follows its own transitions, not their views' moves.
    override var forwardsAppearanceWhenChildViewsMove: Bool { false }

    /// The search controller whose bar shows under the navigation bar (UINavigationController+Search.swift).
    weak var shownSearchController: UISearchController?

    // MARK: Layout

    /// The bars at the top and bottom of the safe area, and the top
    /// controller's view filling the bounds with its safe area inset by them.
    override func layoutContainerViews() {
        guard let container = viewIfLoaded else { return }
        let bounds = container.bounds
        let outer = container.safeAreaInsets
        navigationBar.isHidden = isNavigationBarHidden
        let barHeight = navigationBar.sizeThatFits(bounds.size).height
        navigationBar.frame = CGRect(x: 0, y: outer.top, width: bounds.width, height: barHeight)
        toolbar.isHidden = isToolbarHidden
        let toolbarItems = topViewController?.toolbarItems ?? []
        if !(toolbar.items ?? []).elementsEqual(toolbarItems, by: ===) { toolbar.items = toolbarItems }
        let toolbarHeight = toolbar.sizeThatFits(bounds.size).height
        toolbar.frame = CGRect(x: 0, y: bounds.height - outer.bottom - toolbarHeight, width: bounds.width, height: toolbarHeight)

        let barsBottom = layoutSearchBar(below: navigationBar.frame.maxY)
        let insets = UIEdgeInsets(top: isNavigationBarHidden ? 0 : barsBottom, left: 0,
                                  bottom: isToolbarHidden ? 0 : bounds.height - toolbar.frame.minY, right: 0)
        for child in stack where child.containerSafeAreaInsets != insets {
            child.containerSafeAreaInsets = insets
            child.viewIfLoaded?.setNeedsLayout()
        }
        if runningTransition == nil, let top = topViewController?.viewIfLoaded, top.superview === container {
            top.frame = bounds
        }
    }

    /// Puts a child's view in the container, full size, below the bars.
    func installView(of controller: UIViewController, above sibling: UIView?) {
        guard let container = viewIfLoaded else { return }
        controller.frameForLoadedView = container.bounds
        let childView: UIView = controller.view
        childView.frame = container.bounds
        childView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if let sibling, sibling.superview === container {
            container.insertSubview(childView, aboveSubview: sibling)
        } else {
            container.insertSubview(childView, belowSubview: navigationBar)
        }
        container.setNeedsLayout()
    }

    /// A controller on the stack changed its toolbar items.
    func toolbarItemsDidChange(for controller: UIViewController) {
        guard controller === topViewController else { return }
        viewIfLoaded?.setNeedsLayout()
    }
}
