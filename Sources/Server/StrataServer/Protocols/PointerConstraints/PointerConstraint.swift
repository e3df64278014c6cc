import CStrataServerProtocol
import CWaylandServer
import StrataProtocol

/// A zwp_locked_pointer_v1 or zwp_confined_pointer_v1. Its region (nil:
/// the whole surface) is double-buffered: set_region takes effect at the
/// surface's next commit. A oneshot constraint is spent once deactivated;
/// a persistent one may activate again.
final class PointerConstraint {
    enum Kind { case lock, confine }
    let kind: Kind
    unowned let manager: PointerConstraintsGlobal
    private(set) weak var surface: Surface?
    private var resource: WaylandResource?
    let isPersistent: Bool
    private(set) var isSpent = false
    private var region: RegionShape?
    /// set_region since the last commit: nil = none; .some(nil) = the whole surface.
    private var pendingRegion: RegionShape??
    /// set_cursor_position_hint: where the pointer goes when a lock ends
    /// (surface points); double-buffered as the region is.
    private var cursorHint: Point?
    private var pendingCursorHint: Point?

    init?(kind: Kind, manager: PointerConstraintsGlobal, surface: Surface, parent: WaylandResource, id: UInt32,
          region: RegionShape?, persistent: Bool) {
        self.kind = kind
        self.manager = manager
        self.surface = surface
        self.region = region
        isPersistent = persistent
        let interface: UnsafePointer<wl_interface> = kind == .lock
            ? strata_zwp_locked_pointer_v1_interface() : strata_zwp_confined_pointer_v1_interface()
        let implementation = kind == .lock ? PointerConstraint.lockImplementation : PointerConstraint.confineImplementation
        guard let resource = makeResource(child: parent, interface: interface, id: id, implementation: implementation, object: self,
                                          onDestroy: { [unowned self] _ in
                                              self.resource = nil
                                              self.manager.remove(self)
                                          })
        else { return nil }
        self.resource = resource
    }

    static func from(_ resource: WaylandResource?) -> PointerConstraint? {
        resourceObject(resource, as: PointerConstraint.self)
    }

    /// Whether a surface point is where the pointer may be: on the surface,
    /// in its input region and in the constraint's region.
    func contains(_ local: Point) -> Bool {
        guard let surface, surface.acceptsInput(at: local) else { return false }
        return region?.contains(local) ?? true
    }

    /// Applies a region and hint set since the last commit; true if the region changed.
    func applyPendingState() -> Bool {
        if let hint = pendingCursorHint { cursorHint = hint }
        pendingCursorHint = nil
        guard let pending = pendingRegion else { return false }
        region = pending
        pendingRegion = nil
        return true
    }

    func activate() {
        guard let resource else { return }
        switch kind {
        case .lock: zwp_locked_pointer_v1_send_locked(resource)
        case .confine: zwp_confined_pointer_v1_send_confined(resource)
        }
    }

    /// Ends the constraint; a lock's cursor hint, when it is on the surface, places the pointer.
    func deactivate(seat: Seat) {
        if !isPersistent { isSpent = true }
        guard let resource else { return }
        switch kind {
        case .lock:
            zwp_locked_pointer_v1_send_unlocked(resource)
            if let hint = cursorHint, let surface, let outputOrigin = surface.localPoint(fromOutput: .zero), contains(hint) {
                // Windows are placed by translation: output = local - (the output's origin in surface points).
                seat.warpPointer(to: Point(x: hint.x - outputOrigin.x, y: hint.y - outputOrigin.y))
            }
        case .confine:
            zwp_confined_pointer_v1_send_unconfined(resource)
        }
    }

    private static func setRegion(_ resource: WaylandResource?, _ regionResource: WaylandResource?) {
        // Copied now: the client may change or destroy the wl_region before committing.
        PointerConstraint.from(resource)?.pendingRegion = .some(regionResource.flatMap { Region.from($0)?.shape })
    }

    private static let lockImplementation: UnsafeRawPointer = {
        var i = zwp_locked_pointer_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.set_cursor_position_hint = { _, resource, x, y in
            PointerConstraint.from(resource)?.pendingCursorHint = Point(x: ClientValue.double(fixed: x), y: ClientValue.double(fixed: y))
        }
        i.set_region = { _, resource, region in setRegion(resource, region) }
        return staticImplementation(i)
    }()

    private static let confineImplementation: UnsafeRawPointer = {
        var i = zwp_confined_pointer_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.set_region = { _, resource, region in setRegion(resource, region) }
        return staticImplementation(i)
    }()
}
