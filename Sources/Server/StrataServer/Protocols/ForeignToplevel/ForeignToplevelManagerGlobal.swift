import CStrataServerProtocol
import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif

/// zwlr_foreign_toplevel_manager_v1, version 3: the open windows for
/// taskbars and docks (waybar's wlr/taskbar, sfwbar), each a handle with
/// its title, app id, outputs, states and parent, through which they
/// activate, minimize, maximize, make fullscreen or close it.
///
/// A window has a handle in each binding while it is mapped; unmapped or
/// destroyed, its handles get `closed` (mapped again, it is announced
/// anew). What a handle says is compared with the window whenever the
/// window tells `toplevelChanged` (Toplevel's observed properties and its
/// surface's outputs), and only what differs is sent, then `done`.
///
/// Privileged (`--restrict-privileged`), as it lists and drives every
/// client's windows.
///
/// A closed handle lives until its client destroys it, as the protocol
/// says. A client that never does would make the compositor keep one for
/// every window that ever opened: once a client holds
/// `closedHandleLimit` of them, its bindings are finished (no more
/// windows are announced to it), which bounds what it can hold.
final class ForeignToplevelManagerGlobal {
    static let version: Int32 = 3
    /// Far more than a taskbar ever holds between `closed` and its destroy.
    static let closedHandleLimit = 1024
    unowned let server: Server
    private var global: Global?
    /// Every binding with handles open or windows still to announce.
    private var bindings: [ForeignToplevelManager] = []

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_zwlr_foreign_toplevel_manager_v1_interface(),
                        version: ForeignToplevelManagerGlobal.version) { [unowned self] client, version, id in
            let manager = ForeignToplevelManager(global: self)
            guard let resource = makeResource(client: client, interface: strata_zwlr_foreign_toplevel_manager_v1_interface(),
                                              version: Int32(version), id: id,
                                              implementation: ForeignToplevelManager.implementation, object: manager,
                                              onDestroy: { [unowned self, unowned manager] _ in
                                                  manager.resource = nil
                                                  manager.isAnnouncing = false
                                                  self.forgetIfDone(manager)
                                              })
            else { return }
            manager.resource = resource
            self.bindings.append(manager)
            // The windows open now, bottom to top; then each says its parent, now that all have handles.
            let open = self.server.windows.toplevels.filter { $0.resource != nil }
            for toplevel in open { self.announce(toplevel, to: manager) }
            for handle in manager.handles.values { handle.sync() }
        }
        if global == nil { return nil }
    }

    /// Something a handle shows may have changed on `toplevel` (title, app
    /// id, states, activation, parent, outputs, mapping): handles are
    /// made, brought up to date or closed. A new or closed handle may be
    /// the parent of others in its binding, which are brought up to date too.
    func toplevelChanged(_ toplevel: Toplevel) {
        let key = ObjectIdentifier(toplevel)
        let mapped = toplevel.isMapped && toplevel.isLive && !toplevel.isUnmanaged
        for manager in bindings {
            if let handle = manager.handles[key], handle.toplevel !== toplevel {
                // A window that went without saying so: its handle is closed.
                manager.handles[key] = nil
                close(handle, of: manager)
            }
            if mapped {
                if let handle = manager.handles[key] {
                    handle.sync()
                } else if manager.isAnnouncing, !manager.dropped.contains(key), let handle = announce(toplevel, to: manager) {
                    handle.sync()
                    for other in manager.handles.values where other !== handle { other.sync() }
                }
            } else {
                manager.dropped.remove(key)
                guard let handle = manager.handles.removeValue(forKey: key) else { continue }
                // Children first hear of their new parent (the nearest mapped ancestor, or none).
                for other in manager.handles.values { other.sync() }
                close(handle, of: manager)
            }
        }
        finishHoarders()
    }

    /// Closes a handle, which stays with its client until the client destroys it.
    private func close(_ handle: ForeignToplevelHandle, of manager: ForeignToplevelManager) {
        handle.close()
        manager.closedHandles += 1
    }

    /// Finishes the bindings of every client holding too many closed handles.
    private func finishHoarders() {
        var closedByClient: [OpaquePointer: Int] = [:]
        for manager in bindings {
            guard let client = manager.client, manager.isAnnouncing else { continue }
            closedByClient[client, default: 0] += manager.closedHandles
        }
        for (client, count) in closedByClient where count >= Self.closedHandleLimit {
            var pid: pid_t = 0
            wl_client_get_credentials(client, &pid, nil, nil)
            ServerLog.logger.warning("client pid \(pid) holds \(count) closed toplevel handles it never destroyed: its foreign toplevel managers are finished")
            for manager in bindings where manager.client == client && manager.isAnnouncing { manager.finish() }
        }
    }

    /// A client bound a wl_output: its handles of windows on that output say so.
    func outputBound(_ resource: WaylandResource, of output: Output, client: OpaquePointer) {
        for manager in bindings where manager.client == client {
            for handle in manager.handles.values { handle.outputBound(resource, of: output) }
        }
    }

    /// An output is leaving the layout, its global not yet withdrawn: every
    /// handle that said the window was on it (a minimized one's too) says it left.
    func outputRemoved(_ output: Output) {
        for manager in bindings {
            for handle in manager.handles.values { handle.outputRemoved(output) }
        }
    }

    /// The handle of `toplevel` in `manager`'s binding, if there is one.
    func handle(of toplevel: Toplevel, in manager: ForeignToplevelManager) -> ForeignToplevelHandle? {
        manager.handles[ObjectIdentifier(toplevel)]
    }

    /// The client destroyed a handle: a window still open is not announced
    /// to that binding again until it maps anew (the client chose to stop
    /// following it).
    func handleDestroyed(_ handle: ForeignToplevelHandle) {
        let manager = handle.manager
        if let entry = manager.handles.first(where: { $0.value === handle }) {
            manager.handles[entry.key] = nil
            manager.dropped.insert(entry.key)
        } else {
            manager.closedHandles -= 1
        }
        forgetIfDone(manager)
    }

    func managerStopped(_ manager: ForeignToplevelManager) {
        manager.isAnnouncing = false
        forgetIfDone(manager)
    }

    /// A binding that announces nothing more and has no handle left is forgotten.
    private func forgetIfDone(_ manager: ForeignToplevelManager) {
        if !manager.isAnnouncing, manager.handles.isEmpty { bindings.removeAll { $0 === manager } }
    }

    @discardableResult
    private func announce(_ toplevel: Toplevel, to manager: ForeignToplevelManager) -> ForeignToplevelHandle? {
        guard let handle = ForeignToplevelHandle(manager: manager, toplevel: toplevel) else { return nil }
        manager.handles[ObjectIdentifier(toplevel)] = handle
        return handle
    }
}

