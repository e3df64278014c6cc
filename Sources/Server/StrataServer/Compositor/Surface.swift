import CStrataServerProtocol
import CWaylandServer
import StrataProtocol
import StrataRender

/// What a surface is for. A role, once given, stays for the surface's life
/// (xdg-shell and wl_subcompositor both rely on that).
public enum SurfaceRoleKind: Equatable, Sendable, CustomStringConvertible {
    case none
    case xdgToplevel
    case xdgPopup
    case subsurface
    case layerSurface
    case other(String)

    public var description: String {
        switch self {
        case .none: return "none"
        case .xdgToplevel: return "xdg_toplevel"
        case .xdgPopup: return "xdg_popup"
        case .subsurface: return "wl_subsurface"
        case .layerSurface: return "zwlr_layer_surface_v1"
        case .other(let name): return name
        }
    }
}

/// The object that gives a surface its role, told about each commit.
protocol SurfaceRole: AnyObject {
    /// Checks the pending state before it is applied; returns false after
    /// posting a protocol error, and the commit is dropped.
    func surfaceWillCommit(_ surface: Surface) -> Bool
    func surfaceDidCommit(_ surface: Surface)
    /// `layerTree` was set or cleared, outside a commit.
    func surfaceLayerTreeChanged(_ surface: Surface)
    func surfaceDestroyed(_ surface: Surface)
    /// A commit is kept aside (a synchronized wl_subsurface) instead of applied.
    var cachesCommits: Bool { get }
    /// A subsurface below the surface applied a commit of its own (a
    /// desynchronized one): the window's extents may have changed.
    func subsurfaceDidCommit(below surface: Surface)
}

extension SurfaceRole {
    var cachesCommits: Bool { false }
    func subsurfaceDidCommit(below surface: Surface) {}
}

/// A wl_surface. Requests change `pending`; commit applies it atomically:
/// the buffer is copied into `contentLayer`'s image (damage only) and
/// released, frame callbacks wait for the next frame, and the role is told.
public final class Surface {
    /// A buffer request as the client left it before commit.
    enum BufferChange {
        case unchanged
        case attach(WaylandResource)
        case remove
    }

    struct PendingState {
        var buffer = BufferChange.unchanged
        /// Surface-coordinate damage (wl_surface.damage), in points.
        var damage: [PixelRect] = []
        /// Buffer-coordinate damage (wl_surface.damage_buffer).
        var bufferDamage: [PixelRect] = []
        var bufferScale: Int32?
        var bufferTransform: ContentsTransform?
        var frameCallbacks: [FrameCallback] = []
        /// wp_presentation feedbacks asked for this commit.
        var presentationFeedbacks: [PresentationFeedback] = []
        /// set_input_region: nil = unchanged; .some(nil) = infinite.
        var inputRegion: RegionShape??
        /// set_opaque_region: nil = unchanged; .some(nil) = empty.
        var opaqueRegion: RegionShape??
        /// wp_viewport's source rect and destination size: nil = unchanged; .some(nil) = unset.
        var viewportSource: Rect??
        var viewportDestination: Size??
        /// strata_blur_v1's state: nil = unchanged; .some(nil) = no blur.
        var blur: SurfaceBlur??
        /// The buffer's offset from the last one's place (attach's x and y before version 5, wl_surface.offset since).
        var offset: Point?

        /// Adds a later commit's state on top of this one, as a
        /// synchronized subsurface's cache accumulates commits.
        mutating func merge(_ later: PendingState) {
            if case .unchanged = later.buffer {} else { buffer = later.buffer }
            damage += later.damage
            bufferDamage += later.bufferDamage
            bufferScale = later.bufferScale ?? bufferScale
            bufferTransform = later.bufferTransform ?? bufferTransform
            frameCallbacks += later.frameCallbacks
            presentationFeedbacks += later.presentationFeedbacks
            inputRegion = later.inputRegion ?? inputRegion
            opaqueRegion = later.opaqueRegion ?? opaqueRegion
            viewportSource = later.viewportSource ?? viewportSource
            viewportDestination = later.viewportDestination ?? viewportDestination
            blur = later.blur ?? blur
            if let move = later.offset { offset = Point(x: (offset?.x ?? 0) + move.x, y: (offset?.y ?? 0) + move.y) }
        }
    }

