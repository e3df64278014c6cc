import CStrataServerProtocol
import CWaylandServer
import StrataProtocol
import StrataRender

/// An ext_session_lock_surface_v1: the role of a surface that covers one
/// output while the session is locked. It is configured to the output's
/// size in points at once, and again when that size changes; the client
/// acknowledges a configure before its first buffer, and every buffer is
/// of the size last acknowledged (`dimensions_mismatch` otherwise, after
/// the buffer scale and a viewport). A null buffer is an error, so once
/// mapped it stays mapped. It is shown while its lock is in charge of the
/// locked session and its output is there.
final class LockSurface: SurfaceRole {
    static let role = SurfaceRoleKind.other("ext_session_lock_surface_v1")

    unowned let manager: SessionLockManagerGlobal
    var server: Server { manager.server }
    /// The lock it was made through; nil once that lock object is gone.
    private(set) weak var lock: SessionLock?
    private(set) var resource: WaylandResource?
    private(set) weak var surface: Surface?
    /// The output it covers; nil when it named one already gone (then it is never shown).
    private(set) weak var output: Output?

    /// Anchor (0, 0), at its output's origin: the surface's layer.
    let container = RenderLayer()

    /// Configures sent and not acknowledged yet, oldest first, with their sizes.
    private var unacked: [(serial: UInt32, width: UInt32, height: UInt32)] = []
    /// The size last configured, and the one last acknowledged (what buffers must match).
    private(set) var configuredSize: (width: UInt32, height: UInt32)?
    private(set) var ackedSize: (width: UInt32, height: UInt32)?
    /// It has a buffer of the acknowledged size.
    private(set) var isMapped = false
    /// It is drawn and takes input (`SessionLockManagerGlobal.isShown`), as of the last update.
    private(set) var isShown = false

    init?(lock: SessionLock, parent: WaylandResource, id: UInt32, surface: Surface, output: Output?) {
        manager = lock.manager
        self.lock = lock
        self.surface = surface
        self.output = output
        container.anchorPoint = .zero
        container.name = "lock surface"
        guard let resource = makeResource(child: parent, interface: strata_ext_session_lock_surface_v1_interface(), id: id,
                                          implementation: LockSurface.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
        surface.roleObject = self
        configure()
    }

    static func from(_ resource: WaylandResource?) -> LockSurface? {
        resourceObject(resource, as: LockSurface.self, interface: strata_ext_session_lock_surface_v1_interface())
    }

    var client: OpaquePointer? { resource.map { wl_resource_get_client($0) } }

    private func postError(_ code: ext_session_lock_surface_v1_error, _ message: String) {
        if let resource { strata_resource_post_error(resource, code.rawValue, message) }
    }

    /// The output's size in points, which the surface must take.
    private var outputSize: (width: UInt32, height: UInt32)? {
        guard let output, !output.isRemoved else { return nil }
        let size = output.bounds.size
        return (UInt32(max(size.width.rounded(), 0)), UInt32(max(size.height.rounded(), 0)))
    }

    /// Sends a configure of the output's size, unless that size was the last sent.
    private func configure() {
        guard let resource, let size = outputSize else { return }
        if let configuredSize, configuredSize == size { return }
        configuredSize = size
        let serial = wl_display_next_serial(server.display)
        unacked.append((serial, size.width, size.height))
        ext_session_lock_surface_v1_send_configure(resource, serial, size.width, size.height)
    }

    /// The output changed size or went away.
    func outputChanged() {
        configure()
        place()
    }

    // MARK: SurfaceRole

    func surfaceWillCommit(_ surface: Surface) -> Bool {
        guard resource != nil else { return true }
        let hasBuffer: Bool
        switch surface.pending.buffer {
        case .attach: hasBuffer = true
        case .remove: hasBuffer = false
        case .unchanged: hasBuffer = surface.hasBuffer
        }
        if !hasBuffer {
            postError(EXT_SESSION_LOCK_SURFACE_V1_ERROR_NULL_BUFFER, "a lock surface was committed without a buffer")
            return false
        }
        if ackedSize == nil {
            postError(EXT_SESSION_LOCK_SURFACE_V1_ERROR_COMMIT_BEFORE_FIRST_ACK, "a buffer was committed before the first configure was acknowledged")
            return false
        }
        return true
    }

    func surfaceDidCommit(_ surface: Surface) {
        guard resource != nil, let ackedSize else { return }
        let size = surface.size
        if size.width != Double(ackedSize.width) || size.height != Double(ackedSize.height) {
            postError(EXT_SESSION_LOCK_SURFACE_V1_ERROR_DIMENSIONS_MISMATCH,
                      "the surface is \(format(size.width))×\(format(size.height)); the acknowledged configure was \(ackedSize.width)×\(ackedSize.height)")
            return
        }
        if !isMapped {
            isMapped = true
            manager.lockSurfacesChanged()
        } else if isShown {
            server.seat.sceneChangedUnderPointer()
        }
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() ? String(ClientValue.int(value)) : String(value)
    }

    func surfaceLayerTreeChanged(_ surface: Surface) {}

    func surfaceDestroyed(_ surface: Surface) {
        unmap()
        surface.layer.removeFromSuperlayer()
        self.surface = nil
    }

    // MARK: Showing

    /// Shown or hidden as the manager now says; on screen, at its output's origin.
    func updateShown() {
        let shown = manager.isShown(self)
        guard shown != isShown else { return place() }
        isShown = shown
        if shown, let surface {
            container.insertSublayer(surface.layer, at: 0)
        } else {
            container.removeFromSuperlayer()
            surface?.layer.removeFromSuperlayer()
        }
        place()
        surface?.updateOutputPresence()
        if !shown, let surface { server.seat.lockSurfaceHidden(surface) }
    }

    private func place() {
        guard let output, !output.isRemoved else { return }
        if container.position != output.origin { container.position = output.origin }
        if let surface { container.bounds = Rect(origin: .zero, size: surface.size) }
    }

    /// No longer mapped (its surface or object went): hidden.
    private func unmap() {
        guard isMapped else { return }
        let keyboardBefore = server.seat.keyboardTarget
        isMapped = false
        manager.lockSurfacesChanged(keyboardBefore: keyboardBefore)
        // Unlocked or not, its layer leaves the scene.
        if isShown { updateShown() }
    }

    // MARK: Requests

    private func ackConfigure(serial: UInt32) {
        guard let index = unacked.firstIndex(where: { $0.serial == serial }) else {
            return postError(EXT_SESSION_LOCK_SURFACE_V1_ERROR_INVALID_SERIAL,
                             "ack_configure with serial \(serial), which was never sent or was acknowledged already")
        }
        let acked = unacked[index]
        unacked.removeFirst(index + 1)
        ackedSize = (acked.width, acked.height)
    }

    private func destroyed() {
        resource = nil
        unmap()
        if let surface, surface.roleObject === self { surface.roleObject = nil }
        manager.unregister(self)
    }

    static let implementation: UnsafeRawPointer = {
        var i = ext_session_lock_surface_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.ack_configure = { _, resource, serial in LockSurface.from(resource)?.ackConfigure(serial: serial) }
        return staticImplementation(i)
    }()
}
