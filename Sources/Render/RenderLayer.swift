import StrataProtocol
import Synchronization

/// One node of a tree the renderer draws: CALayer's visual model, nothing
/// more. The compositor keeps one of these per client layer (and one per
/// window and per plain wl_surface buffer), and renders the output as one
/// tree whose root is the output itself.
///
/// Identity matters: the renderer tracks damage per layer object between
/// frames, so a changed property is found by comparing a layer with what
/// it drew last time.
public final class RenderLayer {
    /// The visual properties, stored together so the renderer reads a layer
    /// in one access a frame (each stored-property access of a class costs
    /// an exclusivity check), and so a compositor can keep a pending copy
    /// and apply it in one assignment.
    public struct Properties {
        public var position = Point.zero
        public var bounds = Rect.zero
        public var anchorPoint = Point(x: 0.5, y: 0.5)
        public var transform = AffineTransform.identity
        public var opacity: Double = 1
        public var isHidden = false
        public var masksToBounds = false
        public var backgroundColor: Color? = nil
        public var contents: LayerImage? = nil
        public var contentsScale: Double = 1
        public var contentsGravity: ContentsGravity = .resize
        public var contentsCenter = Rect.unit
        public var contentsRect = Rect.unit
        /// What was done to the contents image's pixels, undone when drawn.
        public var contentsTransform = ContentsTransform.normal
        public var isOpaque = false
        /// Where contents with alpha are promised opaque all the same, in
        /// bounds coordinates: a Wayland surface's opaque region. What they
        /// cover underneath is not drawn.
        public var opaqueContentsRects: [PixelRect] = []
        /// Rounded corners, border and shadow.
        public var style = LayerStyle()
        /// A CAShapeLayer's path and how it is filled and stroked.
        public var shape: ShapeStyle? = nil
        /// A CAGradientLayer's fill.
        public var gradient: GradientStyle? = nil
        /// A CAReplicatorLayer's rules for copying its sublayers.
        public var replicator: ReplicatorStyle? = nil
        /// 3-D transform, sublayer transform, z position, double-sidedness,
        /// transform layer (see `RenderLayer+Depth.swift`); nil when all are
        /// at their defaults, and then the layer is drawn as a 2-D one.
        public var depth: LayerDepth? = nil
        /// Blur what is drawn below, within the bounds (a material).
        public var backdrop: BackdropStyle? = nil

        public init() {}

        /// See RenderLayer.transformToSuperlayer.
        var transformToSuperlayer: AffineTransform {
            let anchor = Point(x: bounds.minX + anchorPoint.x * bounds.width,
                               y: bounds.minY + anchorPoint.y * bounds.height)
            return AffineTransform(translationX: -anchor.x, y: -anchor.y)
                .concatenating(transform)
                .concatenating(AffineTransform(translationX: position.x, y: position.y))
        }
    }
    public var properties = Properties() {
        didSet { SceneGeneration.layerChanged(self) }
    }

    // A write of the value already there is no change: the layer is not
    // logged as changed, so the next frame neither rebuilds nor compares it
    // (a compositor sets a window's geometry at every commit).
    public var position: Point { get { properties.position } set { if properties.position != newValue { properties.position = newValue } } }
    public var bounds: Rect { get { properties.bounds } set { if properties.bounds != newValue { properties.bounds = newValue } } }
    public var anchorPoint: Point { get { properties.anchorPoint } set { if properties.anchorPoint != newValue { properties.anchorPoint = newValue } } }
    public var transform: AffineTransform { get { properties.transform } set { if properties.transform != newValue { properties.transform = newValue } } }
    public var opacity: Double { get { properties.opacity } set { if properties.opacity != newValue { properties.opacity = newValue } } }
    public var isHidden: Bool { get { properties.isHidden } set { if properties.isHidden != newValue { properties.isHidden = newValue } } }
    public var masksToBounds: Bool { get { properties.masksToBounds } set { if properties.masksToBounds != newValue { properties.masksToBounds = newValue } } }
    public var backgroundColor: Color? { get { properties.backgroundColor } set { if properties.backgroundColor != newValue { properties.backgroundColor = newValue } } }
    public var contents: LayerImage? { get { properties.contents } set { if properties.contents !== newValue { properties.contents = newValue } } }
    public var contentsScale: Double { get { properties.contentsScale } set { if properties.contentsScale != newValue { properties.contentsScale = newValue } } }
    public var contentsGravity: ContentsGravity { get { properties.contentsGravity } set { if properties.contentsGravity != newValue { properties.contentsGravity = newValue } } }
    /// The stretchable part of the contents, in unit coordinates.
    public var contentsCenter: Rect { get { properties.contentsCenter } set { if properties.contentsCenter != newValue { properties.contentsCenter = newValue } } }
    /// The part of the contents shown, in unit coordinates.
    public var contentsRect: Rect { get { properties.contentsRect } set { if properties.contentsRect != newValue { properties.contentsRect = newValue } } }
    /// What was done to the contents image's pixels (a buffer transform),
    /// undone when drawn; contentsRect and gravity apply to the upright image.
    public var contentsTransform: ContentsTransform {
        get { properties.contentsTransform }
        set { if properties.contentsTransform != newValue { properties.contentsTransform = newValue } }
    }
    public var isOpaque: Bool { get { properties.isOpaque } set { if properties.isOpaque != newValue { properties.isOpaque = newValue } } }
    public var opaqueContentsRects: [PixelRect] {
        get { properties.opaqueContentsRects }
        set { if properties.opaqueContentsRects != newValue { properties.opaqueContentsRects = newValue } }
    }
    public var style: LayerStyle { get { properties.style } set { if properties.style != newValue { properties.style = newValue } } }
    public var shape: ShapeStyle? { get { properties.shape } set { if properties.shape != newValue { properties.shape = newValue } } }
    public var gradient: GradientStyle? {
        get { properties.gradient }
        set { if properties.gradient != newValue { properties.gradient = newValue } }
    }
    public var replicator: ReplicatorStyle? {
        get { properties.replicator }
        set { if properties.replicator != newValue { properties.replicator = newValue } }
    }
    public var depth: LayerDepth? { get { properties.depth } set { if properties.depth != newValue { properties.depth = newValue } } }
    public var backdrop: BackdropStyle? {
        get { properties.backdrop }
        set { if properties.backdrop != newValue { properties.backdrop = newValue } }
    }
    /// The layer's properties as its animations showed them `offset`
    /// seconds ago, for a replicator's delayed instances; set by whoever
    /// animates the layer, nil when it does not animate.
    public var presentationShifted: ((_ offset: Double) -> Properties)?
    /// A layer whose composited alpha masks this one and its subtree, as
    /// CALayer.mask; placed in this layer's bounds space, never drawn itself.
    public var mask: RenderLayer? {
        didSet {
            guard mask !== oldValue else { return }
            oldValue?.maskedLayer = nil
            mask?.maskedLayer = self
            SceneGeneration.structureChanged()
        }
    }
    /// The layer this one masks: changes to a mask redraw what it masks.
    public private(set) weak var maskedLayer: RenderLayer?

