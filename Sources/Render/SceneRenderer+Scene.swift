import StrataProtocol

// One frame's view of the tree, in output pixels: every visible layer with
// its layer→pixel transform, clip and prepared composites. Built fresh each
// frame; the damage and paint passes read it.

/// One composite of (part of) a contents image.
struct ContentsDraw {
    /// The part of the image drawn, in image pixels.
    var source: Rect
    var imageToPixel: AffineTransform
    /// Destination pixels the composite covers.
    var rect: PixelRect
    /// Rectilinear: edge pixels are padded and the composite is clipped to
    /// `rect`. Otherwise the image is transparent outside `source` and the
    /// bilinear filter antialiases its edges.
    var rectilinear: Bool
    /// Whole-pixel translation: no filtering needed.
    var nearest: Bool
    /// Whole pixels onto whole pixels, perhaps turned or mirrored by the
    /// contents' transform: sampled nearest through a transform, exactly.
    /// Plain contents are exact only when `nearest`.
    var exact: Bool
    /// Pad the edges even though rotated: set when the contents cover the
    /// bounds of a layer whose own rotated mask antialiases the edges, so
    /// they are not antialiased twice.
    var padEdges = false

    /// `turnedContents`: the contents' own transform (a buffer transform)
    /// turns them, on a layer that is not rotated, so a quarter turn keeps
    /// them on the grid. A layer's own rotation stays antialiased as ever.
    init(source: Rect, imageToPixel: AffineTransform, turnedContents: Bool = false) {
        self.source = source
        self.imageToPixel = imageToPixel
        rectilinear = imageToPixel.isNearlyRectilinear || (turnedContents && imageToPixel.isNearlyQuarterTurn)
        nearest = imageToPixel.isIntegerTranslation
        exact = nearest || (turnedContents && imageToPixel.isIntegerPixelPermutation)
        if rectilinear {
            rect = PixelRect(rounding: imageToPixel.boundingBox(of: source))
        } else {
            let grown = Rect(x: source.minX - 0.5, y: source.minY - 0.5, width: source.width + 1, height: source.height + 1)
            rect = PixelRect(enclosing: imageToPixel.boundingBox(of: grown))
        }
    }
}

/// A nine-patch under rotation: the slices are first drawn, unrotated, into
/// an image of the contents frame at pixel density, which is then drawn
/// with the layer's transform — so slices neither bleed nor leave seams.
struct ComposedContents {
    var width: Int, height: Int
    /// Into the intermediate image.
    var slices: [ContentsDraw]
    /// The intermediate image to the destination.
    var draw: ContentsDraw
}

/// Content that is rendered offscreen and composited as one: group opacity
/// (a layer with opacity < 1 and sublayers), or masksToBounds under rotation.
struct Group: Equatable {
    var opacity: Double
    /// Composite through an antialiased mask of the layer's rotated bounds.
    var masksToRotatedBounds: Bool
    /// Composite through the layer's rounded bounds (masksToBounds with a corner radius).
    var masksToRoundedBounds = false
    /// Multiplied by the alpha of the layer's mask layer (CALayer.mask).
    var hasMaskLayer = false
}

/// A rotated masksToBounds ancestor, as part of a layer's drawn state.
struct MaskKey: Hashable {
    var toPixel: AffineTransform
    var bounds: Rect
}

/// Everything about a layer's own drawing that affects its pixels. Equal
/// keys (and the same contents object) mean the layer drew the same pixels.
struct DrawKey: Equatable {
    var toPixel: AffineTransform
    var bounds: Rect
    var background: Color?
    var isOpaque: Bool
    var contentsScale: Double
    var contentsGravity: ContentsGravity
    var contentsCenter: Rect
    var contentsRect: Rect
    var contentsTransform: ContentsTransform
    /// Multiplier of the layer's own drawing.
    var alpha: Double
    /// The offscreen group this layer's own drawing goes through, if it
    /// starts one: its edges come from the group's mask then.
    var group: Group?
    /// Product of the opacities of the layer and its ancestors, so a fading
    /// group damages all its members.
    var groupOpacity: Double
    var clip: PixelRect
    var masks: [MaskKey]
    var style: LayerStyle
    var shape: ShapeStyle?
    var gradient: GradientStyle?
    var replicator: ReplicatorStyle?
    var masksToBounds: Bool
    /// How a projected layer's plane maps to the output (3-D).
    var projection: ProjectionKey? = nil
    /// Among siblings, the drawing order (3-D).
    var zPosition: Double = 0
    var backdrop: BackdropPlan? = nil
}

