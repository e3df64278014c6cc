import CStrataServerProtocol
import CWaylandServer
import StrataProtocol

/// ext_session_lock_manager_v1, version 1: a lock screen (swaylock) locks
/// the session. From `lock` until the lock client's `unlock_and_destroy`
/// the outputs show only the lock surfaces, over an opaque colour where an
/// output has none (`LockScreen`), and the seat gives the keyboard, the
/// pointer and touch to the lock surfaces alone, with no compositor
/// shortcut (`Seat+SessionLock`). `locked` is sent after the first frame
/// that shows no other content.
///
/// One lock at a time: a `lock` while a lock client holds the session (or
/// is about to) is answered `finished`. A lock whose client goes away
/// without unlocking, or that is destroyed before `locked` came, leaves
/// the session locked, blank and deaf to the other clients; a new `lock`
/// takes it over then, as sway allows.
final class SessionLockManagerGlobal {
    static let version: Int32 = 1
    unowned let server: Server
    private var global: Global?
    /// Drawn over everything while the session is locked.
    let screen: LockScreen

    /// The session is locked: from a `lock` until `unlock_and_destroy`, whatever becomes of the lock client.
    private(set) var isLocked = false
    /// Frames rendered when the lock in charge came: `locked` needs a later one on screen.
    private var lockFrame: Int?
    /// The lock in charge: nil while unlocked, and once its client left without unlocking.
    private(set) weak var activeLock: SessionLock?
    /// The lock surface with the keyboard (the one clicked or touched last, else the first shown).
    private weak var focusedSurface: LockSurface?
    /// Every live lock surface, of any lock, in creation order.
    private var surfaces: [Weak<LockSurface>] = []

    init?(server: Server) {
        self.server = server
        screen = LockScreen(scene: server.scene)
        global = Global(display: server.display, interface: strata_ext_session_lock_manager_v1_interface(),
                        version: SessionLockManagerGlobal.version) { [unowned self] client, version, id in
            let binding = SessionLockManagerBinding(manager: self)
            makeResource(client: client, interface: strata_ext_session_lock_manager_v1_interface(),
                         version: Int32(version), id: id, implementation: SessionLockManagerBinding.implementation, object: binding)
        }
        if global == nil { return nil }
        // `locked` goes out once a frame without the other clients' content was drawn.
        server.addPresentationObserver { [weak self] _ in self?.framePresented() }
    }

    // MARK: Locking

    /// `lock`: the session locks, or stays locked with `lock` in charge; `finished` if another lock holds it.
    func lockRequested(_ lock: SessionLock) {
        if activeLock != nil {
            lock.finish()
            return
        }
        activeLock = lock
        // `locked` waits for a frame drawn from now on.
        lockFrame = server.framesRendered
        if !isLocked {
            // Menus, moves and drags end while the other clients still have the seat, so they hear of it.
            server.seat.prepareForSessionLock()
            let keyboardBefore = server.seat.keyboardTarget
            isLocked = true
            screen.show(in: server)
            server.seat.sessionLocked(keyboardBefore: keyboardBefore)
            ServerLog.logger.info("session locked")
        } else {
            ServerLog.logger.info("a new lock client took over the locked session")
        }
        lockSurfacesChanged()
        server.scheduleFrame()
    }

    /// A frame was drawn: a lock waiting for `locked` gets it once a frame
    /// drawn since the lock is on every output (a monitor's page flip
    /// completed), as the outputs then show no other content.
    private func framePresented() {
        outputsShowedFrames()
    }

    /// The outputs may show newer frames (a frame was drawn, a flip completed).
    func outputsShowedFrames() {
        guard isLocked, let lock = activeLock, !lock.lockedSent, let lockFrame, server.framesRendered > lockFrame,
              server.outputs.allSatisfy({ $0.device.isShowingLatestFrame }) else { return }
        lock.sendLocked()
    }

    /// `unlock_and_destroy` from the lock in charge: the windows come back, and the keyboard goes back to what had it.
    func unlock(_ lock: SessionLock) {
        guard lock === activeLock, isLocked else { return }
        let keyboardBefore = server.seat.keyboardTarget
        server.seat.restoreFocusBeforeLock()
        activeLock = nil
        focusedSurface = nil
        isLocked = false
        screen.hide()
        for surface in allSurfaces { surface.updateShown() }
        server.seat.sessionUnlocked(keyboardBefore: keyboardBefore)
        server.scheduleFrame()
        ServerLog.logger.info("session unlocked")
    }

    /// A lock object went (its client's request or its end). The one in
    /// charge leaves the session locked; a new lock may take it over.
    func lockDestroyed(_ lock: SessionLock) {
        guard lock === activeLock else { return }
        let keyboardBefore = server.seat.keyboardTarget
        activeLock = nil
        if isLocked { ServerLog.logger.warning("the lock client went without unlocking; the session stays locked") }
        lockSurfacesChanged(keyboardBefore: keyboardBefore)
    }