    /// A name for tree dumps and debugging, as CALayer.name; never drawn.
    public var name: String?

    public private(set) var sublayers: [RenderLayer] = []
    public private(set) weak var superlayer: RenderLayer?

    public init() {}

    /// Releases a deep tree one layer at a time: the default release of
    /// `sublayers` recurses once per level, and a client may hand over a
    /// chain 100,000 levels deep (then disconnect, dropping it at once).
    deinit {
        var stack = sublayers
        sublayers = []
        while var layer = stack.popLast() {
            if isKnownUniquelyReferenced(&layer) {
                stack += layer.sublayers
                layer.sublayers = []
            }
        }
    }

    /// Inserts at `index` (0 is back-most), first removing the layer from
    /// any superlayer it has.
    public func insertSublayer(_ layer: RenderLayer, at index: Int) {
        SceneGeneration.structureChanged()
        layer.removeFromSuperlayer()
        sublayers.insert(layer, at: min(index, sublayers.count))
        layer.superlayer = self
    }

    public func addSublayer(_ layer: RenderLayer) {
        insertSublayer(layer, at: sublayers.count)
    }

    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        SceneGeneration.structureChanged()
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    /// Replaces all sublayers at once.
    public func setSublayers(_ layers: [RenderLayer]) {
        SceneGeneration.structureChanged()
        for old in sublayers { old.superlayer = nil }
        sublayers = []
        for layer in layers { addSublayer(layer) }
    }

    /// Maps a point in this layer's bounds coordinates to its superlayer's
    /// coordinates: CALayer's geometry, with the transform about the anchor.
    public var transformToSuperlayer: AffineTransform { properties.transformToSuperlayer }
}

/// Counts changes to any layer or contents image, and logs which layers'
/// properties changed and which images were damaged: a renderer that sees
/// the same count as at its last frame skips the frame; one that sees only
/// property changes of layers it drew, and damage to images those layers
/// show, redraws just their subtrees instead of walking the whole tree.
public enum SceneGeneration {
    /// What a logged change was made to.
    enum Change {
        case layer(ObjectIdentifier)
        case image(ObjectIdentifier)
    }
    private struct Log {
        var generation: UInt64 = 0
        /// Property changes and image damage, oldest first, with the generation each made.
        var changes: [(generation: UInt64, change: Change)] = []
        /// Changes at or before this generation may have been dropped.
        var forgottenThrough: UInt64 = 0
        var lastStructureChange: UInt64 = 0

        mutating func append(_ change: Change) {
            generation &+= 1
            if changes.count >= SceneGeneration.capacity {
                forgottenThrough = changes[SceneGeneration.capacity / 2 - 1].generation
                changes.removeFirst(SceneGeneration.capacity / 2)
            }
            changes.append((generation, change))
        }
    }
    private static let log = Mutex(Log())
    /// Enough for a frame's changes; older ones are dropped half at a time.
    private static let capacity = 8192

    public static var current: UInt64 { log.withLock { $0.generation } }

    static func layerChanged(_ layer: RenderLayer) {
        let id = ObjectIdentifier(layer)
        log.withLock { $0.append(.layer(id)) }
    }

    static func structureChanged() {
        log.withLock { log in
            log.generation &+= 1
            log.lastStructureChange = log.generation
        }
    }

    static func imageDamaged(_ image: LayerImage) {
        let id = ObjectIdentifier(image)
        log.withLock { $0.append(.image(id)) }
    }

    /// What changed after `generation`: the layers whose properties
    /// changed and the images that were damaged, when those are the only
    /// changes since; nil when the tree's structure changed or the log no
    /// longer reaches back that far.
    static func changes(since generation: UInt64) -> (layers: Set<ObjectIdentifier>, images: Set<ObjectIdentifier>)? {
        log.withLock { log in
            guard log.lastStructureChange <= generation, log.forgottenThrough <= generation else { return nil }
            var layers = Set<ObjectIdentifier>(), images = Set<ObjectIdentifier>()
            for entry in log.changes.reversed() {
                if entry.generation <= generation { break }
                switch entry.change {
                case .layer(let id): layers.insert(id)
                case .image(let id): images.insert(id)
                }
            }
            return (layers, images)
        }
    }
}
