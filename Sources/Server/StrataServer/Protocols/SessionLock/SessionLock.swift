import CStrataServerProtocol
import CWaylandServer

/// An ext_session_lock_v1: one `lock` request. It is either the lock in
/// charge (`locked` after the next frame) or answered `finished` at once.
/// Its lock surfaces are shown while it is in charge of the locked session.
final class SessionLock {
    unowned let manager: SessionLockManagerGlobal
    private(set) var resource: WaylandResource?
    /// `locked` was sent: only `unlock_and_destroy` may end it now.
    private(set) var lockedSent = false
    /// `finished` was sent: it never locks.
    private(set) var finishedSent = false

    init?(manager: SessionLockManagerGlobal, parent: WaylandResource, id: UInt32) {
        self.manager = manager
        guard let resource = makeResource(child: parent, interface: strata_ext_session_lock_v1_interface(), id: id,
                                          implementation: SessionLock.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
    }

    static func from(_ resource: WaylandResource?) -> SessionLock? {
        resourceObject(resource, as: SessionLock.self, interface: strata_ext_session_lock_v1_interface())
    }

    func sendLocked() {
        guard let resource, !lockedSent, !finishedSent else { return }
        lockedSent = true
        ext_session_lock_v1_send_locked(resource)
    }

    func finish() {
        guard let resource, !finishedSent else { return }
        finishedSent = true
        ext_session_lock_v1_send_finished(resource)
    }

    private func postError(_ code: ext_session_lock_v1_error, _ message: String) {
        if let resource { strata_resource_post_error(resource, code.rawValue, message) }
    }

    // MARK: Requests

    private func getLockSurface(id: UInt32, surfaceResource: WaylandResource?, outputResource: WaylandResource?) {
        guard let resource, let surface = Surface.from(surfaceResource) else { return }
        if surface.roleObject != nil || ![SurfaceRoleKind.none, LockSurface.role].contains(surface.role) {
            return postError(EXT_SESSION_LOCK_V1_ERROR_ROLE, "wl_surface@\(surface.id) already has the role \(surface.role)")
        }
        if surface.hasBuffer || surface.hasPendingBuffer {
            return postError(EXT_SESSION_LOCK_V1_ERROR_ALREADY_CONSTRUCTED,
                             "wl_surface@\(surface.id) already has a buffer; get_lock_surface must come before the first attach")
        }
        let output = manager.output(named: outputResource)
        if let output, manager.allSurfaces.contains(where: { $0.lock === self && $0.output === output }) {
            return postError(EXT_SESSION_LOCK_V1_ERROR_DUPLICATE_OUTPUT, "output \(output.name) already has a lock surface of this lock")
        }
        _ = surface.giveRole(LockSurface.role)
        guard let lockSurface = LockSurface(lock: self, parent: resource, id: id, surface: surface, output: output) else { return }
        manager.register(lockSurface)
    }

    private func destroyRequested() {
        if lockedSent {
            return postError(EXT_SESSION_LOCK_V1_ERROR_INVALID_DESTROY,
                             "destroy after locked; unlock_and_destroy ends a lock that locked the session")
        }
        if let resource { wl_resource_destroy(resource) }
    }

    private func unlockAndDestroy() {
        guard lockedSent else {
            return postError(EXT_SESSION_LOCK_V1_ERROR_INVALID_UNLOCK,
                             "unlock_and_destroy before locked was sent; use destroy")
        }
        manager.unlock(self)
        if let resource { wl_resource_destroy(resource) }
    }

    private func destroyed() {
        resource = nil
        manager.lockDestroyed(self)
    }

    static let implementation: UnsafeRawPointer = {
        var i = ext_session_lock_v1_interface()
        i.destroy = { _, resource in SessionLock.from(resource)?.destroyRequested() }
        i.get_lock_surface = { _, resource, id, surface, output in
            SessionLock.from(resource)?.getLockSurface(id: id, surfaceResource: surface, outputResource: output)
        }
        i.unlock_and_destroy = { _, resource in SessionLock.from(resource)?.unlockAndDestroy() }
        return staticImplementation(i)
    }()
}
