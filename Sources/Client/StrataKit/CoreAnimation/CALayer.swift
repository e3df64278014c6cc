import Foundation
import StrataProtocol

/// Core Animation's layer: the model of one node of the compositor's layer
/// tree. Every setter that changes a value records the change for the next
/// transaction (see CALayer+Changes.swift).
open class CALayer {
    public required init() {}

    /// Whether `p` (in the layer's coordinates) is within its bounds.
    open func contains(_ p: CGPoint) -> Bool {
        bounds.contains(p)
    }

    // MARK: Geometry

    /// Where the anchor point sits in the superlayer's coordinates.
    open var position: CGPoint = .zero {
        didSet {
            guard position != oldValue else { return }
            didChange(.position)
            runAction(for: .position, previous: [Double(oldValue.x), Double(oldValue.y)])
        }
    }

    open var bounds: CGRect = .zero {
        didSet {
            guard bounds != oldValue else { return }
            didChange(.bounds)
            runAction(for: .bounds, previous: Rect(oldValue).wireValue)
            if bounds.size != oldValue.size {
                // CA lays a layer out again when its size changes.
                setNeedsLayout()
                // A pattern background is tiled again at the new size, never stretched.
                if needsDisplayOnBoundsChange || backgroundColor?.patternImage != nil { setNeedsDisplay() }
            }
        }
    }

