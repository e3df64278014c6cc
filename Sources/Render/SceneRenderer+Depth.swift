import CPixman
import Foundation
import StrataProtocol

// 3-D layers, flattened as Core Animation flattens them: a layer whose
// plane maps to its superlayer's plane through a non-affine homography is
// drawn flat in a plane of its own (its subtree at about output density,
// an offscreen group), and that image is composited onto the superlayer's
// pixels through pixman's projective transform, masked by the projected
// quad, clipped where w ≤ ε. Nested projections compose: a plane's pixels
// are just another target.

/// What a sublayer inherits in 3-D (a reference: the 2-D layers that are
/// almost all of a tree copy a nil pointer for it).
final class InheritedDepth {
    /// The superlayer's sublayer transform about its centre.
    let sublayerTransform: Transform3D?
    /// This layer's bounds space to its target's pixels, when not affine.
    let projection: Homography?
    init(sublayerTransform: Transform3D? = nil, projection: Homography? = nil) {
        (self.sublayerTransform, self.projection) = (sublayerTransform, projection)
    }
}

/// A projected layer: its plane, drawn flat, and where it lands.
final class Projection {
    /// The layer built again in its plane (bounds space × density), with its subtree.
    let plane: DrawNode
    /// The pixels of the plane that hold its drawing: the offscreen.
    let planeRect: PixelRect
    /// Plane pixels to target pixels.
    let planeToTarget: Homography
    /// The plane's projected quad, clipped at w ≤ ε and to the target's clip.
    let polygon: [Point]
    /// What every layer in the plane drew, to know when last frame's
    /// drawing of the plane can be shown again; nil when it cannot be told.
    let content: [PlaneContent]?
    /// Contents in the plane were damaged this frame.
    let contentsDamaged: Bool
    init(plane: DrawNode, planeRect: PixelRect, planeToTarget: Homography, polygon: [Point], content: [PlaneContent]?,
         contentsDamaged: Bool) {
        (self.plane, self.planeRect, self.planeToTarget, self.polygon) = (plane, planeRect, planeToTarget, polygon)
        (self.content, self.contentsDamaged) = (content, contentsDamaged)
    }
}

/// One layer's drawing in a plane.
struct PlaneContent: Equatable {
    let layer: RenderLayer
    let key: DrawKey
    let contents: LayerImage?
    static func == (a: PlaneContent, b: PlaneContent) -> Bool { a.layer === b.layer && a.contents === b.contents && a.key == b.key }
}

/// Planes drawn in earlier frames, per projected layer, shown again while
/// nothing in them changed (a layer that only moves or turns in 3-D).
final class PlaneCache {
    struct Entry {
        let content: [PlaneContent]
        let planeRect: PixelRect
        let image: OpaquePointer
    }
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// Planes larger than this many pixels are drawn each time, in part.
    static let maximumPixels = 1 << 20

    deinit { for entry in entries.values { pixman_image_unref(entry.image) } }

    func image(for layer: RenderLayer, content: [PlaneContent], planeRect: PixelRect) -> OpaquePointer? {
        guard let entry = entries[ObjectIdentifier(layer)], entry.planeRect == planeRect, entry.content == content else { return nil }
        return entry.image
    }

    func store(_ image: OpaquePointer, for layer: RenderLayer, content: [PlaneContent], planeRect: PixelRect) {
        let id = ObjectIdentifier(layer)
        if let old = entries[id] { pixman_image_unref(old.image) }
        entries[id] = Entry(content: content, planeRect: planeRect, image: pixman_image_ref(image))
    }

    /// Drops the planes of layers not projected any more.
    func keep(only ids: Dictionary<ObjectIdentifier, DrawNode>.Keys) {
        for (id, entry) in entries where !ids.contains(id) {
            pixman_image_unref(entry.image)
            entries[id] = nil
        }
    }
}

/// A projected layer's placement, as part of its drawn state (a
/// reference, so the keys of 2-D layers grow by a nil pointer only).
final class ProjectionKey: Equatable {
    let planeToTarget: Homography
    let planeRect: PixelRect
    init(planeToTarget: Homography, planeRect: PixelRect) { (self.planeToTarget, self.planeRect) = (planeToTarget, planeRect) }
    static func == (a: ProjectionKey, b: ProjectionKey) -> Bool { a.planeToTarget == b.planeToTarget && a.planeRect == b.planeRect }
}