/// One client's binding of the manager.
final class ForeignToplevelManager {
    unowned let global: ForeignToplevelManagerGlobal
    var resource: WaylandResource? {
        didSet { if let resource { client = wl_resource_get_client(resource) } }
    }
    private(set) var client: OpaquePointer?
    /// Until `stop` (or the binding goes), windows that map are announced.
    var isAnnouncing = true
    /// Its open handles, by window.
    var handles: [ObjectIdentifier: ForeignToplevelHandle] = [:]
    /// Windows whose handle the client destroyed while they stayed open.
    var dropped: Set<ObjectIdentifier> = []
    /// Handles closed and not yet destroyed by the client.
    var closedHandles = 0

    init(global: ForeignToplevelManagerGlobal) {
        self.global = global
    }

    static func from(_ resource: WaylandResource?) -> ForeignToplevelManager? {
        resourceObject(resource, as: ForeignToplevelManager.self, interface: strata_zwlr_foreign_toplevel_manager_v1_interface())
    }

    /// `stop`, or the compositor ending the binding: no more windows are
    /// announced; `finished` ends the object. The handles it made live on
    /// until their client destroys them.
    func finish() {
        global.managerStopped(self)
        guard let resource else { return }
        zwlr_foreign_toplevel_manager_v1_send_finished(resource)
        wl_resource_destroy(resource)
    }

    static let implementation: UnsafeRawPointer = {
        var i = zwlr_foreign_toplevel_manager_v1_interface()
        i.stop = { _, resource in ForeignToplevelManager.from(resource)?.finish() }
        return staticImplementation(i)
    }()
}

extension ForeignToplevelManagerGlobal: ServerExtension {}

extension Server {
    var foreignToplevelManager: ForeignToplevelManagerGlobal? { `extension`(ForeignToplevelManagerGlobal.self) }
}