/// A material in output pixels: where it replaces what is below by its
/// blur, and how far below it reads.
struct BackdropPlan: Equatable {
    var style: BackdropStyle
    /// The bounds' pixels (clipped): what the blur replaces and the tint covers.
    var rect: PixelRect
    /// The Gaussian's σ in output pixels.
    var sigma: Double
    /// Outside any offscreen group, so it blurs the output (otherwise it draws only its tint).
    var readsBelow: Bool
    /// `rect` grown by the blur's reach, on the output: every pixel the blur reads.
    var source: PixelRect
}

/// A layer's contents, prepared for compositing.
struct PreparedContents {
    var image: LayerImage
    var draws: [ContentsDraw] = []
    var composed: ComposedContents?

    /// Drawn with SRC: opaque pixels, padded to pixel-aligned rects.
    var isOpaque: Bool { !image.hasAlpha && composed == nil && draws.allSatisfy(\.rectilinear) }
}

/// What a layer's drawing inherits from its ancestors.
struct Inherited {
    var toPixel: AffineTransform
    var outerClip: PixelRect
    var inheritedOpacity: Double
    var masks: [MaskKey]
    /// Unowned: a node keeps what it inherited, and its parent keeps it.
    unowned(unsafe) var parent: DrawNode?
    var siblingIndex: Int
    var restacked: Bool
    /// Opacity of ancestors too deeply nested to get their own offscreen
    /// group, applied to each layer's own drawing instead.
    var fade: Double
    var groupDepth: Int
    /// Under a replicator: which copy this is and how it differs (nil
    /// elsewhere; a reference, so the many layers outside replicators
    /// copy no more than a pointer for it).
    var replica: Replica? = nil
    /// The layer is a replicator's sublayer, where the tint's alpha applies.
    var isInstanceRoot = false
    /// 3-D: the superlayer's sublayer transform, or this layer's projection
    /// (nil for the 2-D layers almost all are).
    var depth: InheritedDepth? = nil
    /// Inside a projected layer's plane, whose pixels are not the output's:
    /// its layers are tracked for changes but damage through the projection.
    var inPlane = false

    var instance: Int { replica?.instance ?? 0 }
    var timeOffset: Double { replica?.timeOffset ?? 0 }
}

/// A copy a replicator makes of its sublayers: which (0: the layers
/// themselves, which alone are tracked for damage), how much later its
/// animations run, and its tint.
final class Replica {
    let instance: Int
    let timeOffset: Double
    let tint: Color
    init(instance: Int, timeOffset: Double, tint: Color) { (self.instance, self.timeOffset, self.tint) = (instance, timeOffset, tint) }
}

/// One visible layer of a frame. Set up whole at creation (fields of a
/// class cost an exclusivity check per access), except for the links to
/// its sublayers.
final class DrawNode {
    let layer: RenderLayer
    let toPixel: AffineTransform
    /// The clip of this layer's own drawing and of its sublayers.
    let clip: PixelRect
    let pixelAlignedBounds: Bool
    /// Multiplier of the layer's own drawing.
    let alpha: Double
    let group: Group?
    let background: Color?
    let backgroundRect: PixelRect
    let contents: LayerImage?
    let contentsDraws: [ContentsDraw]
    let composed: ComposedContents?
    /// Pixels this layer's own drawing can touch (clipped).
    let ownRect: PixelRect
    /// Contents drawn with SRC: opaque pixels, padded to a pixel-aligned rect.
    let contentsAreOpaque: Bool
    /// The contents' pixels are opaque and unfaded (drawn with SRC where nothing clips them).
    let contentsOpaquePixels: Bool
    /// Rounded corners the contents are clipped to, when no group does it.
    let contentsClip: PlacedRaster?
    /// The masked corners of rounded bounds on the pixel grid: the only
    /// pixels a rounded background or clip needs coverage for.
    let cornerRegion: Region?
    /// The background is drawn with SRC: opaque, on the pixel grid, unfaded.
    let backgroundIsOpaque: Bool
    /// Output pixels that contents with alpha promise are opaque (see
    /// `RenderLayer.opaqueContentsRects`), clipped.
    let promisedOpaque: [PixelRect]
    /// Rounded background, gradient, shape, border and shadow.
    let decorations: LayerDecorations?
    /// A material's blur and tint, drawn before the layer's own drawing.
    let backdrop: BackdropPlan?
    /// Pixels this layer's own drawing covers fully opaque besides the
    /// above: the inside of a rounded opaque background.
    let opaqueInterior: PixelRect
    /// Pixels the layer and its subtree can touch (clipped).
    var subtreeRect = PixelRect.empty
    var children: [DrawNode] = []
    /// The layer's mask layer (CALayer.mask), drawn only as the mask of its group.
    var maskTree: DrawNode?
    /// Indices of sublayers that changed places (see restackedSublayers).
    var restackedSublayers: Set<Int> = []
    /// A layer drawn flat in a plane of its own and projected (3-D).
    var projection: Projection?
    /// What it was built from, so a later frame can rebuild just this
    /// subtree when only its layers' properties changed.
    var inherited: Inherited?