extension FrameBuilder {
    /// The largest side of a projected layer's plane, in pixels: a larger
    /// layer is drawn at a lower density to fit, and a subtree reaching
    /// further than this around the layer's bounds is cut off there.
    static let maximumPlaneSide = 4096

    /// Places a sublayer of a 3-D layer (or a 3-D sublayer): affine
    /// mappings keep the 2-D path; others become projections.
    func place3D(_ child: inout Inherited, _ properties: RenderLayer.Properties, in placed: Inherited) {
        child.depth = nil
        let h = properties.homographyToSuperlayer(sublayerTransform: placed.depth?.sublayerTransform)
            .concatenating(Homography(placed.toPixel))
        if let affine = h.affine {
            child.toPixel = affine
        } else {
            child.depth = InheritedDepth(projection: h)
        }
    }

    /// Sublayers are drawn in order of z position, then in their order, as
    /// Core Animation draws them: `stack[start...]` holds what the sublayers
    /// pushed (in reverse drawing order, each with its sublayer index; a
    /// transform layer's sublayers with its index), reordered here.
    func sortByZPosition(_ stack: inout [(RenderLayer, Inherited)], from start: Int, sublayers: [RenderLayer], timeOffset: Double) {
        var entries = stack[start...].enumerated().map { offset, entry -> (entry: (RenderLayer, Inherited), z: Double, index: Int, offset: Int) in
            let index = entry.1.siblingIndex
            let z = index < sublayers.count ? Self.properties(of: sublayers[index], shiftedBy: timeOffset).depth?.zPosition ?? 0 : 0
            return (entry, z.isNaN ? 0 : z, index, offset)
        }
        // Popped from the end: the last entry is drawn first.
        entries.sort { a, b in
            if a.z != b.z { return a.z > b.z }
            if a.index != b.index { return a.index > b.index }
            return a.offset < b.offset
        }
        stack.replaceSubrange(start..., with: entries.map(\.entry))
    }

    /// A transform layer's sublayers (and theirs, through transform layers
    /// within it), each placed by its whole 4×4 transform into the plane of
    /// the ordinary layer above (`placed` is what that layer's sublayers
    /// inherit), in paint order: back to front by the depth of their
    /// centres (z after the transforms, before the division by w). The
    /// transform layers draw nothing themselves; their opacity fades each
    /// sublayer.
    func transformLayerLeaves(_ layer: RenderLayer, _ properties: RenderLayer.Properties,
                              in placed: Inherited) -> [(RenderLayer, Inherited)] {
        guard !properties.isHidden, properties.opacity > 0 else {
            drain(layer)
            return []
        }
        var leaves: [(layer: RenderLayer, inherited: Inherited, depth: Double, order: Int)] = []
        let base = properties.transform3DToSuperlayer.concatenating(placed.depth?.sublayerTransform ?? .identity)
        var stack: [(layer: RenderLayer, properties: RenderLayer.Properties, toPlane: Transform3D, opacity: Double)] =
            [(layer, properties, base, properties.opacity)]
        let targetFromPlane = Homography(placed.toPixel)
        while let (transformLayer, p, toPlane, opacity) = stack.popLast() {
            let sublayerTransform = p.centredSublayerTransform ?? .identity
            for sublayer in transformLayer.sublayers.reversed() {
                let s = Self.properties(of: sublayer, shiftedBy: placed.timeOffset)
                guard !s.isHidden, s.opacity > 0 else {
                    drain(sublayer)
                    continue
                }
                let m = s.transform3DToSuperlayer.concatenating(sublayerTransform).concatenating(toPlane)
                if s.depth?.isTransformLayer == true {
                    stack.append((sublayer, s, m, opacity * s.opacity))
                    continue
                }
                var child = placed
                child.fade *= opacity
                child.depth = nil
                let h = Homography(flattening: m).concatenating(targetFromPlane)
                if let affine = h.affine { child.toPixel = affine } else { child.depth = InheritedDepth(projection: h) }
                let centre = m.apply(x: s.bounds.midX, y: s.bounds.midY, z: 0)
                leaves.append((sublayer, child, centre.z.isNaN ? 0 : centre.z, leaves.count))
            }
        }
        // Reversed walks above: `order` counts from the front of each list; sort by depth, then keep that order.
        leaves.sort { $0.depth != $1.depth ? $0.depth < $1.depth : $0.order > $1.order }
        return leaves.map { ($0.layer, $0.inherited) }
    }

