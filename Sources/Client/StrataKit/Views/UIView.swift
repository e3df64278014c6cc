import Foundation

/// UIKit's view: a rectangle of content backed by a CALayer that it delegates
/// for. Members that UIKit subclasses override (geometry, the notifications,
/// layout, drawing, hit testing) live in this class body because Swift cannot
/// override members declared in extensions; the logic behind them is in the
/// `UIView+Concern.swift` files.
open class UIView: UIResponder, CALayerDelegate {
    /// The class of the layer `init(frame:)` creates; override to choose another.
    open class var layerClass: AnyClass { CALayer.self }

    public let layer: CALayer

    public internal(set) weak var superview: UIView?
    public internal(set) var subviews: [UIView] = []

    /// Set when this view is a view controller's root view (the next responder).
    weak var viewController: UIViewController?

    public init(frame: CGRect) {
        guard let layerType = type(of: self).layerClass as? CALayer.Type else {
            fatalError("\(type(of: self)).layerClass must be CALayer or a subclass")
        }
        layer = layerType.init()
        super.init()
        layer.delegate = self
        setFrame(frame)
        updateContentScaleForWindow()
    }

    public convenience override init() {
        self.init(frame: .zero)
    }

    /// A view that goes takes its constraints out of the layout engine.
    deinit {
        if layoutItem != nil || !heldConstraints.isEmpty {
            LayoutEngine.shared.forget(layoutItem, heldConstraints: heldConstraints)
        }
    }

    /// Archives are not supported; like many UIKit subclasses, this traps.
    public required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    open override var next: UIResponder? {
        viewController ?? superview
    }

    // MARK: Geometry (UIView+Geometry.swift)

    /// The frame in the superview's coordinates, derived from center, bounds
    /// and transform; the smallest enclosing rect when transformed.
    open var frame: CGRect {
        get { layer.frame }
        set { setFrame(newValue) }
    }

    open var bounds: CGRect {
        get { layer.bounds }
        set { setBounds(newValue) }
    }

    open var center: CGPoint {
        get { layer.position }
        set {
            let moved = newValue != layer.position
            layer.position = newValue
            if moved { frameDidChange() }
        }
    }