    /// In unit coordinates of the bounds; (0.5, 0.5) is the centre.
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5) {
        didSet {
            guard anchorPoint != oldValue else { return }
            didChange(.anchorPoint)
            runAction(for: .anchorPoint, previous: [Double(oldValue.x), Double(oldValue.y)])
        }
    }

    /// The transform about the anchor point (and anchorPointZ), as Core
    /// Animation's: a 4×4 matrix, with perspective in m34.
    open var transform: CATransform3D = CATransform3DIdentity {
        didSet {
            guard transform != oldValue else { return }
            didChange(.transform)
            // A change to or from 3-D animates all sixteen terms; a 2-D one its affine part, as before.
            if CATransform3DIsAffine(oldValue), CATransform3DIsAffine(transform) {
                runAction(for: .transform, previous: StrataProtocol.AffineTransform(CATransform3DGetAffineTransform(oldValue)).components)
            } else {
                runAction(for: .transform3D, previous: oldValue.wireValue)
            }
        }
    }

    /// The affine part of `transform` (m11 m12 m21 m22 m41 m42).
    open func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }

    open func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    /// Applied to every sublayer after its own transform, about the centre
    /// of the bounds: an m34 of −1/distance gives the sublayers perspective.
    open var sublayerTransform: CATransform3D = CATransform3DIdentity {
        didSet {
            guard sublayerTransform != oldValue else { return }
            didChange(.sublayerTransform)
            runAction(for: .sublayerTransform, previous: oldValue.wireValue)
        }
    }

    /// The anchor point's z coordinate: the transform turns about it.
    open var anchorPointZ: CGFloat = 0 {
        didSet {
            guard anchorPointZ != oldValue else { return }
            didChange(.depth)
            runAction(for: .anchorPointZ, previous: [Double(oldValue)])
        }
    }

    /// Whether the layer is drawn while its back faces the viewer.
    open var isDoubleSided = true {
        didSet { if isDoubleSided != oldValue { didChange(.depth) } }
    }

    // MARK: Appearance

    open var opacity: Float = 1 {
        didSet {
            guard opacity != oldValue else { return }
            didChange(.opacity)
            runAction(for: .opacity, previous: [min(max(Double(oldValue), 0), 1)])
        }
    }

    open var isHidden = false {
        didSet { if isHidden != oldValue { didChange(.hidden) } }
    }

    open var masksToBounds = false {
        didSet { if masksToBounds != oldValue { didChange(.masksToBounds) } }
    }

    open var backgroundColor: CGColor? {
        didSet {
            guard backgroundColor !== oldValue else { return }
            didChange(.backgroundColor)
            // A pattern is painted into the contents (CALayer+Display).
            if backgroundColor?.patternImage != nil || oldValue?.patternImage != nil { setNeedsDisplay() }
            let old = oldValue.map(Color.init) ?? .clear
            runAction(for: .backgroundColor, previous: [old.red, old.green, old.blue, old.alpha])
        }
    }

    /// A CGImage, or nil.
    open var contents: Any? {
        didSet { didChange(.contents) }
    }

    open var contentsScale: CGFloat = 1 {
        didSet {
            guard contentsScale != oldValue else { return }
            didChange(.contentsScale)
            // The backing store has a different pixel size now.
            if drawsContent { setNeedsDisplay() }
        }
    }

    open var contentsGravity: CALayerContentsGravity = .resize {
        didSet { if contentsGravity != oldValue { didChange(.contentsGravity) } }
    }

    /// The stretchable part of the contents, in unit coordinates.
    open var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1) {
        didSet {
            guard contentsCenter != oldValue else { return }
            didChange(.contentsCenter)
            runAction(for: .contentsCenter, previous: Rect(oldValue).wireValue)
        }
    }

    /// The part of the contents shown, in unit coordinates.
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1) {
        didSet {
            guard contentsRect != oldValue else { return }
            didChange(.contentsRect)
            runAction(for: .contentsRect, previous: Rect(oldValue).wireValue)
        }
    }

    open var isOpaque = false {
        didSet { if isOpaque != oldValue { didChange(.opaque) } }
    }

    /// Redraw on resize instead of scaling the old contents; the wire calls it
    /// the `.redraw` gravity (UIView.ContentMode.redraw).
    open var needsDisplayOnBoundsChange = false {
        didSet { if needsDisplayOnBoundsChange != oldValue { didChange(.contentsGravity) } }
    }

    // MARK: Corners, border and shadow (drawn by the compositor)

    /// Rounds the background, border and gradient; the contents and
    /// sublayers only when `masksToBounds` is set, as in Core Animation.
    open var cornerRadius: CGFloat = 0 {
        didSet {
            guard cornerRadius != oldValue else { return }
            didChange(.cornerRadius)
            if backgroundColor?.patternImage != nil { setNeedsDisplay() }
            runAction(for: .cornerRadius, previous: [Self.nonNegative(oldValue)])
        }
    }

    open var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner] {
        didSet { if maskedCorners != oldValue { didChange(.cornerRadius) } }
    }

    open var cornerCurve: CALayerCornerCurve = .circular {
        didSet { if cornerCurve != oldValue { didChange(.cornerRadius) } }
    }

    /// Drawn inside the bounds, above the contents and sublayers.
    open var borderWidth: CGFloat = 0 {
        didSet {
            guard borderWidth != oldValue else { return }
            didChange(.border)
            runAction(for: .borderWidth, previous: [Self.nonNegative(oldValue)])
        }
    }

    /// Opaque black by default, as in Core Animation.
    open var borderColor: CGColor? = .black {
        didSet {
            guard borderColor != oldValue else { return }
            didChange(.border)
            runAction(for: .borderColor, previous: Self.wireColor(oldValue))
        }
    }

    /// Opaque black by default; no shadow shows until `shadowOpacity` is above 0.
    open var shadowColor: CGColor? = .black {
        didSet {
            guard shadowColor != oldValue else { return }
            didChange(.shadow)
            runAction(for: .shadowColor, previous: Self.wireColor(oldValue))
        }
    }

    open var shadowOpacity: Float = 0 {
        didSet {
            guard shadowOpacity != oldValue else { return }
            didChange(.shadow)
            runAction(for: .shadowOpacity, previous: [min(max(Double(oldValue), 0), 1)])
        }
    }

    /// (0, -3) by default: Core Animation's, from macOS where y grows upwards
    /// (on iOS it puts the shadow above the layer).
    open var shadowOffset = CGSize(width: 0, height: -3) {
        didSet {
            guard shadowOffset != oldValue else { return }
            didChange(.shadow)
            runAction(for: .shadowOffset, previous: [Double(oldValue.width), Double(oldValue.height)])
        }
    }

    /// The blur radius, in points.
    open var shadowRadius: CGFloat = 3 {
        didSet {
            guard shadowRadius != oldValue else { return }
            didChange(.shadow)
            runAction(for: .shadowRadius, previous: [Self.nonNegative(oldValue)])
        }
    }

    /// The shadow's shape; nil casts it from the layer's composited alpha.
    /// Not animated (Core Animation animates it; the protocol does not yet).
    /// Animatable, as a shape layer's path.
    open var shadowPath: CGPath? {
        didSet {
            didChange(.shadowPath)
            if let oldValue, shadowPath != nil { runAction(for: .shadowPath, previous: LayerPath(oldValue).wireValue) }
        }
    }

    open var name: String?

    /// Where the layer is stacked among its siblings: larger is above,
    /// whatever the order of `sublayers` (CALayer+ZPosition.swift); in 3-D
    /// also its place on the z axis, nearer the eye when larger.
    open var zPosition: CGFloat = 0 {
        didSet {
            guard zPosition != oldValue else { return }
            superlayer?.didChange(.sublayers)
            didChange(.zPosition)
            runAction(for: .zPosition, previous: [Double(oldValue)])
        }
    }

    /// Weak, as in CA: a view owns its layer, not the reverse.
    open weak var delegate: CALayerDelegate?

    deinit {
        if CATransaction.recordsDeallocations { CATransaction.deallocatedLayers.append(ObjectIdentifier(self)) }
        for entry in animationEntries { entry.layerWasFreed() }
    }

    // MARK: Tree

    /// Joining a tree carries pending layout and display up, so the passes
    /// that start at the root find them.
    public internal(set) weak var superlayer: CALayer? {
        didSet {
            guard let superlayer else { return }
            if needsLayoutFlag || descendantNeedsLayout { superlayer.markDescendantNeedsLayout() }
            if !needsDisplayRect.isNull || descendantNeedsDisplay { superlayer.markDescendantNeedsDisplay() }
        }
    }

    var sublayerStorage: [CALayer] = []

    /// A layer whose alpha masks this one and its sublayers (CALayer+Mask.swift).
    /// It has no superlayer; it is placed in this layer's bounds space.
    open var mask: CALayer? {
        didSet { if mask !== oldValue { maskDidChange(from: oldValue) } }
    }

    /// The layer this one is the mask of.
    weak var maskedLayer: CALayer?

    // MARK: Animations (CALayer+Animations.swift)

    /// Actions by key, consulted after the delegate (NSNull: none).
    open var actions: [String: CAAction]?

    /// The action for a change of `event`: the delegate's, then `actions`,
    /// then the class's default (an implicit animation). NSNull anywhere
    /// means none.
    open func action(forKey event: String) -> CAAction? {
        if let delegate, let action = delegate.action(for: self, forKey: event) {
            return action is NSNull ? nil : action
        }
        if let action = actions?[event] { return action is NSNull ? nil : action }
        return type(of: self).defaultAction(forKey: event)
    }

    open class func defaultAction(forKey event: String) -> CAAction? {
        implicitAnimation(forKey: event)
    }

    var animationEntries: [LayerAnimationEntry] = []
    /// Wire keys of sent animations to remove at the next commit.
    var pendingWireRemovals: [String] = []
    /// The transaction the layer was made in: it has no presentation (and
    /// no implicit animations) until that transaction is committed.
    let creationTransaction = CATransaction.transactionNumber
    var committedOnce: Bool { CATransaction.transactionNumber > creationTransaction }
    /// A presentation copy: changes to it go nowhere.
    var isDetachedCopy = false

    // MARK: Overridable passes (class body: extension members cannot be overridden)

    /// Lays out the sublayers; by default asks the delegate (a view lays out
    /// its subviews there).
    open func layoutSublayers() {
        delegate?.layoutSublayers(of: self)
    }

    /// Makes the contents: a delegate that implements `display(_:)` does it;
    /// otherwise the layer draws itself into its backing store.
    open func display() {
        if let delegate {
            delegateLacksDisplay = false
            delegate.display(self)
            if !delegateLacksDisplay { return }
        }
        displayByDrawing()
    }

    /// Draws the contents; by default asks the delegate.
    open func draw(in ctx: CGContext) {
        if let delegate {
            delegate.draw(self, in: ctx)
        } else {
            noteDrawIsInherited(by: type(of: self))
        }
    }

    // MARK: What subclasses add (CAShapeLayer, CAGradientLayer)

    /// Copies the values a presentation copy shows but does not animate.
    func copyStyle(from layer: CALayer) {
        (maskedCorners, cornerCurve, shadowPath) = (layer.maskedCorners, layer.cornerCurve, layer.shadowPath)
    }

    /// Writes the subclass's animatable values into `values` (see `animatableValues`).
    func storeAnimatableValues(into values: inout AnimatableValues) {}

    /// Takes the subclass's animatable values from `values`.
    func takeAnimatableValues(_ values: AnimatableValues) {}

    // MARK: Bookkeeping for the transaction, layout and display passes

    /// What changed since the encoder last looked.
    var changes: Changes = []
    /// The backdrop and what stands in for it (CALayer+Backdrop.swift).
    var material: (style: BackdropStyle, fallback: Color?)?

    var needsLayoutFlag = false {
        didSet { if needsLayoutFlag { containingLayer?.markDescendantNeedsLayout() } }
    }
    /// Some layer below needs layout or display: the passes descend only
    /// into such subtrees, so a turn that changed one view of 10,000 does not
    /// visit the other 9,999.
    var descendantNeedsLayout = false
    var descendantNeedsDisplay = false

    /// The invalidated part of the bounds; `.null` when clean.
    var needsDisplayRect: CGRect = .null {
        didSet { if !needsDisplayRect.isNull { containingLayer?.markDescendantNeedsDisplay() } }
    }

    /// In contents pixels; nil means the whole contents changed.
    var contentsDamage: [CGRect]?

    /// Whether drawing clears the invalidated rect first (UIView forwards its
    /// `clearsContextBeforeDrawing`).
    var clearsContextBeforeDrawing = true

    /// Set by the default `CALayerDelegate.display(_:)`.
    var delegateLacksDisplay = false

    /// The wire's gravity.
    var protocolGravity: ContentsGravity {
        needsDisplayOnBoundsChange ? .redraw : contentsGravity.protocolValue
    }
}