    /// A projected layer's node: its subtree built flat in its own plane,
    /// and the quad it lands on. Nil when nothing of it shows.
    func makeProjectedNode(_ layer: RenderLayer, _ inherited: Inherited, _ h: Homography) -> DrawNode? {
        let m = Self.properties(of: layer, shiftedBy: inherited.timeOffset)
        let outerClip = inherited.outerClip
        guard !m.isHidden, m.opacity > 0, inherited.groupDepth < Self.maximumGroupDepth, h.isFinite,
              !outerClip.isEmpty, m.bounds.isWithinPixelRange, let targetToBounds = h.inverted() else {
            drain(layer)
            return nil
        }
        // Its back to the viewer: the projected bounds run the other way round.
        if m.depth?.isDoubleSided == false, !m.bounds.isEmpty,
           Homography.signedArea(h.projectedPolygon(of: m.bounds)) < 0 {
            drain(layer)
            return nil
        }
        // The plane: bounds space at about the density the projection shows it at.
        var density = Self.planeDensity(h, m.bounds, limit: 4 * scale)
        let side = max(m.bounds.width, m.bounds.height) * density
        if side > Double(Self.maximumPlaneSide) { density *= Double(Self.maximumPlaneSide) / side }
        guard density > 0, density.isFinite else {
            drain(layer)
            return nil
        }
        let boundsToPlane = AffineTransform(translationX: -m.bounds.minX, y: -m.bounds.minY)
            .concatenating(AffineTransform(scaleX: density, y: density))
        let planeToTarget = Homography(boundsToPlane.inverted()!).concatenating(h)
        // Only the part of the plane that can show: around the bounds, and
        // within what the target's clip maps back to (when all of that is in front).
        let size = Double(Self.maximumPlaneSide)
        let centre = (m.bounds.width * density / 2, m.bounds.height * density / 2)
        var planeClip = PixelRect(enclosing: Rect(x: centre.0 - size / 2, y: centre.1 - size / 2, width: size, height: size))
        let targetToPlane = targetToBounds.concatenating(Homography(boundsToPlane))
        if let back = Self.preimage(of: outerClip, through: targetToPlane) {
            planeClip = planeClip.intersection(PixelRect(enclosing: back).insetBy(-2))
        }
        guard !planeClip.isEmpty else {
            drain(layer)
            return nil
        }
        var plane = Inherited(toPixel: boundsToPlane, outerClip: planeClip, inheritedOpacity: inherited.inheritedOpacity,
                              masks: [], parent: nil, siblingIndex: inherited.siblingIndex, restacked: inherited.restacked,
                              fade: inherited.fade, groupDepth: inherited.groupDepth + 1)
        (plane.replica, plane.isInstanceRoot, plane.inPlane) = (inherited.replica, inherited.isInstanceRoot, true)
        // Contents damage in the plane is in plane pixels: it damages the whole projection instead.
        let outerDamage = contentsDamage
        contentsDamage = Region()
        let built = build(layer, plane)
        let planeDamaged = !contentsDamage.isEmpty
        contentsDamage = outerDamage

        let id = ObjectIdentifier(layer)
        guard let root = built, !root.subtreeRect.isEmpty else { return nil }
        let content = planeContent(root)
        let planeRect = root.subtreeRect
        let clipRect = Rect(x: Double(outerClip.x - 1), y: Double(outerClip.y - 1),
                            width: Double(outerClip.width + 2), height: Double(outerClip.height + 2))
        let polygon = Homography.clip(planeToTarget.projectedPolygon(of: Rect(planeRect)), to: clipRect)
        let footprint = PixelRect(enclosing: Homography.boundingBox(polygon)).intersection(outerClip)
        guard polygon.count >= 3, !footprint.isEmpty else { return nil }

        let node = DrawNode(layer: layer, toPixel: inherited.toPixel, clip: outerClip, pixelAlignedBounds: false, alpha: 1,
                            group: nil, background: nil, backgroundRect: .empty, contents: nil, ownRect: footprint,
                            opaqueContentsRects: [])
        node.projection = Projection(plane: root, planeRect: planeRect, planeToTarget: planeToTarget, polygon: polygon,
                                     content: content, contentsDamaged: planeDamaged)
        node.inherited = inherited
        // The plane's root was tracked in plane pixels: track it where it lands.
        if inherited.instance == 0, let inPlane = states[id] {
            var key = inPlane.key
            key.clip = outerClip
            key.projection = ProjectionKey(planeToTarget: planeToTarget, planeRect: planeRect)
            states[id] = DrawnState(layer: layer, node: node, footprint: footprint, key: key, contents: inPlane.contents,
                                    parent: inherited.parent.map { ObjectIdentifier($0.layer) },
                                    siblingIndex: inherited.siblingIndex, restacked: inherited.restacked)
        }
        if planeDamaged {
            contentsDamage.formUnion(footprint)
            if let before = previous[id]?.footprint { contentsDamage.formUnion(before) }
        }
        projectedNodes[id] = node
        return node
    }

