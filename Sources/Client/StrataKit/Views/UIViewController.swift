import Foundation

/// Manages a view; the view is loaded on first access.
open class UIViewController: UIResponder {
    private var loadedView: UIView?

    open var title: String?

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

    /// Creates a plain view; override to make another and assign it to `view`.
    /// The frame the default `loadView()` gives its view: the window's
    /// bounds when the controller becomes a window's root. On iOS the default
    /// view starts at the screen's size, so code in viewDidLoad can lay out
    /// against real bounds; here the window stands in for the screen.
    var frameForLoadedView: CGRect?

    open func loadView() {
        view = UIView(frame: frameForLoadedView ?? CGRect(origin: .zero, size: UIWindow.defaultSize))
    }

    open func viewDidLoad() {}

    open override var next: UIResponder? {
        loadedView?.superview
    }
}