    /// Releases a deep subtree one node at a time: the default release of
    /// `children` recurses once per level and overflows the stack.
    deinit {
        var stack = children
        children = []
        while var node = stack.popLast() {
            if isKnownUniquelyReferenced(&node) {
                stack += node.children
                node.children = []
            }
        }
    }

    init(layer: RenderLayer, toPixel: AffineTransform, clip: PixelRect, pixelAlignedBounds: Bool, alpha: Double,
         group: Group?, background: Color?, backgroundRect: PixelRect, contents: PreparedContents?, ownRect: PixelRect,
         opaqueContentsRects: [PixelRect], decorations: LayerDecorations? = nil, opaqueInterior: PixelRect = .empty,
         contentsClip: PlacedRaster? = nil, backdrop: BackdropPlan? = nil) {
        self.layer = layer
        self.backdrop = backdrop
        self.toPixel = toPixel
        self.clip = clip
        self.pixelAlignedBounds = pixelAlignedBounds
        self.alpha = alpha
        self.group = group
        self.background = background
        self.backgroundRect = backgroundRect
        self.contents = contents?.image
        contentsDraws = contents?.draws ?? []
        composed = contents?.composed
        self.ownRect = ownRect
        contentsOpaquePixels = alpha >= 1 && contents?.isOpaque == true
        self.contentsClip = contentsClip
        contentsAreOpaque = contentsOpaquePixels && contentsClip == nil
        if pixelAlignedBounds, let corners = decorations?.cornerRects, !corners.isEmpty {
            let region = Region()
            for rect in corners { region.formUnion(rect) }
            cornerRegion = region
        } else {
            cornerRegion = nil
        }
        self.decorations = decorations
        self.opaqueInterior = opaqueInterior
        backgroundIsOpaque = (background?.alpha ?? 0) >= 1 && alpha >= 1 && pixelAlignedBounds && decorations?.fill == nil
        promisedOpaque = contentsAreOpaque || contentsClip != nil ? [] : DrawNode.promisedOpaque(opaqueContentsRects, of: contents,
                                                                          toPixel: toPixel, alpha: alpha, clip: clip)
    }

    /// The promised rects in output pixels, where the contents' own
    /// composites cover them unfaded and unrotated; rounded inwards, and
    /// where the contents are filtered (scaled, or at a fraction of a
    /// pixel) kept 2 pixels clear of the edge, which the filter blends with
    /// the translucent pixels outside.
    private static func promisedOpaque(_ rects: [PixelRect], of contents: PreparedContents?, toPixel: AffineTransform,
                                       alpha: Double, clip: PixelRect) -> [PixelRect] {
        guard !rects.isEmpty, alpha >= 1, let contents, contents.composed == nil, toPixel.isNearlyRectilinear else { return [] }
        var promised: [PixelRect] = []
        for rect in rects {
            let mapped = PixelRect(inside: toPixel.boundingBox(of: Rect(x: Double(rect.x), y: Double(rect.y),
                                                                        width: Double(rect.width), height: Double(rect.height))))
            for draw in contents.draws where draw.rectilinear {
                let part = (draw.exact ? mapped : mapped.insetBy(2)).intersection(draw.rect).intersection(clip)
                if !part.isEmpty { promised.append(part) }
            }
        }
        return promised
    }
}

/// Per-frame state collected while walking the tree.
final class FrameBuilder {
    let scale: Double
    let output: PixelRect
    /// What each layer drew last frame.
    let previous: [ObjectIdentifier: DrawnState]
    var states: [ObjectIdentifier: DrawnState] = [:]
    var contentsDamage = Region()
    private var imageDamage: [ObjectIdentifier: [PixelRect]] = [:]

    /// Off for snapshots, which must leave images' damage to the output's renderer.
    let takesDamage: Bool
    /// Where images' damage is taken from when other outputs' renderers draw the same frame.
    let sharedDamage: SharedImageDamage?
    /// The output's top left in the root's bounds space, in points (0,0
    /// for a single output; an output's place in the layout otherwise).
    let origin: Point