    /// What each layer of a plane draws (its tracked state), nested planes
    /// included; nil when some of it is not tracked (replicators' copies).
    private func planeContent(_ root: DrawNode) -> [PlaneContent]? {
        var content: [PlaneContent] = []
        var stack = [root]
        while let node = stack.popLast() {
            guard let state = states[ObjectIdentifier(node.layer)], state.node === node else { return nil }
            content.append(PlaneContent(layer: node.layer, key: state.key, contents: state.contents))
            stack += node.children
            if let mask = node.maskTree { stack.append(mask) }
            if let nested = node.projection?.plane { stack.append(nested) }
        }
        return content
    }

    /// Plane pixels per point: the largest scale the projection shows the
    /// bounds at (at their corners in front of the eye and their centre),
    /// rounded up to a quarter power of two so small changes keep the plane's
    /// rasters; at most `limit`.
    static func planeDensity(_ h: Homography, _ bounds: Rect, limit: Double) -> Double {
        let points = [(bounds.minX, bounds.minY), (bounds.maxX, bounds.minY), (bounds.maxX, bounds.maxY),
                      (bounds.minX, bounds.maxY), (bounds.midX, bounds.midY)]
        let m = h.m
        var largest = 0.0
        for (x, y) in points {
            let p = h.apply(x, y)
            guard p.w > 0 else { continue }
            let w2 = p.w * p.w
            let dx = ((m.0 * p.w - p.x * m.2) / w2, (m.1 * p.w - p.y * m.2) / w2)
            let dy = ((m.3 * p.w - p.x * m.5) / w2, (m.4 * p.w - p.y * m.5) / w2)
            largest = max(largest, (dx.0 * dx.0 + dx.1 * dx.1).squareRoot(), (dy.0 * dy.0 + dy.1 * dy.1).squareRoot())
        }
        guard largest.isFinite, largest > 0 else { return limit }
        let stepped = pow(2, (log2(largest) * 4).rounded(.up) / 4)
        return min(max(stepped, 1.0 / 64), limit)
    }

    /// The part of the plane a target rect shows, when all of the rect maps
    /// back in front of the eye (then it is the hull of its corners).
    static func preimage(of rect: PixelRect, through targetToPlane: Homography) -> Rect? {
        let (x0, y0) = (Double(rect.x), Double(rect.y))
        let (x1, y1) = (x0 + Double(rect.width), y0 + Double(rect.height))
        var points: [Point] = []
        for (x, y) in [(x0, y0), (x1, y0), (x1, y1), (x0, y1)] {
            guard let p = targetToPlane.project(Point(x: x, y: y)), abs(p.x) < 1e9, abs(p.y) < 1e9 else { return nil }
            points.append(p)
        }
        return Homography.boundingBox(points)
    }
}

extension Rect {
    init(_ r: PixelRect) { self.init(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height)) }
}

extension SceneRenderer {
    /// Draws the part of a projected layer's plane that `clip` needs into
    /// an offscreen, then composites it through the homography, masked by
    /// the antialiased projected quad.
    func paintProjected(_ node: DrawNode, into target: PaintTarget, clip: Region) {
        guard let projection = node.projection else { return }
        let clip = clip.intersection(node.subtreeRect)
        guard !clip.isEmpty, let targetToPlane = projection.planeToTarget.inverted() else { return }
        let area = clip.extents
        // Everything here depends on the footprint, not on the damage: a
        // partial redraw must sample exactly as a whole one (the offscreen
        // is the part of the plane the whole footprint shows).
        let anchor = node.subtreeRect
        var part = projection.planeRect
        // A plane of modest size is drawn whole and kept for later frames.
        let content = part.area <= PlaneCache.maximumPixels ? projection.content : nil
        if content == nil, let back = FrameBuilder.preimage(of: anchor, through: targetToPlane) {
            part = part.intersection(PixelRect(enclosing: back).insetBy(-2))
        }
        guard !part.isEmpty else { return }
        var offscreen: OpaquePointer
        if let content, !projection.contentsDamaged,
           let kept = planeCache.image(for: node.layer, content: content, planeRect: part) {
            offscreen = pixman_image_ref(kept)
        } else {
            guard let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(part.width), Int32(part.height), nil, 0)
            else { return }
            offscreen = image
            let inner = PaintTarget(image: offscreen, originX: part.x, originY: part.y)
            var items: [PaintItem] = []
            PaintItem.items(of: projection.plane, touching: part, into: &items)
            let planeClip = Region(part)
            for item in items { paint(item, into: inner, clip: planeClip) }
            if let content { planeCache.store(offscreen, for: node.layer, content: content, planeRect: part) }
        }
        defer {
            pixman_image_set_transform(offscreen, nil)
            pixman_image_unref(offscreen)
        }