    // MARK: Lock surfaces

    func register(_ surface: LockSurface) {
        surfaces.removeAll { $0.object == nil }
        surfaces.append(Weak(surface))
    }

    func unregister(_ surface: LockSurface) {
        surfaces.removeAll { $0.object == nil || $0.object === surface }
        lockSurfacesChanged()
    }

    var allSurfaces: [LockSurface] { surfaces.compactMap(\.object) }

    /// The lock surfaces on screen: the mapped ones of the lock in charge, on outputs still there.
    var shownSurfaces: [LockSurface] {
        guard isLocked, let lock = activeLock else { return [] }
        return allSurfaces.filter { $0.lock === lock && $0.isMapped && $0.output.map { !$0.isRemoved } == true }
    }

    /// Whether `surface` is drawn and takes input.
    func isShown(_ surface: LockSurface) -> Bool {
        isLocked && activeLock != nil && surface.lock === activeLock && surface.isMapped && surface.output.map { !$0.isRemoved } == true
    }

    /// The lock surface with the keyboard while locked.
    var keyboardSurface: LockSurface? {
        guard let focusedSurface, isShown(focusedSurface) else { return nil }
        return focusedSurface
    }

    /// The lock surface `surface` is, or is a subsurface of.
    func lockSurface(of surface: Surface) -> LockSurface? {
        surface.mainSurface.roleObject as? LockSurface
    }

    /// A click or touch on a lock surface: it takes the keyboard.
    func focus(_ surface: LockSurface) {
        guard isShown(surface), focusedSurface !== surface else { return }
        let keyboardBefore = server.seat.keyboardTarget
        focusedSurface = surface
        server.seat.keyboardTargetChanged(from: keyboardBefore)
    }

    /// A lock surface came, went, or the lock in charge changed: the
    /// screen shows what is there now, the keyboard stays on the focused
    /// lock surface (else goes to the one on the pointer's output, else
    /// the first), and the pointer's focus follows what is under it.
    func lockSurfacesChanged(keyboardBefore: Surface?? = nil) {
        guard isLocked else { return }
        let keyboardBefore = keyboardBefore ?? server.seat.keyboardTarget
        for surface in allSurfaces { surface.updateShown() }
        let shown = shownSurfaces
        screen.layOut(shown, in: server)
        if focusedSurface.map({ !isShown($0) }) ?? true {
            let pointerOutput = server.seat.pointerHasMoved ? server.output(at: server.seat.pointerPosition) : nil
            focusedSurface = shown.first { $0.output === pointerOutput } ?? shown.first
        }
        server.seat.keyboardTargetChanged(from: keyboardBefore)
        server.seat.sceneChangedUnderPointer()
        server.scheduleFrame()
    }

    /// Outputs came, went, moved or changed size: lock surfaces are configured to their output's new size,
    /// those of an output that went are no longer shown, and the blank covers the new layout.
    func outputsChanged() {
        for surface in allSurfaces { surface.outputChanged() }
        lockSurfacesChanged()
    }

    /// The output a lock surface is asked for, if it is still there.
    func output(named resource: WaylandResource?) -> Output? {
        resourceObject(resource, as: OutputGlobal.self)?.liveOutput
    }
}

/// One client's binding of ext_session_lock_manager_v1.
final class SessionLockManagerBinding {
    unowned let manager: SessionLockManagerGlobal

    init(manager: SessionLockManagerGlobal) { self.manager = manager }

    static func from(_ resource: WaylandResource?) -> SessionLockManagerBinding? {
        resourceObject(resource, as: SessionLockManagerBinding.self, interface: strata_ext_session_lock_manager_v1_interface())
    }

    static let implementation: UnsafeRawPointer = {
        var i = ext_session_lock_manager_v1_interface()
        i.lock = { _, resource, id in
            guard let resource, let binding = SessionLockManagerBinding.from(resource),
                  let lock = SessionLock(manager: binding.manager, parent: resource, id: id) else { return }
            binding.manager.lockRequested(lock)
        }
        // Locks made through it live on.
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}

extension SessionLockManagerGlobal: ServerExtension {
    /// The lock screen covers the new layout, blank where no lock surface is yet.
    func layoutChanged() { outputsChanged() }
    func willRenderFrame() { if isLocked { screen.keepOnTop() } }
    func outputsPresented() { outputsShowedFrames() }
    func treeMembers() -> [(String, JSONValue)] { [("locked", .bool(isLocked))] }
    func census() -> [String: Int] { ["sessionLock.locked": isLocked ? 1 : 0, "sessionLock.surfaces": allSurfaces.count] }
}

extension Server {
    var sessionLock: SessionLockManagerGlobal? { `extension`(SessionLockManagerGlobal.self) }

    /// A lock client locked the session: only its lock surfaces are shown and get input.
    public var isSessionLocked: Bool { sessionLock?.isLocked ?? false }
}
