import Foundation

/// Manages a view; the view is loaded on first access. Members that
/// subclasses override live in this class body (Swift cannot override
/// members declared in extensions); the logic is in the
/// `UIViewController+Concern.swift` files beside it.
open class UIViewController: UIResponder {
    private var loadedView: UIView?

    /// UIKit: "If the view controller has a valid navigation item or
    /// tab-bar item, assigning a value to this property updates the title
    /// text of those objects."
    open var title: String? {
        didSet {
            guard title != oldValue else { return }
            navigationItemStorage?.title = title
            tabBarItemStorage?.title = title
        }
    }

    /// UIKit's designated initializer. There are no nib files here, so both
    /// arguments are accepted for source compatibility and otherwise unused.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// Archives are not supported; as in UIKit, subclasses that add
    /// designated initializers must still provide this one.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The root view, created by loadView() and announced by viewDidLoad() the
    /// first time it is asked for.
    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                loadedView?.viewController = self
                viewDidLoad()
            }
            return loadedView
        }
        set {
            loadedView?.viewController = nil
            loadedView = newValue
            newValue?.viewController = self
        }
    }

    public var isViewLoaded: Bool { loadedView != nil }

    /// Loads the view if it is not loaded yet.
    open func loadViewIfNeeded() {
        _ = view
    }

    /// The view if it was loaded, without loading it.
    open var viewIfLoaded: UIView? { loadedView }

    /// The frame the default `loadView()` gives its view: the window's
    /// bounds when the controller becomes a window's root, else the
    /// screen's, as on iOS, so code in viewDidLoad lays out against real bounds.
    var frameForLoadedView: CGRect?

    /// Creates a plain view; override to make another and assign it to `view`.
    open func loadView() {
        view = UIView(frame: frameForLoadedView ?? UIScreen.main.bounds)
    }

    open func viewDidLoad() {}

    // MARK: Editing

    /// Whether the controller's view is in editing mode.
    open var isEditing: Bool {
        get { editingFlag }
        set { setEditing(newValue, animated: false) }
    }

    /// Turns editing on or off; the `editButtonItem` shows "Done" while
    /// editing. Subclasses pass it on to their views (a table view
    /// controller to its table) and call super.
    open func setEditing(_ editing: Bool, animated: Bool) {
        editingFlag = editing
        if let item = storedEditButtonItem {
            item.title = editing ? "Done" : "Edit"
            item.style = editing ? .done : .plain
        }
    }

    /// A bar button that toggles editing (Edit / Done).
    public var editButtonItem: UIBarButtonItem {
        if let item = storedEditButtonItem { return item }
        let item = UIBarButtonItem(title: isEditing ? "Done" : "Edit", style: isEditing ? .done : .plain, target: nil, action: nil as Never?)
        item.primaryAction = UIAction(title: "Edit") { [weak self] _ in
            guard let self else { return }
            self.setEditing(!self.isEditing, animated: true)
        }
        storedEditButtonItem = item
        return item
    }

    var editingFlag = false
    var definesPresentationContextFlag = false
    var storedEditButtonItem: UIBarButtonItem?

    /// UIKit: the view's superview; a root view's next responder is the
    /// controller, whose next is the view's superview (or, for a presented
    /// controller, the presenting one).
    open override var next: UIResponder? {
        loadedView?.superview ?? presentingViewController
    }

    // MARK: Appearance (UIViewController+Appearance.swift)

    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}

    /// Whether appearance callbacks go to the children on their own when
    /// this controller appears or disappears (true, as in UIKit).
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    // MARK: Layout (called around the view's layoutSubviews)

    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}

    /// The update-constraints pass of the controller's view: the default
    /// updates the view's own constraints; call super as the last step.
    open func updateViewConstraints() {
        viewIfLoaded?.updateConstraints()
    }

    /// The traits of the controller's view (or of the app before it has one).
    open var traitCollection: UITraitCollection {
        viewIfLoaded?.traitCollection ?? UITraitCollection.application
    }

    /// Called when the traits of the controller's view changed.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// Light or dark for the controller's view and what it presents.
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        didSet { if overrideUserInterfaceStyle != oldValue { viewIfLoaded?.traitsMayHaveChanged() } }
    }

    /// The size a container or popover should give the controller's view.
    open var preferredContentSize: CGSize = .zero

    /// Called when the system is low on memory. Linux sends no such
    /// warning to apps, so only `UIApplication.didReceiveMemoryWarning`
    /// in code (or a test) calls it.
    open func didReceiveMemoryWarning() {}

    /// Safe area: extra insets for the view beyond what the window and the
    /// container's bars give it (UIViewController+SafeArea.swift).
    open var additionalSafeAreaInsets: UIEdgeInsets = .zero {
        didSet {
            guard additionalSafeAreaInsets != oldValue else { return }
            viewIfLoaded?.setNeedsLayout()
        }
    }

    open func viewSafeAreaInsetsDidChange() {}
    open func viewLayoutMarginsDidChange() {}

    // MARK: Containment (UIViewController+Containment.swift)

    public internal(set) var children: [UIViewController] = []
    public internal(set) weak var parent: UIViewController?

    /// Called by `addChild(_:)` before adding, and by the container before
    /// removing (with nil).
    open func willMove(toParent parent: UIViewController?) {}
    /// Called by `removeFromParent()` after removing (with nil), and by the
    /// container once the child's transition is over.
    open func didMove(toParent parent: UIViewController?) {}

    // MARK: Presentation (UIViewController+Presentation.swift)

    public internal(set) var presentedViewController: UIViewController?
    public internal(set) weak var presentingViewController: UIViewController?

    /// Presents a controller full screen over this one's (its top
    /// ancestor's) view, sliding up from the bottom when animated.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        performPresentation(of: viewControllerToPresent, animated: flag, completion: completion)
    }

    /// How a presentation covers the presenter. Every style is shown full
    /// screen here (a desktop window has no sheets or popovers yet); the
    /// "over" styles and `.custom` keep the presenter's view beneath.
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic

    /// The animation of an animated presentation: `.coverVertical` slides
    /// up from the bottom, `.crossDissolve` fades in; the flip and the page
    /// curl are shown as `.coverVertical`.
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical

    /// Shows a controller the way the context calls for: pushed by the
    /// navigation controller this one is in, else presented.
    open func show(_ vc: UIViewController, sender: Any?) {
        if let navigationController {
            navigationController.pushViewController(vc, animated: true)
        } else {
            present(vc, animated: true)
        }
    }

    /// Dismisses the controller this one presents, or this one if it was presented.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        performDismissal(animated: flag, completion: completion)
    }

    // MARK: Bars (the navigation item, tab bar item and toolbar items)

    private var navigationItemStorage: UINavigationItem?
    private var tabBarItemStorage: UITabBarItem?

    /// Made on first use, titled with the controller's title.
    open var navigationItem: UINavigationItem {
        if let item = navigationItemStorage { return item }
        let item = UINavigationItem(title: title ?? "")
        if title == nil { item.title = nil }
        navigationItemStorage = item
        return item
    }

    /// Made on first use, titled with the controller's title.
    open var tabBarItem: UITabBarItem! {
        get {
            if let item = tabBarItemStorage { return item }
            let item = UITabBarItem(title: title, image: nil, tag: 0)
            tabBarItemStorage = item
            return item
        }
        set {
            tabBarItemStorage = newValue
            tabBarController?.tabBarItemsDidChange()
        }
    }

    /// The items a navigation controller's toolbar shows while this
    /// controller is on top.
    open var toolbarItems: [UIBarButtonItem]? {
        didSet { navigationController?.toolbarItemsDidChange(for: self) }
    }

    open func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) {
        self.toolbarItems = toolbarItems
    }

    // MARK: State of the concerns

    /// Where the controller is in its appearance (UIViewController+Appearance.swift).
    var appearanceState: AppearanceState = .disappeared
    /// The `animated` argument of the transition in progress.
    var appearanceTransitionAnimated = false
    /// Set by the container or presenter for the length of a transition.
    var movingToParent = false
    var movingFromParent = false
    var beingPresented = false
    var beingDismissed = false
    /// Whether the view left the window while a controller it presents covers it.
    var removedForPresentation = false
    /// Set while a transition begun by the view's move into or out of the window runs.
    var appearanceBegunByViewMove = false
    /// Insets a container gives its child's view for its bars.
    var containerSafeAreaInsets: UIEdgeInsets = .zero
    /// Whether adding a child's view to this controller's view (or
    /// removing it) forwards appearance to the child: true for a plain
    /// controller; containers that run their own transitions say false.
    var forwardsAppearanceWhenChildViewsMove: Bool { true }

    /// Lays out the container's own views (bars, the child's view) before
    /// its view's layoutSubviews; containers override it.
    func layoutContainerViews() {}
}