    /// Set when the tree's structure is known not to have changed since the
    /// last frame: no sublayer can have changed places.
    let assumesNoRestacking: Bool
    /// Rasters of rounded corners, borders, shapes and shadows, kept across frames.
    let cache: DecorationCache
    /// Replicators drawn this frame: a change anywhere in one's subtree damages all its copies.
    var replicatorNodes: [ObjectIdentifier: DrawNode] = [:]
    /// Layers projected in 3-D this frame: a change anywhere in one's plane damages its whole footprint.
    var projectedNodes: [ObjectIdentifier: DrawNode] = [:]
    /// Nodes whose whole subtree any change within redraws: replicators and projections.
    var wholeSubtreeNodes: [ObjectIdentifier: DrawNode] {
        projectedNodes.isEmpty ? replicatorNodes : replicatorNodes.merging(projectedNodes) { a, _ in a }
    }
    /// Layers drawn as replicator copies this frame, and at most how many:
    /// nested replicators multiply, and a client's 1024 × 1024 copies must
    /// not cost the compositor a million layers a frame.
    var copiesMade = 0
    static let maximumCopies = 65_536
    /// Some shadow this frame follows its layer's sublayers: a change to any
    /// of them may change it, so the next frame is built whole.
    var usesSublayerShadows = false
    /// Materials outside offscreen groups, which blur what is below them.
    var backdropNodes: [DrawNode] = []

    /// A layer's properties, or as its animations showed them `offset`
    /// seconds ago (a replicator's delayed instance).
    static func properties(of layer: RenderLayer, shiftedBy offset: Double) -> RenderLayer.Properties {
        guard offset != 0, let shifted = layer.presentationShifted else { return layer.properties }
        return shifted(offset)
    }

    /// A replicator instance's tint: solid colors are multiplied by it; its
    /// alpha fades the instance (applied once, at the replicated sublayer).
    static func apply(_ tint: Color, to m: inout RenderLayer.Properties, alpha: Bool) {
        func tinted(_ c: Color) -> Color { Color(red: c.red * tint.red, green: c.green * tint.green, blue: c.blue * tint.blue, alpha: c.alpha) }
        m.backgroundColor = m.backgroundColor.map(tinted)
        m.style.borderColor = tinted(m.style.borderColor)
        m.style.shadowColor = tinted(m.style.shadowColor)
        if m.shape != nil {
            m.shape!.fillColor = m.shape!.fillColor.map(tinted)
            m.shape!.strokeColor = m.shape!.strokeColor.map(tinted)
        }
        if m.gradient != nil { m.gradient!.colors = m.gradient!.colors.map(tinted) }
        if alpha { m.opacity *= tint.alpha }
    }

    init(scale: Double, output: PixelRect, previous: [ObjectIdentifier: DrawnState], takesDamage: Bool = true,
         assumesNoRestacking: Bool = false, origin: Point = .zero, sharedDamage: SharedImageDamage? = nil,
         cache: DecorationCache = DecorationCache()) {
        self.cache = cache
        self.takesDamage = takesDamage
        self.origin = origin
        self.sharedDamage = sharedDamage
        self.assumesNoRestacking = assumesNoRestacking
        self.scale = scale
        self.output = output
        self.previous = previous
        if !previous.isEmpty { states.reserveCapacity(previous.count) }
    }

    /// Pending damage of `image`, taken once per frame even when several
    /// layers show the same image.
    func damage(of image: LayerImage) -> [PixelRect] {
        guard takesDamage else { return [] }
        let id = ObjectIdentifier(image)
        if let known = imageDamage[id] { return known }
        let taken = sharedDamage?.damage(of: image) ?? image.takeDamage()
        imageDamage[id] = taken
        return taken
    }

    /// Images whose pixels changed since the last frame.
    var damagedImages: Set<ObjectIdentifier> {
        Set(imageDamage.compactMap { $0.value.isEmpty ? nil : $0.key })
    }

    /// Takes (and drops) the pending damage of a subtree that is not drawn:
    /// when it shows again, it is redrawn whole anyway.
    /// (A loop, not recursion: a client's tree may be 100,000 levels deep.)
    func drain(_ layer: RenderLayer) {
        var stack = [layer]
        while let next = stack.popLast() {
            if let image = next.contents { _ = damage(of: image) }
            stack += next.sublayers
        }
    }

    /// Offscreen groups nest at most this deep; deeper layers with group
    /// opacity fade their own drawing instead (painting nested groups
    /// recurses, and each holds an offscreen).
    static let maximumGroupDepth = 16

    /// Builds the draw tree of `root`, whose bounds space is the output in
    /// points (bounds.origin at the output's top left). Depth first with an
    /// explicit stack, so a tree of any depth builds without recursion;
    /// subtree rects are summed afterwards, children before parents.
    func build(root: RenderLayer) -> DrawNode? {
        let rootToPixel = AffineTransform(translationX: -(root.bounds.minX + origin.x), y: -(root.bounds.minY + origin.y))
            .concatenating(AffineTransform(scaleX: scale, y: scale))
        return build(root, Inherited(toPixel: rootToPixel, outerClip: output, inheritedOpacity: 1, masks: [],
                                     parent: nil, siblingIndex: 0, restacked: false, fade: 1, groupDepth: 0))
    }

