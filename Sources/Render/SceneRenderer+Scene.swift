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

    init(source: Rect, imageToPixel: AffineTransform) {
        self.source = source
        self.imageToPixel = imageToPixel
        rectilinear = imageToPixel.isNearlyRectilinear
        nearest = imageToPixel.isIntegerTranslation
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
}

final class DrawNode {
    let layer: RenderLayer
    let toPixel: AffineTransform
    /// The clip of this layer's own drawing and of its sublayers.
    let clip: PixelRect
    let pixelAlignedBounds: Bool
    var alpha: Double = 1
    var group: Group?
    var background: Color?
    var backgroundRect = PixelRect.empty
    var contents: LayerImage?
    var contentsDraws: [ContentsDraw] = []
    var composed: ComposedContents?
    /// Pixels this layer's own drawing can touch (clipped).
    var ownRect = PixelRect.empty
    /// Pixels the layer and its subtree can touch (clipped).
    var subtreeRect = PixelRect.empty
    var children: [DrawNode] = []

    init(layer: RenderLayer, toPixel: AffineTransform, clip: PixelRect, pixelAlignedBounds: Bool) {
        self.layer = layer
        self.toPixel = toPixel
        self.clip = clip
        self.pixelAlignedBounds = pixelAlignedBounds
    }

    /// Contents drawn with SRC: opaque pixels, padded to a pixel-aligned rect.
    var contentsAreOpaque: Bool {
        guard let contents, !contents.hasAlpha, alpha >= 1, composed == nil else { return false }
        return contentsDraws.allSatisfy(\.rectilinear)
    }

    /// The background is drawn with SRC: opaque, on the pixel grid, unfaded.
    var backgroundIsOpaque: Bool {
        guard let background else { return false }
        return background.alpha >= 1 && alpha >= 1 && pixelAlignedBounds
    }
}

/// Per-frame state collected while walking the tree.
final class FrameBuilder {
    let scale: Double
    let output: PixelRect
    /// What each layer drew last frame.
    let previous: [ObjectIdentifier: DrawnState]
    var states: [ObjectIdentifier: DrawnState] = [:]
    let contentsDamage = Region()
    private var imageDamage: [ObjectIdentifier: [PixelRect]] = [:]

    init(scale: Double, output: PixelRect, previous: [ObjectIdentifier: DrawnState]) {
        self.scale = scale
        self.output = output
        self.previous = previous
        states.reserveCapacity(previous.count)
    }

    /// Pending damage of `image`, taken once per frame even when several
    /// layers show the same image.
    func damage(of image: LayerImage) -> [PixelRect] {
        let id = ObjectIdentifier(image)
        if let known = imageDamage[id] { return known }
        let taken = image.takeDamage()
        imageDamage[id] = taken
        return taken
    }

    /// Takes (and drops) the pending damage of a subtree that is not drawn:
    /// when it shows again, it is redrawn whole anyway.
    func drain(_ layer: RenderLayer) {
        if let image = layer.contents { _ = damage(of: image) }
        for sublayer in layer.sublayers { drain(sublayer) }
    }

    /// Builds the draw tree of `root`, whose bounds space is the output in
    /// points (bounds.origin at the output's top left).
    func build(root: RenderLayer) -> DrawNode? {
        let rootToPixel = AffineTransform(translationX: -root.bounds.minX, y: -root.bounds.minY)
            .concatenating(AffineTransform(scaleX: scale, y: scale))
        return build(root, toPixel: rootToPixel, outerClip: output, inheritedOpacity: 1, masks: [],
                     parent: nil, siblingIndex: 0, restacked: false)
    }

