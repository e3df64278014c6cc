import Foundation

/// Manages a view; the view is loaded on first access.
open class UIViewController: UIResponder {
    private var loadedView: UIView?

    open var title: String?

    public override init() {
        super.init()
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
    open func loadView() {
        view = UIView(frame: .zero)
    }

    open func viewDidLoad() {}

    open override var next: UIResponder? {
        loadedView?.superview
    }
}