        // Footprint pixels (from its corner) → offscreen pixels.
        let toOffscreen = Homography(AffineTransform(translationX: Double(anchor.x), y: Double(anchor.y)))
            .concatenating(targetToPlane)
            .concatenating(Homography(AffineTransform(translationX: Double(-part.x), y: Double(-part.y))))
        guard var transform = Self.pixmanTransform(toOffscreen, width: anchor.width, height: anchor.height),
              let mask = Self.polygonMask(projection.polygon, area: area) else { return }
        defer { pixman_image_unref(mask) }
        pixman_image_set_transform(offscreen, &transform)
        pixman_image_set_filter(offscreen, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(offscreen, PIXMAN_REPEAT_PAD)
        let region = clip.copy()
        region.translate(x: -target.originX, y: -target.originY)
        pixman_image_set_clip_region32(target.image, region.pointer)
        // The source offset is in footprint pixels, before the transform: whole pixels, exactly.
        pixman_image_composite32(PIXMAN_OP_OVER, offscreen, mask, target.image,
                                 clampedInt32(area.x - anchor.x), clampedInt32(area.y - anchor.y), 0, 0,
                                 clampedInt32(area.x - target.originX), clampedInt32(area.y - target.originY),
                                 clampedInt32(area.width), clampedInt32(area.height))
        pixman_image_set_clip_region32(target.image, nil)
        stats.pixelsComposited += clip.area
        stats.compositeOperations += 1
    }

    /// pixman's (column-vector) fixed-point form of a row-vector
    /// homography from a `width` × `height` destination. A homogeneous
    /// matrix may be scaled: it is, so that what it gives anywhere in the
    /// destination (before division) stays well inside 16.16's range, where
    /// pixman refuses to sample; nil when its terms cannot fit.
    static func pixmanTransform(_ h: Homography, width: Int, height: Int) -> pixman_transform? {
        var largest = 0.0
        for (x, y) in [(0.0, 0.0), (Double(width), 0), (0, Double(height)), (Double(width), Double(height))] {
            let p = h.apply(x, y)
            largest = max(largest, abs(p.x), abs(p.y), abs(p.w))
        }
        guard largest > 0, largest.isFinite else { return nil }
        let k = 8192 / largest
        let v = h.values
        var f = pixman_f_transform()
        withUnsafeMutableBytes(of: &f.m) { raw in
            let values = raw.bindMemory(to: Double.self)
            for row in 0..<3 { for column in 0..<3 { values[row * 3 + column] = v[column * 3 + row] * k } }
        }
        var transform = pixman_transform()
        guard pixman_transform_from_pixman_f_transform(&transform, &f) != 0 else { return nil }
        return transform
    }

    /// An a8 mask of `area` with the convex polygon (target pixels) filled, antialiased.
    static func polygonMask(_ polygon: [Point], area: PixelRect) -> OpaquePointer? {
        guard polygon.count >= 3,
              let mask = pixman_image_create_bits(PIXMAN_a8, Int32(area.width), Int32(area.height), nil, 0) else { return nil }
        func fixed(_ p: Point) -> pixman_point_fixed_t {
            pixman_point_fixed_t(x: pixmanFixed(p.x - Double(area.x)), y: pixmanFixed(p.y - Double(area.y)))
        }
        var triangles: [pixman_triangle_t] = []
        for i in 1..<(polygon.count - 1) {
            triangles.append(pixman_triangle_t(p1: fixed(polygon[0]), p2: fixed(polygon[i]), p3: fixed(polygon[i + 1])))
        }
        pixman_add_triangles(mask, 0, 0, Int32(triangles.count), &triangles)
        return mask
    }
}
