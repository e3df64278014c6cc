import Foundation
import StrataProtocol

/// Core Animation's layer: the model of one node of the compositor's layer
/// tree. Every setter that changes a value records the change for the next
/// transaction (see CALayer+Changes.swift).
open class CALayer {
    public required init() {}

    // MARK: Geometry

    /// Where the anchor point sits in the superlayer's coordinates.
    open var position: CGPoint = .zero {
        didSet { if position != oldValue { didChange(.position) } }
    }

    open var bounds: CGRect = .zero {
        didSet {
            guard bounds != oldValue else { return }
            didChange(.bounds)
            if bounds.size != oldValue.size {
                // CA lays a layer out again when its size changes.
                setNeedsLayout()
                if needsDisplayOnBoundsChange { setNeedsDisplay() }
            }
        }
    }

    /// In unit coordinates of the bounds; (0.5, 0.5) is the centre.
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5) {
        didSet { if anchorPoint != oldValue { didChange(.anchorPoint) } }
    }

    /// The 2-D transform, about the anchor point (protocol v1 is 2-D).
    var transform2D: CGAffineTransform = .identity {
        didSet { if transform2D != oldValue { didChange(.transform) } }
    }

    open func affineTransform() -> CGAffineTransform { transform2D }

    open func setAffineTransform(_ m: CGAffineTransform) { transform2D = m }

    // MARK: Appearance

    open var opacity: Float = 1 {
        didSet { if opacity != oldValue { didChange(.opacity) } }
    }

    open var isHidden = false {
        didSet { if isHidden != oldValue { didChange(.hidden) } }
    }

    open var masksToBounds = false {
        didSet { if masksToBounds != oldValue { didChange(.masksToBounds) } }
    }

    open var backgroundColor: CGColor? {
        didSet { if backgroundColor !== oldValue { didChange(.backgroundColor) } }
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
        didSet { if contentsCenter != oldValue { didChange(.contentsCenter) } }
    }

    open var isOpaque = false {
        didSet { if isOpaque != oldValue { didChange(.opaque) } }
    }

    /// Redraw on resize instead of scaling the old contents; the wire calls it
    /// the `.redraw` gravity (UIView.ContentMode.redraw).
    open var needsDisplayOnBoundsChange = false {
        didSet { if needsDisplayOnBoundsChange != oldValue { didChange(.contentsGravity) } }
    }

    open var name: String?

    /// Weak, as in CA: a view owns its layer, not the reverse.
    open weak var delegate: CALayerDelegate?

    deinit {
        if CATransaction.recordsDeallocations { CATransaction.deallocatedLayers.append(ObjectIdentifier(self)) }
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

    // MARK: Bookkeeping for the transaction, layout and display passes

    /// What changed since the encoder last looked.
    var changes: Changes = []

    var needsLayoutFlag = false {
        didSet { if needsLayoutFlag { superlayer?.markDescendantNeedsLayout() } }
    }
    /// Some layer below needs layout or display: the passes descend only
    /// into such subtrees, so a turn that changed one view of 10,000 does not
    /// visit the other 9,999.
    var descendantNeedsLayout = false
    var descendantNeedsDisplay = false

    /// The invalidated part of the bounds; `.null` when clean.
    var needsDisplayRect: CGRect = .null {
        didSet { if !needsDisplayRect.isNull { superlayer?.markDescendantNeedsDisplay() } }
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
