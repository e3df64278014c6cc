import CPixman
import StrataProtocol

/// What one frame cost: the region that was recomposited and how many
/// pixels the composite operations wrote (tests count these, never time).
public struct FrameStats: Sendable {
    /// The recomposited region, as disjoint rects in output pixels.
    public var damage: [PixelRect] = []
    /// Sum over composite operations of the destination pixels each wrote.
    public var pixelsComposited = 0
    public var compositeOperations = 0
    /// Materials blurred, and the pixels their blurs read: 0 in a frame
    /// where nothing below a material or the material changed.
    public var backdropBlurs = 0
    public var pixelsBlurred = 0
    public init() {}
}

/// Draws a layer tree into a shadow buffer (x8r8g8b8) of the output's size,
/// recompositing only what changed since the previous frame.
///
/// Each frame: build the tree's draw state in output pixels, compare it
/// with the last frame's per layer to find the damage, accumulate opaque
/// regions front to back, then paint back to front only the damaged
/// pixels that nothing opaque hides.
public final class SceneRenderer {
    public let width: Int
    public let height: Int
    /// Output pixels per point.
    public let scale: Double
    /// The shadow buffer (`pixman_image_t *`); screenshots read it.
    public let framebuffer: OpaquePointer

    /// What each layer drew last frame.
    var drawn: [ObjectIdentifier: DrawnState] = [:]
    var needsFullDamage = true
    /// SceneGeneration.current when the last frame was built.
    private var renderedGeneration: UInt64?
    private var renderedRoot: ObjectIdentifier?
    /// Last frame's draw tree, which a frame that changed only some layers' properties patches.
    private var previousTree: DrawNode?
    /// Counters of the frame being rendered.
    var stats = FrameStats()
    /// Shrunk contents, kept while they are drawn and undamaged.
    let prescaleCache = PrescaleCache()
    /// Last full frame's replicators and 3-D projections: while there are
    /// any, every frame is built whole, since a change within one redraws
    /// all its copies (all its projection).
    var drawnReplicators: [ObjectIdentifier: DrawNode] = [:]
    /// Last full frame had a shadow cast by sublayers: frames are built whole too.
    var drawnSublayerShadows = false
    /// Materials outside groups in the drawn tree: damage near one grows to all it reads.
    var drawnBackdrops: [ObjectIdentifier: DrawNode] = [:]
    /// Rounded corners, borders, shapes and shadows, rasterised.
    let decorationCache = DecorationCache()
    /// Projected layers' planes, kept while nothing in them changes.
    let planeCache = PlaneCache()
    /// Decoration rasters made so far: a layer that only moves makes none.
    public var decorationRastersMade: Int { decorationCache.rastersMade }
    /// Where this output's top left is in the root's bounds space, in
    /// points: with several outputs, each renderer draws its own part of
    /// one tree. Changing it redraws everything.
    public var origin: Point = .zero {
        didSet { if origin != oldValue { needsFullDamage = true } }
    }

    public init(width: Int, height: Int, scale: Double) {
        self.width = width
        self.height = height
        self.scale = scale
        framebuffer = pixman_image_create_bits(PIXMAN_x8r8g8b8, Int32(width), Int32(height), nil, 0)!
    }

    deinit { pixman_image_unref(framebuffer) }

    /// Composites the damaged part of `root`'s tree and returns what it did.
    /// The root is the output: its bounds coordinate space is the output in
    /// points, with bounds.origin at the top left (its position, anchorPoint
    /// and transform are not applied); its background fills its bounds.
    /// Pixels no layer covers are black.
    /// `sharedDamage`: the frame's contents damage, when other renderers draw the same tree this frame.
    public func render(_ root: RenderLayer, sharedDamage: SharedImageDamage? = nil) -> FrameStats {
        stats = FrameStats()
        // Nothing changed anywhere since the last frame: nothing to draw.
        let generation = SceneGeneration.current
        let sameRoot = ObjectIdentifier(root) == renderedRoot
        if !needsFullDamage, generation == renderedGeneration, sameRoot { return stats }
        let output = PixelRect(x: 0, y: 0, width: width, height: height)
        var tree: DrawNode?
        let damage: Region
        if !needsFullDamage, sameRoot, drawnReplicators.isEmpty, !drawnSublayerShadows, let previousTree, let last = renderedGeneration,
           let changes = SceneGeneration.changes(since: last),
           let patched = patch(previousTree, changed: changes.layers, damagedImages: changes.images, output: output,
                               sharedDamage: sharedDamage) {
            tree = previousTree
            damage = patched
        } else {
            let frame = FrameBuilder(scale: scale, output: output, previous: drawn, origin: origin, sharedDamage: sharedDamage,
                                     cache: decorationCache)
            tree = frame.build(root: root)
            prescaleCache.invalidate(imagesDamagedIn: frame)
            damage = damageRegion(previous: drawn, frame: frame, output: output)
            drawn = frame.states
            drawnReplicators = frame.wholeSubtreeNodes
            planeCache.keep(only: frame.projectedNodes.keys)
            drawnSublayerShadows = frame.usesSublayerShadows
            drawnBackdrops = Dictionary(uniqueKeysWithValues: frame.backdropNodes.map { (ObjectIdentifier($0), $0) })
        }
        growDamageForBackdrops(damage)
        (renderedGeneration, renderedRoot, previousTree) = (generation, ObjectIdentifier(root), tree)
        defer { prescaleCache.endFrame(); decorationCache.endFrame() }
        needsFullDamage = false
        guard !damage.isEmpty else { return stats }
        stats.damage = damage.rects

        var items: [PaintItem] = []
        if let tree { PaintItem.items(of: tree, touching: damage.extents, into: &items) }
        let (clips, opaque) = occlusionClips(items, damage: damage)
        let target = PaintTarget(image: framebuffer)

        // Damaged pixels nothing opaque covers start from black.
        let uncovered = damage.subtracting(opaque)
        if !uncovered.isEmpty {
            let black = makeSolidImage(.black)
            composite(PIXMAN_OP_SRC, source: black, into: target, rect: uncovered.extents, clip: uncovered)
            pixman_image_unref(black)
        }
        for (item, clip) in zip(items, clips) {
            if let clip { paint(item, into: target, clip: clip) }
        }
        return stats
    }

    /// Forgets what was drawn, so the next frame recomposites everything.
    public func invalidateAll() { needsFullDamage = true }
}