    /// Builds the subtree of `start` as it inherits `context`; the new node
    /// is returned, not added to a parent.
    func build(_ start: RenderLayer, _ context: Inherited) -> DrawNode? {
        var stack = [(start, context)]
        var built: [DrawNode] = []
        var rootNode: DrawNode? = nil
        while let (layer, inherited) = stack.popLast() {
            guard let (node, forSublayers) = makeNode(layer, inherited) else { continue }
            built.append(node)
            if layer === start { rootNode = node } else { inherited.parent?.children.append(node) }
            // A projected layer's sublayers are in its plane, built with it.
            if node.projection != nil { continue }
            let sublayers = layer.sublayers
            // Grown once per layer, not once per sublayer: each entry is large.
            stack.reserveCapacity(stack.count + sublayers.count)
            let restackedHere = node.restackedSublayers
            let replicator = layer.replicator
            if replicator != nil { replicatorNodes[ObjectIdentifier(layer)] = node }
            // As many instances as the copy budget leaves room for.
            let room = 1 + (Self.maximumCopies - min(copiesMade, Self.maximumCopies)) / max(sublayers.count, 1)
            let instances = replicator.map { min($0.count, ReplicatorStyle.maxInstances, room) } ?? 1
            let instanceTransforms = replicator?.instanceTransforms(count: instances, center: Point(x: layer.bounds.midX, y: layer.bounds.midY))
            // Reversed, so the first sublayer (of the first instance) is popped (and appended) first.
            for instance in (0..<instances).reversed() {
                var placed = forSublayers
                if let replicator, let instanceTransforms {
                    if instance > 0 { placed.toPixel = instanceTransforms[instance].concatenating(forSublayers.toPixel) }
                    // A copy of a copy stays a copy; delays add up; the nearest replicator tints.
                    placed.replica = Replica(instance: instance > 0 ? instance : forSublayers.instance,
                                             timeOffset: forSublayers.timeOffset + Double(instance) * replicator.instanceDelay,
                                             tint: replicator.color(ofInstance: instance))
                }
                // Sublayers with a z position are drawn in its order (see sortByZPosition).
                let pushedFrom = stack.count
                var hasZPositions = false
                for index in sublayers.indices.reversed() {
                    // Copies (nested replicators multiply them) stop at a budget per frame.
                    if placed.instance > 0 {
                        guard copiesMade < Self.maximumCopies else { break }
                        copiesMade += 1
                    }
                    let sublayer = sublayers[index]
                    var child = placed
                    let properties = Self.properties(of: sublayer, shiftedBy: placed.timeOffset)
                    if let depth = properties.depth, depth.zPosition != 0 { hasZPositions = true }
                    if properties.depth?.isTransformLayer == true {
                        // Its sublayers, in 3-D in this layer's plane, back to front.
                        child.siblingIndex = index
                        for leaf in transformLayerLeaves(sublayer, properties, in: child).reversed() { stack.append(leaf) }
                        continue
                    }
                    if placed.depth == nil && properties.depth == nil {
                        child.toPixel = properties.transformToSuperlayer.concatenating(placed.toPixel)
                    } else {
                        place3D(&child, properties, in: placed)
                    }
                    child.siblingIndex = index
                    child.restacked = forSublayers.restacked || (!restackedHere.isEmpty && restackedHere.contains(index))
                    child.isInstanceRoot = replicator != nil
                    stack.append((sublayer, child))
                }
                if hasZPositions { sortByZPosition(&stack, from: pushedFrom, sublayers: sublayers, timeOffset: placed.timeOffset) }
            }
        }
        for node in built.reversed() {
            var subtree = node.ownRect
            for child in node.children { subtree = subtree.union(child.subtreeRect) }
            node.subtreeRect = subtree
        }
        return rootNode
    }

