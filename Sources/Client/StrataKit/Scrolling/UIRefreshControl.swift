import Foundation

/// Pull to refresh: set as a scroll view's `refreshControl`, it sits above
/// the content; pulling the content down past it starts refreshing (the
/// control sends `.valueChanged` and spins) until the app calls
/// `endRefreshing()`. While refreshing, the content rests below it.
open class UIRefreshControl: UIControl {
    public override init(frame: CGRect) {
        super.init(frame: frame)
        spinner.hidesWhenStopped = false
        spinner.alpha = 0
        addSubview(spinner)
    }

    public convenience init() {
        self.init(frame: CGRect(x: 0, y: 0, width: 320, height: UIRefreshControl.height))
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// The control's height, and how far past it the content must be pulled.
    static let height: CGFloat = 60
    static let triggerDistance: CGFloat = 90

    private let spinner = UIActivityIndicatorView(style: .medium)

    public private(set) var isRefreshing = false

    open var attributedTitle: NSAttributedString?

    open override var tintColor: UIColor! {
        didSet { spinner.color = tintColor }
    }

    /// Shows refreshing that began in code (no `.valueChanged` is sent).
    open func beginRefreshing() {
        guard !isRefreshing else { return }
        isRefreshing = true
        spinner.alpha = 1
        spinner.startAnimating()
        (superview as? UIScrollView)?.refreshControlDidChange()
    }

    open func endRefreshing() {
        guard isRefreshing else { return }
        isRefreshing = false
        spinner.stopAnimating()
        spinner.alpha = 0
        (superview as? UIScrollView)?.refreshControlDidChange()
    }

    /// The scroll view was pulled to `distance` points past its top.
    func pulled(to distance: CGFloat, dragging: Bool) {
        guard !isRefreshing else { return }
        spinner.alpha = min(1, max(0, distance / Self.triggerDistance))
        if dragging && distance >= Self.triggerDistance {
            beginRefreshing()
            sendActions(for: .valueChanged)
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        spinner.center = CGPoint(x: bounds.midX, y: bounds.midY)
    }
}

extension UIScrollView {
    /// Places the refresh control above the content and lets it see pulls.
    func layoutRefreshControl() {
        guard let control = refreshControl else { return }
        let top = adjustedContentInset.top - (control.isRefreshing ? UIRefreshControl.height : 0)
        let pulled = -(contentOffset.y + top)
        let height = max(UIRefreshControl.height, pulled)
        // Its bottom edge at the top of the content: in the gap a pull opens.
        control.frame = CGRect(x: 0, y: -height, width: bounds.width, height: height)
        control.pulled(to: pulled, dragging: isDragging)
    }

    /// While refreshing, the content rests below the control.
    func refreshControlDidChange() {
        guard let control = refreshControl else { return }
        let extra = control.isRefreshing ? UIRefreshControl.height : 0
        refreshInset = extra
        setNeedsLayout()
    }
}