    private func build(_ layer: RenderLayer, toPixel: AffineTransform, outerClip: PixelRect, inheritedOpacity: Double,
                       masks: [MaskKey], parent: ObjectIdentifier?, siblingIndex: Int, restacked: Bool) -> DrawNode? {
        guard !layer.isHidden, layer.opacity > 0, abs(toPixel.determinant) > 1e-12 else {
            drain(layer)
            return nil
        }
        let rectilinear = toPixel.isNearlyRectilinear
        let mappedBounds = toPixel.boundingBox(of: layer.bounds)
        let hasVisibleSublayers = layer.sublayers.contains { !$0.isHidden && $0.opacity > 0 }

        var clip = outerClip
        var masks = masks
        var masksToRotatedBounds = false
        if layer.masksToBounds {
            if rectilinear {
                clip = clip.intersection(PixelRect(rounding: mappedBounds))
            } else {
                clip = clip.intersection(PixelRect(enclosing: mappedBounds).insetBy(-1))
                masks.append(MaskKey(toPixel: toPixel, bounds: layer.bounds))
                masksToRotatedBounds = layer.contents != nil || hasVisibleSublayers
            }
        }

        let node = DrawNode(layer: layer, toPixel: toPixel, clip: clip,
                            pixelAlignedBounds: rectilinear && mappedBounds.isPixelAligned)
        if masksToRotatedBounds || (layer.opacity < 1 && hasVisibleSublayers) {
            node.group = Group(opacity: layer.opacity, masksToRotatedBounds: masksToRotatedBounds)
        } else {
            node.alpha = layer.opacity
        }

        if let image = layer.contents {
            if layer.bounds.isEmpty { _ = damage(of: image) } else { prepareContents(image, of: node) }
        }
        // An opaque layer promises opaque bounds: paint them (black unless a
        // background says otherwise) unless opaque contents already cover them.
        var background = layer.backgroundColor
        if layer.isOpaque {
            var color = background ?? .black
            color.alpha = 1
            background = color
        }
        if var color = background, color.alpha > 0, !layer.bounds.isEmpty {
            let rect = node.pixelAlignedBounds ? PixelRect(rounding: mappedBounds)
                                               : PixelRect(enclosing: mappedBounds).insetBy(-1)
            let coveredByContents = layer.isOpaque && node.contentsAreOpaque && node.pixelAlignedBounds
                && node.contentsDraws.count == 1 && node.contentsDraws[0].rect.intersection(rect) == rect
            if !coveredByContents {
                if layer.isOpaque { color.alpha = 1 }
                node.background = color
                node.backgroundRect = rect
            }
        }

        var own = node.backgroundRect
        for draw in node.contentsDraws { own = own.union(draw.rect) }
        if let composed = node.composed { own = own.union(composed.draw.rect) }
        node.ownRect = own.intersection(clip)

        let id = ObjectIdentifier(layer)
        let groupOpacity = inheritedOpacity * layer.opacity
        let key = DrawKey(toPixel: toPixel, bounds: layer.bounds, background: node.background, isOpaque: layer.isOpaque,
                          contentsScale: layer.contentsScale, contentsGravity: layer.contentsGravity,
                          contentsCenter: layer.contentsCenter, alpha: node.alpha, group: node.group, groupOpacity: groupOpacity,
                          clip: clip, masks: masks)
        states[id] = DrawnState(layer: layer, footprint: node.ownRect, key: key, contents: node.contents,
                                parent: parent, siblingIndex: siblingIndex, restacked: restacked)

        var subtree = node.ownRect
        let moved = restackedSublayers(of: layer, id: id)
        for (index, sublayer) in layer.sublayers.enumerated() {
            if let child = build(sublayer, toPixel: sublayer.transformToSuperlayer.concatenating(toPixel), outerClip: clip,
                                 inheritedOpacity: groupOpacity, masks: masks, parent: id, siblingIndex: index,
                                 restacked: restacked || moved.contains(index)) {
                node.children.append(child)
                subtree = subtree.union(child.subtreeRect)
            }
        }
        node.subtreeRect = subtree
        return node
    }

    private func prepareContents(_ image: LayerImage, of node: DrawNode) {
        let layer = node.layer
        let slices = ContentsPlacement.slices(imageWidth: image.width, imageHeight: image.height,
                                              contentsScale: layer.contentsScale, gravity: layer.contentsGravity,
                                              contentsCenter: layer.contentsCenter, bounds: layer.bounds)
        let pendingDamage = damage(of: image)
        guard !slices.isEmpty else { return }
        node.contents = image
        let toPixel = node.toPixel
        if slices.count > 1 && !toPixel.isNearlyRectilinear {
            let frame = slices.reduce(Rect.zero) { $0.union($1.destination) }
            let scales = toPixel.axisScales
            let w = max(1, Int((frame.width * scales.x).rounded(.up)))
            let h = max(1, Int((frame.height * scales.y).rounded(.up)))
            let layerToImage = AffineTransform(translationX: -frame.minX, y: -frame.minY)
                .concatenating(AffineTransform(scaleX: Double(w) / frame.width, y: Double(h) / frame.height))
            let imageToLayer = layerToImage.inverted()!
            node.composed = ComposedContents(
                width: w, height: h,
                slices: slices.map { ContentsDraw(source: $0.source, imageToPixel: $0.imageToLayer.concatenating(layerToImage)) },
                draw: ContentsDraw(source: Rect(x: 0, y: 0, width: Double(w), height: Double(h)),
                                   imageToPixel: imageToLayer.concatenating(toPixel)))
        } else {
            node.contentsDraws = slices.map { ContentsDraw(source: $0.source, imageToPixel: $0.imageToLayer.concatenating(toPixel)) }
        }

        // Pending image damage, mapped to output pixels through each slice.
        for damaged in pendingDamage {
            let rect = Rect(x: Double(damaged.x), y: Double(damaged.y), width: Double(damaged.width), height: Double(damaged.height))
            for slice in slices {
                let part = rect.intersection(slice.source)
                guard !part.isEmpty else { continue }
                let imageToPixel = slice.imageToLayer.concatenating(toPixel)
                var pixels: PixelRect
                if imageToPixel.isIntegerTranslation && node.composed == nil {
                    pixels = PixelRect(rounding: imageToPixel.boundingBox(of: part))
                } else {
                    // Filtering reaches half a source pixel further, plus a pixel of margin.
                    let grown = Rect(x: part.minX - 0.5, y: part.minY - 0.5, width: part.width + 1, height: part.height + 1)
                    pixels = PixelRect(enclosing: imageToPixel.boundingBox(of: grown)).insetBy(-1)
                }
                contentsDamage.formUnion(pixels.intersection(node.clip))
            }
        }
    }
}