    /// One layer's node, and what its sublayers inherit (their transform,
    /// index and restacking are filled in by the caller). Nil when the layer
    /// draws nothing, nor do its sublayers.
    private func makeNode(_ layer: RenderLayer, _ inherited: Inherited) -> (DrawNode, Inherited)? {
        if let projection = inherited.depth?.projection {
            guard let node = makeProjectedNode(layer, inherited, projection) else { return nil }
            return (node, inherited)
        }
        let toPixel = inherited.toPixel, outerClip = inherited.outerClip, inheritedOpacity = inherited.inheritedOpacity
        let parent = inherited.parent.map { ObjectIdentifier($0.layer) }
        let siblingIndex = inherited.siblingIndex, restacked = inherited.restacked
        var m = Self.properties(of: layer, shiftedBy: inherited.timeOffset)
        // Its back to the viewer (mirrored), and single-sided.
        if let depth = m.depth, !depth.isDoubleSided, toPixel.determinant < 0 {
            drain(layer)
            return nil
        }
        if let tint = inherited.replica?.tint, tint != .white { Self.apply(tint, to: &m, alpha: inherited.isInstanceRoot) }
        let mappedBounds = toPixel.boundingBox(of: m.bounds)
        guard !m.isHidden, m.opacity > 0, abs(toPixel.determinant) > 1e-12,
              toPixel.isWithinPixelRange, mappedBounds.isWithinPixelRange else {
            drain(layer)
            return nil
        }
        let rectilinear = toPixel.isNearlyRectilinear
        let hasVisibleSublayers = layer.sublayers.contains { !$0.isHidden && $0.opacity > 0 }

        var clip = outerClip
        var masks = inherited.masks
        var masksToRotatedBounds = false
        // Rounded corners clip through the layer's rounded raster, rotated or not.
        let clipsRounded = m.masksToBounds && m.style.hasRoundedCorners
        // Contents alone are clipped through the rounded coverage as they
        // are drawn; sublayers, or contents faded, need an offscreen group.
        let masksToRoundedBounds = clipsRounded && (hasVisibleSublayers || (m.contents != nil && m.opacity < 1))
        if m.masksToBounds {
            if rectilinear && !masksToRoundedBounds {
                clip = clip.intersection(PixelRect(rounding: mappedBounds))
            } else {
                clip = clip.intersection(PixelRect(enclosing: mappedBounds).insetBy(-1))
                // Only a group applies the mask (so only those count), and
                // the list stays short in a deep chain of masking layers.
                if inherited.groupDepth < Self.maximumGroupDepth { masks.append(MaskKey(toPixel: toPixel, bounds: m.bounds)) }
                masksToRotatedBounds = !clipsRounded && (m.contents != nil || hasVisibleSublayers)
            }
        }

        let pixelAligned = rectilinear && mappedBounds.isPixelAligned
        // A mask layer is built (and compared for damage) with the layer it
        // masks, placed in its bounds space as a sublayer would be.
        var maskTree: DrawNode? = nil
        if let mask = layer.mask, inherited.groupDepth < Self.maximumGroupDepth {
            var forMask = inherited
            (forMask.toPixel, forMask.outerClip, forMask.inheritedOpacity) = (mask.transformToSuperlayer.concatenating(toPixel), clip, 1)
            (forMask.parent, forMask.siblingIndex, forMask.restacked, forMask.fade) = (nil, 0, false, 1)
            forMask.groupDepth += 1
            maskTree = build(mask, forMask)
            // A mask that shows nothing hides the layer whole.
            if maskTree == nil {
                drain(layer)
                return nil
            }
        }
        let wantsGroup = masksToRotatedBounds || masksToRoundedBounds || maskTree != nil || (m.opacity < 1 && hasVisibleSublayers)
        let group = wantsGroup && inherited.groupDepth < Self.maximumGroupDepth
            ? Group(opacity: m.opacity, masksToRotatedBounds: masksToRotatedBounds, masksToRoundedBounds: masksToRoundedBounds,
                    hasMaskLayer: maskTree != nil)
            : nil
        let alpha = group == nil ? m.opacity * inherited.fade : 1

        var contents: PreparedContents? = nil
        if let image = m.contents {
            if m.bounds.isEmpty {
                _ = damage(of: image)
            } else {
                contents = prepareContents(image, toPixel: toPixel, clip: clip, model: m,
                                           ownRotatedMask: group?.masksToRotatedBounds == true)
            }
        }
        // An opaque layer promises opaque bounds: paint them (black unless a
        // background says otherwise) unless opaque contents already cover them.
        var background = m.backgroundColor
        var backgroundRect = PixelRect.empty
        if m.isOpaque {
            var color = background ?? .black
            color.alpha = 1
            background = color
        }
        if let color = background, color.alpha > 0, !m.bounds.isEmpty {
            backgroundRect = pixelAligned ? PixelRect(rounding: mappedBounds)
                                          : PixelRect(enclosing: mappedBounds).insetBy(-1)
            if m.isOpaque, pixelAligned, alpha >= 1, let contents, contents.isOpaque, contents.draws.count == 1,
               contents.draws[0].rect.intersection(backgroundRect) == backgroundRect {
                background = nil
                backgroundRect = .empty
            }
        } else {
            background = nil
        }

        var decorations: LayerDecorations? = nil
        if m.style != .plain || m.shape != nil || m.gradient != nil {
            let slices = m.contents != nil && m.style.hasShadow
                ? ContentsPlacement.slices(imageWidth: m.contents!.width, imageHeight: m.contents!.height,
                                           contentsScale: m.contentsScale, gravity: m.contentsGravity,
                                           contentsCenter: m.contentsCenter, contentsRect: m.contentsRect,
                                           contentsTransform: m.contentsTransform, bounds: m.bounds)
                : []
            decorations = self.decorations(of: layer, m, toPixel: toPixel, clip: clip, isCopy: inherited.instance > 0,
                                           background: background, clipsRounded: clipsRounded,
                                           contents: m.contents, slices: slices,
                                           contentsDamaged: m.contents.map { !damage(of: $0).isEmpty } ?? false)
        }
        // A shadow of the contents' alpha changes with the contents' pixels.
        if let shadow = decorations?.shadow, m.contents.map({ !damage(of: $0).isEmpty }) == true {
            contentsDamage.formUnion(shadow.raster.rect.intersection(clip))
        }
        // A shadow that came, went or moved while the layer's own key stayed (its sublayers changed).
        if m.style.hasShadow, !previous.isEmpty,
           let before = previous[ObjectIdentifier(layer)]?.node.decorations?.shadow?.raster.rect,
           before != decorations?.shadow?.raster.rect {
            contentsDamage.formUnion(before)
            if let now = decorations?.shadow?.raster.rect { contentsDamage.formUnion(now) }
        }
        var own = backgroundRect
        for draw in contents?.draws ?? [] { own = own.union(draw.rect) }
        if let composed = contents?.composed { own = own.union(composed.draw.rect) }
        if let decorations { own = own.union(decorations.rect) }
        var backdrop: BackdropPlan? = nil
        if let style = m.backdrop, !m.bounds.isEmpty {
            let rect = (pixelAligned ? PixelRect(rounding: mappedBounds) : PixelRect(enclosing: mappedBounds).insetBy(-1)).intersection(clip)
            let sigma = ShadowBlur.standardDeviation(forRadius: style.radius) * scale
            let readsBelow = inherited.groupDepth == 0 && group == nil && (sigma >= 0.5 || style.saturation != 1)
            let reach = readsBelow ? BackdropBlur.reach(sigma: sigma) : 0
            backdrop = BackdropPlan(style: style, rect: rect, sigma: sigma, readsBelow: readsBelow,
                                    source: rect.insetBy(-reach).intersection(output))
            own = own.union(rect)
        }
        // A rounded opaque background still hides what lies under its inside.
        var opaqueInterior = PixelRect.empty
        if decorations?.fill != nil, let color = background, color.alpha >= 1, alpha >= 1, rectilinear {
            let inset = min(m.style.cornerRadius * RoundedRectPath.continuousExtent, min(m.bounds.width, m.bounds.height) / 2)
            let inside = Rect(x: m.bounds.minX + inset, y: m.bounds.minY, width: m.bounds.width - 2 * inset, height: m.bounds.height)
            let across = Rect(x: m.bounds.minX, y: m.bounds.minY + inset, width: m.bounds.width, height: m.bounds.height - 2 * inset)
            // The larger of the two crosses through the rounded rect.
            let pick = inside.width * inside.height >= across.width * across.height ? inside : across
            if !pick.isEmpty { opaqueInterior = PixelRect(inside: toPixel.boundingBox(of: pick)).intersection(clip) }
        }
        let node = DrawNode(layer: layer, toPixel: toPixel, clip: clip, pixelAlignedBounds: pixelAligned, alpha: alpha,
                            group: group, background: background, backgroundRect: backgroundRect, contents: contents,
                            ownRect: own.intersection(clip), opaqueContentsRects: m.opaqueContentsRects,
                            decorations: decorations, opaqueInterior: opaqueInterior,
                            contentsClip: clipsRounded && !masksToRoundedBounds && contents != nil ? decorations?.fill : nil,
                            backdrop: backdrop)
        if backdrop?.readsBelow == true, !(backdrop?.rect.isEmpty ?? true) { backdropNodes.append(node) }

        let id = ObjectIdentifier(layer)
        let groupOpacity = inheritedOpacity * m.opacity
        var key = DrawKey(toPixel: toPixel, bounds: m.bounds, background: background, isOpaque: m.isOpaque,
                          contentsScale: m.contentsScale, contentsGravity: m.contentsGravity,
                          contentsCenter: m.contentsCenter, contentsRect: m.contentsRect,
                          contentsTransform: m.contentsTransform, alpha: alpha, group: group, groupOpacity: groupOpacity,
                          clip: clip, masks: masks, style: m.style, shape: m.shape, gradient: m.gradient,
                          replicator: m.replicator, masksToBounds: m.masksToBounds, backdrop: backdrop)
        if let depth = m.depth { key.zPosition = depth.zPosition }
        node.inherited = inherited
        node.maskTree = maskTree
        // A replicator's copies are drawn, not tracked: the replicator's subtree is damaged whole instead.
        if inherited.instance == 0 { states[id] = DrawnState(layer: layer, node: node, footprint: inherited.inPlane ? .empty : node.ownRect,
                                key: key, contents: contents?.image,
                                parent: parent, siblingIndex: siblingIndex, restacked: restacked) }

        node.restackedSublayers = restackedSublayers(of: layer, id: id)
        var forSublayers = inherited
        forSublayers.isInstanceRoot = false
        forSublayers.outerClip = clip
        forSublayers.inheritedOpacity = groupOpacity
        forSublayers.masks = masks
        forSublayers.parent = node
        forSublayers.depth = m.depth == nil ? nil : m.centredSublayerTransform.map { InheritedDepth(sublayerTransform: $0) }
        if group != nil {
            forSublayers.groupDepth += 1
        } else if wantsGroup {
            forSublayers.fade *= m.opacity
        }
        return (node, forSublayers)
    }

