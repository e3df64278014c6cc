import CStrataServerProtocol
import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif
import StrataProtocol

/// zwp_pointer_constraints_v1, version 1: a surface locks the pointer in
/// place (a game's mouse look, with relative motion) or confines it to a
/// region. At most one constraint a surface. A constraint is active while
/// its surface has the pointer, its window has the keyboard and, to
/// begin, the pointer is in its region; the seat asks `constrain` about
/// every motion. `update()` runs whenever focus or a surface changes.
final class PointerConstraintsGlobal {
    static let version: Int32 = 1
    unowned let server: Server
    private var global: Global?
    private var constraints: [PointerConstraint] = []
    /// The constraint in effect, if any.
    private(set) weak var active: PointerConstraint?

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_zwp_pointer_constraints_v1_interface(),
                        version: PointerConstraintsGlobal.version, object: self,
                        implementation: PointerConstraintsGlobal.implementation)
        if global == nil { return nil }
    }

    func remove(_ constraint: PointerConstraint) {
        constraints.removeAll { $0 === constraint }
        if active === constraint { active = nil }
        update()
    }

    /// Where a motion from `from` towards `to` (output points) leaves the
    /// pointer: where it is when locked; when confined, the nearest of the
    /// motion, its slide along either axis, or staying, that keeps it in
    /// the region.
    func constrain(from: Point, to: Point) -> Point {
        guard let constraint = active, let surface = constraint.surface else { return to }
        switch constraint.kind {
        case .lock:
            return from
        case .confine:
            func inside(_ point: Point) -> Bool {
                surface.localPoint(fromOutput: point).map(constraint.contains) ?? false
            }
            if inside(to) { return to }
            // As far toward `to` as the region goes, then along its edge on
            // whichever axis still moves: the pointer stops at the edge and slides.
            let edge = farthestInside(from: from, toward: to, inside: inside)
            let slides = [Point(x: to.x, y: edge.y), Point(x: edge.x, y: to.y)].map {
                farthestInside(from: edge, toward: $0, inside: inside)
            }
            let stop = slides.max { distance($0, edge) < distance($1, edge) } ?? edge
            // Regions are whole points: a pointer stopped by an edge rests on
            // the last point inside it (x2 − 1), as other compositors put it.
            let snapped = Point(x: stop.x == to.x ? stop.x : stop.x.rounded(.down),
                                y: stop.y == to.y ? stop.y : stop.y.rounded(.down))
            return inside(snapped) ? snapped : stop
        }
    }

    /// The point of the segment from `from` (inside) toward `to` that is
    /// furthest along it and still inside, to a hundredth of a point.
    private func farthestInside(from: Point, toward to: Point, inside: (Point) -> Bool) -> Point {
        func along(_ t: Double) -> Point { Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t) }
        if inside(to) { return to }
        var (low, high) = (0.0, 1.0)
        let steps = Int(max(1, (log2(max(distance(from, to), 1) * 100)).rounded(.up)))
        for _ in 0..<steps {
            let middle = (low + high) / 2
            if inside(along(middle)) { low = middle } else { high = middle }
        }
        return along(low)
    }

    private func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

    /// Activates the constraint of the surface with the pointer when it
    /// may be, and ends the active one when it may no longer be.
    func update() {
        let seat = server.seat!
        let focus = seat.livePointerFocus
        let keyboardSurface = seat.windowHasKeyboard ? seat.keyboardFocus?.surface : nil
        func allowed(_ c: PointerConstraint) -> Bool {
            guard let surface = c.surface, surface.resource != nil, surface === focus, !c.isSpent else { return false }
            return keyboardSurface != nil && server.windows.window(of: surface)?.surface === keyboardSurface
        }
        if let current = active, !allowed(current) {
            active = nil
            current.deactivate(seat: seat)
        }
        guard active == nil, let focus, seat.pointerHasMoved,
              let candidate = constraints.first(where: { $0.surface === focus && allowed($0) }),
              let local = focus.localPoint(fromOutput: seat.pointerPosition), candidate.contains(local)
        else { return }
        active = candidate
        candidate.activate()
    }

    /// A surface applied a commit: constraints' pending regions and hints take effect.
    func surfaceCommitted(_ surface: Surface) {
        var changed = false
        for constraint in constraints where constraint.surface === surface { changed = constraint.applyPendingState() || changed }
        if changed || active?.surface === surface { update() }
    }

    private func constrain(kind: PointerConstraint.Kind, resource: WaylandResource, id: UInt32, surfaceResource: WaylandResource?,
                           regionResource: WaylandResource?, lifetime: UInt32) {
        guard let surface = Surface.from(surfaceResource) else { return }
        if constraints.contains(where: { $0.surface === surface }) {
            strata_resource_post_error(resource, ZWP_POINTER_CONSTRAINTS_V1_ERROR_ALREADY_CONSTRAINED.rawValue,
                                       "wl_surface@\(surface.id) already has a pointer constraint")
            return
        }
        // Persistent or, for any other value, oneshot: version 1 defines no error for it.
        let persistent = lifetime == ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_PERSISTENT.rawValue
        guard let constraint = PointerConstraint(kind: kind, manager: self, surface: surface, parent: resource, id: id,
                                                 region: regionResource.flatMap { Region.from($0)?.shape }, persistent: persistent)
        else { return }
        constraints.append(constraint)
        update()
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_pointer_constraints_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        // One seat: the pointer argument needs no lookup.
        i.lock_pointer = { _, resource, id, surface, _, region, lifetime in
            guard let resource, let manager = resourceObject(resource, as: PointerConstraintsGlobal.self) else { return }
            manager.constrain(kind: .lock, resource: resource, id: id, surfaceResource: surface, regionResource: region, lifetime: lifetime)
        }
        i.confine_pointer = { _, resource, id, surface, _, region, lifetime in
            guard let resource, let manager = resourceObject(resource, as: PointerConstraintsGlobal.self) else { return }
            manager.constrain(kind: .confine, resource: resource, id: id, surfaceResource: surface, regionResource: region, lifetime: lifetime)
        }
        return staticImplementation(i)
    }()
}

extension PointerConstraintsGlobal: ServerExtension {
    /// A constraint holds only while its window has the keyboard.
    func keyboardFocusChanged(_ change: KeyboardFocusChange) { update() }
}

extension Server {
    var pointerConstraints: PointerConstraintsGlobal? { `extension`(PointerConstraintsGlobal.self) }
}