    unowned let server: Server
    private(set) var resource: WaylandResource?
    var pending = PendingState()
    /// Watches the pending buffer, which the client may destroy before committing.
    private let pendingBufferListener: Listener
    /// State committed but not applied yet: a synchronized subsurface's
    /// commits wait here for the parent's (Protocols/Subsurfaces).
    private(set) var cached: PendingState?
    /// Watches the cached buffer, as `pendingBufferListener` the pending one.
    private let cachedBufferListener: Listener

    /// This surface and its subsurfaces, bottom to top: what is shown, and
    /// what the next applied commit shows (wl_subsurface stacking is
    /// double-buffered on the parent).
    var subsurfaceStack = SubsurfaceStack()
    var pendingSubsurfaceStack = SubsurfaceStack()

    private(set) var bufferScale: Int32 = 1
    /// What the client did to its buffer's pixels (wl_surface.set_buffer_transform),
    /// undone when drawn; quarter turns swap the surface's width and height.
    private(set) var bufferTransform = ContentsTransform.normal
    /// The committed input region in surface points; nil is infinite. It
    /// is clipped to the buffer when used (see `acceptsInput(at:)`).
    private(set) var inputRegion: RegionShape?
    /// The wl_shm buffer whose pixels are shown in place (Surface+BorrowedContents).
    var shownBuffer: BorrowedShmBuffer?
    /// The committed opaque region in surface points; nil is empty (Surface+OpaqueRegion).
    private(set) var opaqueRegion: RegionShape?
    /// The committed crop and scale (Protocols/Viewporter): the source in
    /// surface coordinates of the buffer, the destination the surface size.
    private(set) var viewportSource: Rect?
    private(set) var viewportDestination: Size?
    /// The committed buffer offsets added up: where a drag icon's or a
    /// cursor's image sits from the point it follows.
    private(set) var accumulatedOffset = Point.zero
    /// The surface's wp_viewport, if it has one; its resource owns it.
    weak var viewport: Viewport?
    /// The committed blur behind the surface (Protocols/Blur), its object and its backdrop layers.
    private(set) var blur: SurfaceBlur?
    weak var blurObject: Blur?
    var blurLayers: [RenderLayer] = []
    /// The surface's wp_fractional_scale_v1, if it has one; its resource owns it.
    weak var fractionalScale: FractionalScale?

    public private(set) var role = SurfaceRoleKind.none
    /// The outputs wl_surface.enter was sent for, and no leave since.
    var outputsEntered: [Output] = []
    /// The xdg_surface (or other role object) currently attached; weak, as
    /// the role object's resource owns it.
    weak var roleObject: SurfaceRole?

    /// The surface in the scene: contentLayer, then layerTree above it.
    let layer = RenderLayer()
    /// The committed buffer: bounds = the surface size (the buffer size /
    /// buffer scale, or the viewport's), contentsRect = the viewport's source; anchor (0, 0).
    public let contentLayer = RenderLayer()

    /// A layer tree bound to this surface (strata_context_v1): drawn above
    /// the buffer, and its bounds size is the window's size.
    public var layerTree: RenderLayer? {
        didSet {
            guard oldValue !== layerTree else { return }
            oldValue?.removeFromSuperlayer()
            rebuildSublayers()
            layer.bounds = Rect(origin: .zero, size: size)
            roleObject?.surfaceLayerTreeChanged(self)
            server.scheduleFrame()
        }
    }

    /// The layer tree's root changed size in a layers commit: the window follows.
    func layerTreeGeometryChanged() {
        layer.bounds = Rect(origin: .zero, size: size)
        roleObject?.surfaceLayerTreeChanged(self)
    }

