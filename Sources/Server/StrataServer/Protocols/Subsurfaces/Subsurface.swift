import CStrataServerProtocol
import CWaylandServer
import StrataProtocol

/// A wl_subsurface: the role that draws a surface inside its parent's
/// window, at a position in the parent's coordinates, stacked among the
/// parent and its other subsurfaces. Its layer is a sublayer of the
/// parent's, so it moves, hides and is hit-tested with the window.
///
/// Position and stacking are the parent's double-buffered state (applied
/// when the parent's state is); a synchronized subsurface's own commits
/// are cached and applied right after its parent's state.
final class Subsurface: SurfaceRole {
    unowned let server: Server
    private(set) var resource: WaylandResource?
    /// nil once the surface is destroyed: the wl_subsurface is inert then.
    private(set) weak var surface: Surface?
    /// nil once the parent is destroyed: the surface is unmapped then.
    private(set) weak var parent: Surface?
    /// set_sync/set_desync; a subsurface starts synchronized.
    private(set) var isSynchronized = true
    /// The applied position, in the parent's points.
    private(set) var position = Point.zero
    private var pendingPosition: Point?
    /// The cached state is being applied as part of the parent's: the
    /// parent's role hears of the whole commit itself.
    private var isApplyingWithParent = false

    init?(server: Server, subcompositor: WaylandResource, id: UInt32, surface: Surface, parent: Surface) {
        self.server = server
        self.surface = surface
        self.parent = parent
        guard let resource = makeResource(child: subcompositor, interface: strata_wl_subsurface_interface(), id: id,
                                          implementation: Subsurface.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
        surface.roleObject = self
        surface.layer.position = position
        surface.layer.isHidden = !surface.isMapped
        // Joining the parent is double-buffered: shown from the parent's next applied commit.
        parent.pendingSubsurfaceStack.push(self)
    }

    static func from(_ resource: WaylandResource?) -> Subsurface? {
        resourceObject(resource, as: Subsurface.self, interface: strata_wl_subsurface_interface())
    }

    /// Synchronized itself or through a synchronized ancestor subsurface.
    var isEffectivelySynchronized: Bool {
        isSynchronized || parent?.subsurfaceRole?.isEffectivelySynchronized == true
    }

    /// The parent's state was applied: the position set since, then the
    /// commits cached while synchronized.
    func parentStateApplied() {
        guard let surface else { return }
        if let pendingPosition {
            position = pendingPosition
            self.pendingPosition = nil
            surface.layer.position = position
        }
        isApplyingWithParent = true
        surface.applyCachedState()
        isApplyingWithParent = false
    }

    /// The parent surface was destroyed: this surface leaves the scene.
    func parentDestroyed() {
        parent = nil
        surface?.layer.removeFromSuperlayer()
        surface?.updateOutputPresence()
    }

    /// A subsurface is shown while it has contents (and, through the
    /// layer tree, while its parent is shown).
    private func updateVisibility() {
        guard let surface else { return }
        let hidden = !surface.isMapped
        guard surface.layer.isHidden != hidden else { return }
        surface.layer.isHidden = hidden
        server.scheduleFrame()
        server.seat.updatePointerFocus()
    }

    /// Leaves the parent's stacks at once, as destroying either object takes effect immediately.
    private func unlink() {
        guard let parent else { return }
        parent.pendingSubsurfaceStack.remove(self)
        parent.subsurfaceStack.remove(self)
        parent.rebuildSublayers()
        self.parent = nil
        surface?.updateOutputPresence()
        server.scheduleFrame()
        server.seat.updatePointerFocus()
    }

    // MARK: SurfaceRole

    var cachesCommits: Bool { parent != nil && isEffectivelySynchronized }
    func surfaceWillCommit(_ surface: Surface) -> Bool { true }
    func surfaceDidCommit(_ surface: Surface) {
        updateVisibility()
        let main = surface.mainSurface
        if !isApplyingWithParent, main !== surface { main.roleObject?.subsurfaceDidCommit(below: main) }
    }
    func surfaceLayerTreeChanged(_ surface: Surface) { updateVisibility() }

    func surfaceDestroyed(_ surface: Surface) {
        unlink()
        self.surface = nil
    }

    // MARK: Requests

    private func placeRelative(to siblingResource: WaylandResource?, above: Bool) {
        guard let resource, let surface, let parent, let sibling = Surface.from(siblingResource) else { return }
        // The reference is the parent (nil below) or a subsurface of the same parent, never this one.
        var reference: Subsurface?
        if sibling !== parent {
            reference = sibling.subsurfaceRole
            guard let reference, reference.parent === parent, sibling !== surface else {
                strata_resource_post_error(resource, WL_SUBSURFACE_ERROR_BAD_SURFACE.rawValue,
                                           "wl_surface@\(sibling.id) is neither a sibling nor the parent of wl_surface@\(surface.id)")
                return
            }
        }
        if !parent.pendingSubsurfaceStack.place(self, relativeTo: reference, above: above) {
            strata_resource_post_error(resource, WL_SUBSURFACE_ERROR_BAD_SURFACE.rawValue,
                                       "wl_surface@\(sibling.id) is not in the stack of wl_surface@\(parent.id)")
        }
    }

    private func setDesync() {
        isSynchronized = false
        // Commits cached so far go to the screen now, unless an ancestor still holds them.
        if !isEffectivelySynchronized { surface?.applyCachedState() }
    }

    private func destroyed() {
        resource = nil
        unlink()
        if let surface, surface.roleObject === self {
            surface.discardCachedState()
            surface.roleObject = nil
            surface.layer.position = .zero
            surface.layer.isHidden = false
        }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = wl_subsurface_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.set_position = { _, resource, x, y in
            guard let subsurface = Subsurface.from(resource), subsurface.parent != nil else { return }
            subsurface.pendingPosition = Point(x: Double(ClientValue.coordinate(x)), y: Double(ClientValue.coordinate(y)))
        }
        i.place_above = { _, resource, sibling in Subsurface.from(resource)?.placeRelative(to: sibling, above: true) }
        i.place_below = { _, resource, sibling in Subsurface.from(resource)?.placeRelative(to: sibling, above: false) }
        i.set_sync = { _, resource in Subsurface.from(resource)?.isSynchronized = true }
        i.set_desync = { _, resource in Subsurface.from(resource)?.setDesync() }
        return staticImplementation(i)
    }()
}
