import Foundation

/// UIKit's scroll view: a window onto content larger than itself. The
/// content offset *is* `bounds.origin`, so scrolling is one property change
/// of the scroll view's layer: the compositor moves the sublayers, nothing
/// is redrawn. The content scrolls by a drag (`panGestureRecognizer`), by
/// the wheel and by the touchpad (the same pan, through its
/// `allowedScrollTypesMask`), rubber-bands past its edges, decelerates
/// after a flick and bounces back; it zooms with a pinch when the delegate
/// names a view to zoom.
///
/// Members that UIKit subclasses override live in this class body; the
/// logic behind them is in the `UIScrollView+Concern.swift` files.
open class UIScrollView: UIView {
    public override init(frame: CGRect) {
        let pan = ScrollViewPanGestureRecognizer()
        panGestureRecognizer = pan
        super.init(frame: frame)
        // UIKit: a scroll view clips its content.
        clipsToBounds = true
        pan.scrollView = self
        pan.allowedScrollTypesMask = .all
        pan.addTarget(self, action: UIScrollView.handlePan)
        addGestureRecognizer(pan)
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    open weak var delegate: UIScrollViewDelegate? {
        didSet { updatePinchGestureRecognizer() }
    }

    // MARK: Content (UIScrollView+ContentOffset.swift)

    /// The size of the content, in points; with the insets it decides how
    /// far the content scrolls.
    open var contentSize: CGSize = .zero {
        didSet {
            guard contentSize != oldValue else { return }
            setNeedsLayout()
            // Content that becomes scrollable takes the safe area into its
            // insets; content resting at its top stays at the (new) top.
            refreshAdjustedContentInset(keepingEdges: true)
        }
    }

    /// Where the content's origin is shown: the bounds' origin. A point
    /// that is not a number is ignored.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return }
            bounds.origin = newValue
        }
    }

    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        moveContentOffset(to: contentOffset, animated: animated)
    }

    /// Extra room around the content: scrolling reaches from
    /// −contentInset.top to contentSize.height + contentInset.bottom.
    open var contentInset: UIEdgeInsets = .zero {
        didSet { if contentInset != oldValue { refreshAdjustedContentInset() } }
    }

    /// The insets scrolling uses: `contentInset` and the part of the safe
    /// area the behaviour adds (UIScrollView+ContentInsetAdjustment.swift).
    open var adjustedContentInset: UIEdgeInsets { computedAdjustedContentInset }

    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
        didSet { refreshAdjustedContentInset(keepingEdges: true) }
    }

    open override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        refreshAdjustedContentInset(keepingEdges: true)
    }

    /// Tells the delegate; subclasses that override it call super.
    open func adjustedContentInsetDidChange() {
        setNeedsLayout()
        delegate?.scrollViewDidChangeAdjustedContentInset(self)
    }

    /// Scrolls as little as needed for `rect` (content coordinates) to show.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        scrollToShow(rect, animated: animated)
    }

    /// Every change of bounds.origin is a scroll: the delegate hears of it
    /// and layout runs (so subclasses can tile in layoutSubviews).
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let oldOrigin = super.bounds.origin
            super.bounds = newValue
            if newValue.origin != oldOrigin { contentOffsetDidChange() }
        }
    }

    // MARK: Scrolling (UIScrollView+Dragging.swift, +Deceleration, +Paging)

    /// Where a released drag comes to rest before the delegate may move it:
    /// `proposed` here; a collection view asks its layout.
    func restingTarget(proposed: CGPoint, velocity: CGPoint) -> CGPoint { proposed }

    /// Whether the content rubber-bands past its edges and bounces back.
    open var bounces = true
    /// With `bounces`, drag vertically even when the content is not taller than the view.
    open var alwaysBounceVertical = false
    /// With `bounces`, drag horizontally even when the content is not wider than the view.
    open var alwaysBounceHorizontal = false
    /// Scrolling stops on multiples of the bounds' size.
    open var isPagingEnabled = false
    /// False turns off scrolling by the user (the pan); programmatic scrolling still works.
    open var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }
    /// A drag that starts mostly along one axis scrolls only along it.
    open var isDirectionalLockEnabled = false
    open var decelerationRate: DecelerationRate = .normal

    /// Whether the user touched the content, even if it has not moved yet.
    open internal(set) var isTracking = false
    /// Whether the user is moving the content.
    open internal(set) var isDragging = false
    /// Whether the content still moves after the user lifted the finger.
    open internal(set) var isDecelerating = false

    /// The scroll view's own pan; its delegate is the scroll view's business.
    public let panGestureRecognizer: UIPanGestureRecognizer

    // MARK: Content touches (ScrollViewPanGestureRecognizer.swift)

    /// Holds a touch back from the content for a moment (0.15 s), in case
    /// it starts a scroll.
    open var delaysContentTouches = true
    /// Whether a scroll may take a touch the content already tracks.
    open var canCancelContentTouches = true

    /// Asked when a drag starts on content that tracks the touch: UIKit's
    /// default lets controls keep their touches.
    open func touchesShouldCancel(in view: UIView) -> Bool { !(view is UIControl) }

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer === panGestureRecognizer { return panShouldBegin() }
        if gestureRecognizer === storedPinchGestureRecognizer { return isZoomingPossible }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    // MARK: Zooming (UIScrollView+Zooming.swift)

    open var minimumZoomScale: CGFloat = 1 {
        didSet { updatePinchGestureRecognizer() }
    }

    open var maximumZoomScale: CGFloat = 1 {
        didSet { updatePinchGestureRecognizer() }
    }

    open var zoomScale: CGFloat {
        get { currentZoomScale }
        set { setZoomScale(newValue, animated: false) }
    }

    open func setZoomScale(_ scale: CGFloat, animated: Bool) {
        zoom(toScale: scale, animated: animated)
    }

    /// Zooms so that `rect` (in the zoomed view's coordinates) fills the view.
    open func zoom(to rect: CGRect, animated: Bool) {
        zoomToShow(rect, animated: animated)
    }

    /// Whether a pinch beyond the limits goes a little further and springs back.
    open var bouncesZoom = true
    open internal(set) var isZooming = false
    open internal(set) var isZoomBouncing = false

    /// The scroll view's pinch: nil until zooming is possible (the scales
    /// differ and the delegate names a view to zoom), as in UIKit.
    open var pinchGestureRecognizer: UIPinchGestureRecognizer? {
        updatePinchGestureRecognizer()
        return isZoomingPossible ? storedPinchGestureRecognizer : nil
    }

    // MARK: Indicators (UIScrollView+Indicators.swift)

    open var showsVerticalScrollIndicator = true {
        didSet { setNeedsLayout() }
    }

    open var showsHorizontalScrollIndicator = true {
        didSet { setNeedsLayout() }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutScrollIndicators()
        layoutRefreshControl()
    }

    // MARK: Refresh control (UIRefreshControl.swift)

    /// The control that shows above the content when it is pulled down.
    open var refreshControl: UIRefreshControl? {
        didSet {
            guard refreshControl !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let refreshControl { insertSubview(refreshControl, at: 0) }
            alwaysBounceVertical = alwaysBounceVertical || refreshControl != nil
            refreshControlDidChange()
        }
    }

    open override func didAddSubview(_ subview: UIView) {
        super.didAddSubview(subview)
        keepIndicatorsInFront()
    }

    // MARK: Stored state of the concerns

    /// The adjusted insets last announced (UIScrollView+ContentInsetAdjustment.swift).
    var reportedAdjustedContentInset = UIEdgeInsets.zero
    /// The drag in progress (UIScrollView+Dragging.swift).
    var drag: ScrollDrag?
    /// The motion after a drag, and its frame timer (UIScrollView+Deceleration.swift).
    var deceleration: (x: ScrollAxisMotion, y: ScrollAxisMotion, lastStep: TimeInterval)?
    var decelerationTimer: EventTimer?
    /// Set while an animated scroll changes the offset inside its animation block.
    var isSettingAnimatedOffset = false
    /// Zooming (UIScrollView+Zooming.swift).
    var currentZoomScale: CGFloat = 1
    var storedPinchGestureRecognizer: UIPinchGestureRecognizer?
    var pinchStart: (scale: CGFloat, anchor: CGPoint)?
    /// The indicators, made when first shown (UIScrollView+Indicators.swift).
    var verticalIndicator: UIView?
    var horizontalIndicator: UIView?
    var isFlashingIndicators = false
    var indicatorFlashTimer: EventTimer?
    /// Added to the top inset while the refresh control refreshes.
    var refreshInset: CGFloat = 0 {
        didSet { if refreshInset != oldValue { refreshAdjustedContentInset(keepingEdges: true) } }
    }
}