    public var hasBuffer: Bool { contentLayer.contents != nil }
    /// A buffer is attached but not committed yet.
    var hasPendingBuffer: Bool {
        if case .attach = pending.buffer { return true }
        return false
    }
    /// Mapped: something to show.
    public var isMapped: Bool { hasBuffer || layerTree != nil }

    /// The surface's size in points: the layer tree's, or the buffer's.
    public var size: Size { layerTree?.bounds.size ?? contentLayer.bounds.size }

    init?(server: Server, compositorResource: WaylandResource, id: UInt32) {
        self.server = server
        pendingBufferListener = Listener { _ in }
        cachedBufferListener = Listener { _ in }
        for l in [layer, contentLayer] { l.anchorPoint = .zero; l.position = .zero }
        layer.addSublayer(contentLayer)
        guard let resource = makeResource(child: compositorResource, interface: strata_wl_surface_interface(), id: id,
                                          implementation: Surface.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
    }

    public static func from(_ resource: WaylandResource?) -> Surface? {
        resourceObject(resource, as: Surface.self, interface: strata_wl_surface_interface())
    }

    public static func from(_ resource: OpaquePointer) -> Surface? {
        from(WaylandResource(resource))
    }

    /// Gives the surface the role `kind`; false (and nothing changes) when
    /// it already has another role, which the caller reports as its protocol's error.
    func giveRole(_ kind: SurfaceRoleKind) -> Bool {
        guard role == .none || role == kind else { return false }
        role = kind
        return true
    }

    var id: UInt32 { resource.map { wl_resource_get_id($0) } ?? 0 }

    func postError(_ code: UInt32, _ message: String) {
        guard let resource else { return }
        strata_resource_post_error(resource, code, message)
    }

    // MARK: Requests

    private func attach(_ buffer: WaylandResource?, x: Int32, y: Int32) {
        if let resource, wl_resource_get_version(resource) >= 5, x != 0 || y != 0 {
            postError(WL_SURFACE_ERROR_INVALID_OFFSET.rawValue, "wl_surface.attach with a non-zero offset; use wl_surface.offset")
            return
        }
        pendingBufferListener.remove()
        if x != 0 || y != 0 { pending.offset = Point(x: Double(ClientValue.coordinate(x)), y: Double(ClientValue.coordinate(y))) }
        if let buffer {
            pending.buffer = .attach(buffer)
            pendingBufferListener.body = { [unowned self] _ in
                // Destroyed before commit: as weston does, commit then removes the buffer.
                self.pending.buffer = .remove
            }
            pendingBufferListener.listen(toDestroyOf: buffer)
        } else {
            pending.buffer = .remove
        }
    }

    private func commit() {
        guard viewportAllowsCommit() else { return }
        if let roleObject, !roleObject.surfaceWillCommit(self) { return }
        let state = pending
        pending = PendingState()
        pendingBufferListener.remove()
        if roleObject?.cachesCommits == true {
            cache(state)
            return
        }
        if var earlier = takeCachedState() {
            // Commits kept while synchronized go to the screen with this one, as a whole.
            earlier.merge(state)
            apply(earlier)
        } else {
            apply(state)
        }
    }

    /// Keeps a commit aside, on top of those already kept.
    private func cache(_ state: PendingState) {
        var merged = takeCachedState() ?? PendingState()
        merged.merge(state)
        cached = merged
        if case .attach(let buffer) = merged.buffer {
            cachedBufferListener.body = { [unowned self] _ in self.cached?.buffer = .remove }
            cachedBufferListener.listen(toDestroyOf: buffer)
        }
    }

    private func takeCachedState() -> PendingState? {
        cachedBufferListener.remove()
        defer { cached = nil }
        return cached
    }

    /// Applies the cached state, if any: the parent's state was applied, or
    /// the subsurface became desynchronized.
    func applyCachedState() {
        if let state = takeCachedState() { apply(state) }
    }

    /// Drops the cached state: its subsurface role went away. A buffer
    /// that was never read is released, so the client may reuse it.
    func discardCachedState() {
        guard let state = takeCachedState() else { return }
        for callback in state.frameCallbacks { callback.cancel() }
        for feedback in state.presentationFeedbacks { feedback.discard() }
        if case .attach(let buffer) = state.buffer { wl_buffer_send_release(buffer) }
    }

    /// Makes a committed state the surface's own: buffer, scale, input
    /// region, then the subsurfaces' stacking, positions and their own
    /// cached state, then the role.
    private func apply(_ state: PendingState) {
        if let scale = state.bufferScale { bufferScale = scale }
        if let transform = state.bufferTransform {
            bufferTransform = transform
            contentLayer.contentsTransform = transform
        }
        if let region = state.inputRegion { inputRegion = region }
        if let region = state.opaqueRegion {
            opaqueRegion = region
            contentLayer.opaqueContentsRects = region?.rects ?? []
        }
        if let source = state.viewportSource { viewportSource = source }
        if let destination = state.viewportDestination { viewportDestination = destination }
        if let blur = state.blur { self.blur = blur }
        if let offset = state.offset {
            // Offsets add up commit after commit: the sum is kept within ±2^29 as each one is.
            accumulatedOffset = Point(x: ClientValue.coordinate(accumulatedOffset.x + offset.x),
                                      y: ClientValue.coordinate(accumulatedOffset.y + offset.y))
        }
        switch state.buffer {
        case .unchanged:
            break
        case .remove:
            stopShowingInPlace()
            contentLayer.contents = nil
        case .attach(let buffer):
            guard applyBuffer(buffer, state: state) else { return }
        }
        placeContents()
        layer.bounds = Rect(origin: .zero, size: size)
        if blur != nil || !blurLayers.isEmpty { placeBlur() }
        for callback in state.frameCallbacks { callback.surface = self }
        server.frameCallbacksAwaitingFrame.append(contentsOf: state.frameCallbacks)
        var replacesContents = true
        if case .unchanged = state.buffer { replacesContents = false }
        server.presentation?.commitApplied(self, feedbacks: state.presentationFeedbacks, replacesContents: replacesContents)
        applySubsurfaceState()
        server.pointerConstraints?.surfaceCommitted(self)
        roleObject?.surfaceDidCommit(self)
        mainSurface.updateOutputPresence()
        server.scheduleFrame()
    }

    private func applyBuffer(_ buffer: WaylandResource, state: PendingState) -> Bool {
        let scale = Int(bufferScale)
        if let pixel = SinglePixelBuffer.from(buffer) {
            guard scale == 1 else {
                postError(WL_SURFACE_ERROR_INVALID_SIZE.rawValue, "a single-pixel buffer is not a multiple of the buffer scale \(scale)")
                return false
            }
            let image = pixel.makeImage()
            stopShowingInPlace()
            contentLayer.contents = image
            contentLayer.contentsScale = 1
            contentLayer.isOpaque = !image.hasAlpha
            // Read at once, as a wl_shm buffer is, so the client may reuse it.
            wl_buffer_send_release(buffer)
            return true
        }
        do {
            // Checked before anything is read, so a rejected commit leaves the shown pixels alone.
            let description = try describeShmBuffer(buffer)
            if description.width % scale != 0 || description.height % scale != 0 {
                postError(WL_SURFACE_ERROR_INVALID_SIZE.rawValue,
                          "buffer size \(description.width)×\(description.height) is not a multiple of the buffer scale \(scale)")
                return false
            }
            let opaque = opaqueRegionCovers(description)
            // The image is in buffer pixels: wl_surface.damage is mapped there, damage_buffer is there already.
            let damage = state.bufferDamage + bufferDamage(fromSurfaceDamage: state.damage, bufferWidth: description.width,
                                                           bufferHeight: description.height)
            let image: LayerImage
            if let shown = showInPlace(buffer, description: description, damage: damage, opaque: opaque) {
                image = shown
            } else {
                stopShowingInPlace()
                image = try importShmBuffer(buffer, into: contentLayer.contents, damage: damage, opaque: opaque)
            }
            contentLayer.contents = image
            contentLayer.contentsScale = Double(scale)
            contentLayer.isOpaque = !image.hasAlpha
            return true
        } catch {
            // Not ours to read: the only buffers advertised are wl_shm ones. wl_buffer
            // has no error codes, so the error goes on the surface that used it.
            postError(WL_SURFACE_ERROR_INVALID_SIZE.rawValue, "cannot use buffer for wl_surface@\(id): \(error)")
            return false
        }
    }

    private func destroyed() {
        // First, so that whoever is told below sees a surface that is gone
        // (the seat sends no leave naming a dying surface).
        resource = nil
        stopShowingInPlace()
        pendingBufferListener.remove()
        for callback in pending.frameCallbacks { callback.cancel() }
        for feedback in pending.presentationFeedbacks { feedback.discard() }
        pending = PendingState()
        discardCachedState()
        roleObject?.surfaceDestroyed(self)
        roleObject = nil
        // A window's points ended as it unmapped; a subsurface's end here.
        server.seat.endTouchPoints(on: self, andSubsurfaces: false)
        server.seat.drag?.surfaceDestroyed(self)
        viewport?.surfaceDestroyed()
        blurObject?.surfaceDestroyed()
        fractionalScale?.surfaceDestroyed()
        server.presentation?.surfaceDestroyed(self)
        // After the role, so the seat still finds the window of a focused subsurface.
        orphanSubsurfaces()
        layerTree = nil
        layer.removeFromSuperlayer()
    }

    private static let implementation: UnsafeRawPointer = {
        var i = wl_surface_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.attach = { _, resource, buffer, x, y in
            Surface.from(resource)?.attach(buffer, x: x, y: y)
        }
        // Clients often damage (0, 0, INT32_MAX, INT32_MAX): the edges are clamped to ±2^29.
        i.damage = { _, resource, x, y, width, height in
            Surface.from(resource)?.pending.damage.append(ClientValue.rect(x: x, y: y, width: width, height: height))
        }
        i.damage_buffer = { _, resource, x, y, width, height in
            Surface.from(resource)?.pending.bufferDamage.append(ClientValue.rect(x: x, y: y, width: width, height: height))
        }
        i.frame = { _, resource, id in
            guard let surface = Surface.from(resource), let callback = FrameCallback(surfaceResource: resource!, id: id)
            else { return }
            surface.pending.frameCallbacks.append(callback)
        }
        i.set_opaque_region = { _, resource, region in
            // Copied now, as the input region is.
            Surface.from(resource)?.pending.opaqueRegion = .some(region.flatMap { Region.from($0)?.shape })
        }
        i.set_input_region = { _, resource, region in
            // Copied now: the client may change or destroy the region before committing.
            Surface.from(resource)?.pending.inputRegion = .some(region.flatMap { Region.from($0)?.shape })
        }
        i.commit = { _, resource in Surface.from(resource)?.commit() }
        i.set_buffer_transform = { _, resource, transform in
            guard let surface = Surface.from(resource) else { return }
            guard let transform = ContentsTransform(rawValue: Int(transform)) else {
                surface.postError(WL_SURFACE_ERROR_INVALID_TRANSFORM.rawValue,
                                  "buffer transform \(transform) is not a wl_output.transform")
                return
            }
            surface.pending.bufferTransform = transform
        }
        i.set_buffer_scale = { _, resource, scale in
            guard let surface = Surface.from(resource) else { return }
            guard scale >= 1 else {
                surface.postError(WL_SURFACE_ERROR_INVALID_SCALE.rawValue, "buffer scale \(scale) is not positive")
                return
            }
            surface.pending.bufferScale = scale
        }
        // wl_surface.offset (v5): Strata has no use for the hotspot offset yet.
        i.offset = { _, resource, x, y in
            Surface.from(resource)?.pending.offset = Point(x: Double(ClientValue.coordinate(x)), y: Double(ClientValue.coordinate(y)))
        }
        return staticImplementation(i)
    }()
}