    private func prepareContents(_ image: LayerImage, toPixel: AffineTransform, clip: PixelRect,
                                 model m: RenderLayer.Properties, ownRotatedMask: Bool) -> PreparedContents? {
        let slices = ContentsPlacement.slices(imageWidth: image.width, imageHeight: image.height,
                                              contentsScale: m.contentsScale, gravity: m.contentsGravity,
                                              contentsCenter: m.contentsCenter, contentsRect: m.contentsRect,
                                              contentsTransform: m.contentsTransform, bounds: m.bounds)
        let pendingDamage = damage(of: image)
        guard !slices.isEmpty else { return nil }
        var prepared = PreparedContents(image: image)
        // Turned by their own transform on a layer on the grid: they stay on it.
        let turned = m.contentsTransform != .normal && toPixel.isNearlyRectilinear
        if slices.count > 1 && !toPixel.isNearlyRectilinear {
            let frame = slices.reduce(Rect.zero) { $0.union($1.destination) }
            let scales = toPixel.axisScales
            let w = min(maximumMaskSide, max(1, clampedInt((frame.width * scales.x).rounded(.up))))
            let h = min(maximumMaskSide, max(1, clampedInt((frame.height * scales.y).rounded(.up))))
            let layerToImage = AffineTransform(translationX: -frame.minX, y: -frame.minY)
                .concatenating(AffineTransform(scaleX: Double(w) / frame.width, y: Double(h) / frame.height))
            let imageToLayer = layerToImage.inverted()!
            prepared.composed = ComposedContents(
                width: w, height: h,
                slices: slices.map { ContentsDraw(source: $0.source, imageToPixel: $0.imageToLayer.concatenating(layerToImage)) },
                draw: ContentsDraw(source: Rect(x: 0, y: 0, width: Double(w), height: Double(h)),
                                   imageToPixel: imageToLayer.concatenating(toPixel)))
        } else {
            prepared.draws = slices.map {
                ContentsDraw(source: $0.source, imageToPixel: $0.imageToLayer.concatenating(toPixel), turnedContents: turned)
            }
        }
        if ownRotatedMask {
            let frame = slices.reduce(Rect.zero) { $0.union($1.destination) }
            if frame.intersection(m.bounds) == m.bounds {
                prepared.composed?.draw.padEdges = true
                if prepared.draws.count == 1 { prepared.draws[0].padEdges = true }
            }
        }

        // Pending image damage, mapped to output pixels through each slice.
        for damaged in pendingDamage {
            let rect = Rect(x: Double(damaged.x), y: Double(damaged.y), width: Double(damaged.width), height: Double(damaged.height))
            for slice in slices {
                let part = rect.intersection(slice.source)
                guard !part.isEmpty else { continue }
                let imageToPixel = slice.imageToLayer.concatenating(toPixel)
                var pixels: PixelRect
                if prepared.composed == nil && (imageToPixel.isIntegerTranslation
                    || (turned && imageToPixel.isIntegerPixelPermutation)) {
                    pixels = PixelRect(rounding: imageToPixel.boundingBox(of: part))
                } else {
                    // Filtering reaches half a source pixel further, plus a pixel of margin.
                    let grown = Rect(x: part.minX - 0.5, y: part.minY - 0.5, width: part.width + 1, height: part.height + 1)
                    pixels = PixelRect(enclosing: imageToPixel.boundingBox(of: grown)).insetBy(-1)
                }
                contentsDamage.formUnion(pixels.intersection(clip))
            }
        }
        return prepared
    }
}