    /// About the center; changes frame but not bounds or center.
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }

    // MARK: Hierarchy notifications (UIView+Hierarchy.swift)

    open func willMove(toSuperview newSuperview: UIView?) {}
    open func didMoveToSuperview() {}
    open func willMove(toWindow newWindow: UIWindow?) {}
    open func didMoveToWindow() {}
    open func didAddSubview(_ subview: UIView) {}
    open func willRemoveSubview(_ subview: UIView) {}

    // MARK: Layout (UIView+Layout.swift)

    /// Default: the frames constraints give the subviews (already applied
    /// before this is called, and again here if a subclass changed
    /// constraints before calling super, as UIKit applies them in super).
    open func layoutSubviews() {
        if LayoutEngine.shared.hasPendingChanges { applyConstraintFrames() }
    }

    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// The size the content would like; UIView has none (noIntrinsicMetric in
    /// both dimensions), views with content such as UILabel override it.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Tells Auto Layout that intrinsicContentSize changed: the size
    /// constraints the view generates are made again before the next layout.
    open func invalidateIntrinsicContentSize() {
        intrinsicContentSizeDidChange()
    }

    // MARK: Traits (Traits/UIView+Traits.swift)

    /// The window's traits (screen scale, size classes from the window's
    /// size, the user's appearance) with the nearest appearance override.
    open var traitCollection: UITraitCollection { resolvedTraitCollection }

    /// Called in the layout pass when the view's traits changed; dynamic
    /// colors resolve against the new traits meanwhile.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// Light or dark for this view and the views under it (unspecified: inherited).
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        didSet { if overrideUserInterfaceStyle != oldValue { traitsMayHaveChanged() } }
    }

    /// The traits last reported to traitCollectionDidChange.
    var reportedTraitCollection: UITraitCollection?

    // MARK: Auto Layout (AutoLayout/)

    /// When true (the default for views made in code), the autoresizing
    /// mask is turned into constraints that fix the frame as it is set;
    /// set false to place the view with constraints.
    open var translatesAutoresizingMaskIntoConstraints = true {
        didSet { if translatesAutoresizingMaskIntoConstraints != oldValue { layoutItemDidChange() } }
    }

    /// Called in the update-constraints pass (from the leaves up) for a view
    /// that asked with setNeedsUpdateConstraints(), and for every view when
    /// it moves into a window. Call super as the last step, as UIKit asks.
    open func updateConstraints() {}

    /// Whether the view needs Auto Layout even if nothing constrains it.
    open class var requiresConstraintBasedLayout: Bool { false }

    /// The view whose first baseline is this view's (the last baseline view by default).
    open var forFirstBaselineLayout: UIView { forLastBaselineLayout }

    /// The view whose last baseline is this view's (itself by default).
    open var forLastBaselineLayout: UIView { self }

    /// The size that satisfies the view's constraints, as close to
    /// `targetSize` as they allow; the view's frame does not change.
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
                                verticalFittingPriority: .fittingSizeLevel)
    }

    /// As above, with how strongly to hold each dimension of `targetSize`.
    open func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                      verticalFittingPriority: UILayoutPriority) -> CGSize
    {
        fittingSize(targetSize, horizontal: horizontalFittingPriority, vertical: verticalFittingPriority)
    }

    /// How far the content's edges (what Auto Layout aligns) lie inside
    /// the frame; zero unless a view has ornaments outside its content.
    open var alignmentRectInsets: UIEdgeInsets { .zero }

    /// The rect Auto Layout aligns for a frame: the frame inset by `alignmentRectInsets`.
    open func alignmentRect(forFrame frame: CGRect) -> CGRect {
        frame.inset(by: alignmentRectInsets)
    }

    /// The frame whose alignment rect is `alignmentRect`.
    open func frame(forAlignmentRect alignmentRect: CGRect) -> CGRect {
        let insets = alignmentRectInsets
        return alignmentRect.inset(by: UIEdgeInsets(top: -insets.top, left: -insets.left, bottom: -insets.bottom, right: -insets.right))
    }

    /// Where the baselines of the view's text lie, for a view that has text.
    var baselineMetrics: BaselineMetrics? { nil }

    /// Called as the layout engine reads intrinsicContentSize for its
    /// constraints (a label notes the width it wrapped at).
    func intrinsicContentSizeWillBeRead() {}

    /// The engine's variables for the view, made on first use.
    var layoutItem: LayoutItem?
    /// Constraints this view holds (UIView.constraints).
    var heldConstraints: [NSLayoutConstraint] = []
    var needsUpdateConstraintsFlag = false
    /// Content hugging and compression resistance, set per axis.
    var contentPriorities = ContentPriorities()

    /// Resizes to sizeThatFits(_:), keeping the frame's origin.
    open func sizeToFit() {
        var resized = frame
        resized.size = sizeThatFits(bounds.size)
        frame = resized
    }

    // MARK: Safe area and margins (UIView+SafeArea.swift, UIView+LayoutMargins.swift)

    /// The insets of the area not covered by bars or the window's edges:
    /// the superview's safe area where it overlaps this view, and for a
    /// controller's view what its container's bars cover and its
    /// `additionalSafeAreaInsets`.
    open var safeAreaInsets: UIEdgeInsets { computedSafeAreaInsets }

    /// Called when `safeAreaInsets` changed, before the view's layout.
    open func safeAreaInsetsDidChange() {}

    /// UIKit: 8 points on each side for a plain view; with
    /// `preservesSuperviewLayoutMargins` the superview's margins where
    /// they reach into this view, if larger.
    open var layoutMargins: UIEdgeInsets {
        get { effectiveLayoutMargins }
        set { setSpecifiedLayoutMargins(newValue) }
    }

    open var preservesSuperviewLayoutMargins = false {
        didSet { if preservesSuperviewLayoutMargins != oldValue { setNeedsLayout() } }
    }

    /// Called when the view's margins changed.
    open func layoutMarginsDidChange() {}

    // MARK: Drawing (UIView+Drawing.swift)

    /// Draws `rect` (bounds coordinates) into the current context. The default
    /// draws nothing; a view that does not override it gets no backing store.
    open func draw(_ rect: CGRect) {
        inheritedDrawRan = true
    }

    // MARK: Hit testing (UIView+HitTest.swift)

    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        defaultHitTest(point, with: event)
    }

    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    // MARK: Touches and gestures (Events/, Gestures/)

    /// UIKit: false by default; such a view gets only the first of several
    /// simultaneous touches.
    open var isMultipleTouchEnabled = false

    /// While this view has a touch, no other view in the window gets one;
    /// it gets none while other views have touches.
    open var isExclusiveTouch = false

    /// Asked before one of the view's recognizers leaves .possible; false makes it fail.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        true
    }

    /// The recognizers attached to the view (Gestures/UIView+GestureRecognizers.swift).
    var attachedGestureRecognizers: [UIGestureRecognizer] = []

    /// The interactions added to the view (Menus/UIView+Interactions.swift).
    var attachedInteractions: [UIInteraction] = []

    // MARK: CALayerDelegate

    /// A view animates its layer only inside an animation block: outside
    /// one every change shows at once (NSNull); inside, the block's
    /// duration, curve and options apply (UIView+Animations.swift).
    open func action(for layer: CALayer, forKey event: String) -> CAAction? {
        viewAnimationAction(for: layer, forKey: event)
    }

    /// The layout pass of the view: its safe area and margins are brought
    /// up to date first, and a controller's view is laid out between the
    /// controller's viewWillLayoutSubviews and viewDidLayoutSubviews.
    public func layoutSublayers(of layer: CALayer) {
        guard layer === self.layer else { return }
        let traits = traitCollection
        traits.performAsCurrent {
            refreshTraitCollection(traits)
            refreshSafeAreaInsets()
            applyConstraintFrames()
            let controller = viewController
            controller?.viewWillLayoutSubviews()
            // Constants a controller set just now apply in this pass.
            if controller != nil, LayoutEngine.shared.hasPendingChanges { applyConstraintFrames() }
            controller?.layoutContainerViews()
            layoutSubviews()
            controller?.viewDidLayoutSubviews()
        }
    }

    public func draw(_ layer: CALayer, in ctx: CGContext) {
        guard layer === self.layer else { return }
        traitCollection.performAsCurrent { drawLayerContents(in: ctx) }
    }

    // MARK: Rendering (UIView+Rendering.swift)

    open var isHidden: Bool {
        get { layer.isHidden }
        set {
            let changed = newValue != layer.isHidden
            layer.isHidden = newValue
            if changed { (superview as? UIStackView)?.arrangedSubviewVisibilityDidChange(self) }
        }
    }

    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }

    /// True by default as in UIKit; the layer's flag (which lets the
    /// compositor skip what lies beneath) follows only when it is set, so a
    /// default view without a background is not promised opaque.
    open var isOpaque: Bool {
        get { opaqueHint }
        set {
            opaqueHint = newValue
            layer.isOpaque = newValue
        }
    }

    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// A view whose alpha masks this one: its layer becomes the layer's
    /// mask. It is in no view hierarchy; its frame is in this view's bounds.
    open var mask: UIView? {
        didSet {
            guard mask !== oldValue else { return }
            if let oldValue, layer.mask === oldValue.layer { layer.mask = nil }
            if let mask { layer.mask = mask.layer }
            // It draws at the scale of this view's window.
            oldValue?.windowScreenScaleDidChange()
            mask?.windowScreenScaleDidChange()
        }
    }

    // MARK: Invalidation (UIView+Layout.swift, UIView+Drawing.swift)

    /// Marks the view for layout at the next update (coalesces).
    open func setNeedsLayout() {
        layer.setNeedsLayout()
    }

    /// Lays out now if layout is pending: the superviews that need it first,
    /// then the view, then its subviews (top-down).
    open func layoutIfNeeded() {
        LayoutEngine.shared.prepareForLayout()
        layer.layoutIfNeeded()
    }

    /// Invalidates the whole view; invalidations coalesce until the display
    /// pass of the next update, which calls draw(_:) once.
    open func setNeedsDisplay() {
        layer.setNeedsDisplay()
    }

    /// Invalidates `invalidRect` (bounds coordinates) for the next display pass.
    open func setNeedsDisplay(_ invalidRect: CGRect) {
        layer.setNeedsDisplay(invalidRect)
    }

    // MARK: Hierarchy (UIView+Hierarchy.swift)

    open func addSubview(_ view: UIView) {
        insert(view, at: view.superview === self ? subviews.count - 1 : subviews.count)
    }

    open func removeFromSuperview() {
        removeFromSuperviewNotifying()
    }

    // MARK: Tint (UIView+Tint.swift)

    /// The view's own tint, or its superview's, or the system's blue.
    /// Setting nil makes it inherit again.
    open var tintColor: UIColor! {
        get { resolvedTintColor }
        set { setTintColor(newValue) }
    }

    /// Called when `tintColor` changes, for this view and the descendants
    /// that inherit it, and when the view moves under another tint.
    open func tintColorDidChange() {}

    // MARK: Stored state of the concerns

    /// The tint set on this view itself (UIView+Tint.swift).
    var explicitTintColor: UIColor?

    open var tag: Int = 0

    /// The margins set on the view (UIView+LayoutMargins.swift).
    var specifiedLayoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)

    /// The safe area last reported by safeAreaInsetsDidChange (UIView+SafeArea.swift).
    var reportedSafeAreaInsets: UIEdgeInsets = .zero

    /// safeAreaLayoutGuide and layoutMarginsGuide, made on first use (UILayoutGuide.swift).
    var ownedGuides = OwnedLayoutGuides()

    /// UIView.isOpaque's value (UIView+Rendering.swift).
    var opaqueHint = true

    /// Set by the inherited draw(_:) while it runs (UIView+Drawing.swift).
    var inheritedDrawRan = false

    /// Set once contentScaleFactor is assigned: it no longer follows the window.
    var hasExplicitContentScale = false

    /// Forwarded to the layer in UIView+Rendering.swift.
    open var backgroundColor: UIColor? {
        didSet { layer.backgroundColor = backgroundColor?.cgColor }
    }

    open var isUserInteractionEnabled = true

    open var autoresizesSubviews = true

    open var autoresizingMask: AutoresizingMask = []

    open var contentMode: ContentMode = .scaleToFill {
        didSet { applyContentMode() }
    }
}
