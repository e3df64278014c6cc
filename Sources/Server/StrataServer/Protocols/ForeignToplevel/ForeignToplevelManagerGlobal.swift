import CStrataServerProtocol
import CWaylandServer

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
final class ForeignToplevelManagerGlobal {
    static let version: Int32 = 3
    unowned let server: Server
    private var global: Global?
    /// The bindings that have not sent `stop`.
    private var managers: [ForeignToplevelManager] = []
    /// Every handle not yet closed, of every binding (a stopped one's too).
    private(set) var handles: [ForeignToplevelHandle] = []

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
                                                  self.managers.removeAll { $0 === manager }
                                              })
            else { return }
            manager.resource = resource
            self.managers.append(manager)
            // The windows open now, bottom to top.
            for toplevel in self.server.windows.toplevels where toplevel.resource != nil {
                self.announce(toplevel, to: manager)
            }
            self.syncAll()
        }
        if global == nil { return nil }
    }

    /// Something a handle shows may have changed on `toplevel` (title, app
    /// id, states, activation, parent, outputs, mapping): handles are
    /// made, brought up to date or closed.
    func toplevelChanged(_ toplevel: Toplevel) {
        if toplevel.isMapped, toplevel.resource != nil {
            var announced = false
            for manager in managers where !handles.contains(where: { $0.manager === manager && $0.toplevel === toplevel }) {
                announce(toplevel, to: manager)
                announced = true
            }
            // A new handle may be the parent of others.
            if announced { return syncAll() }
            for handle in handles where handle.toplevel === toplevel { handle.sync() }
        } else {
            let closing = handles.filter { $0.toplevel === toplevel }
            guard !closing.isEmpty else { return }
            handles.removeAll { $0.toplevel === toplevel }
            // Children first hear of their new parent (the nearest mapped ancestor, or none).
            syncAll()
            for handle in closing { handle.close() }
        }
    }

    /// A client bound a wl_output: its handles of windows on that output say so.
    func outputBound(_ resource: WaylandResource, of output: Output, client: OpaquePointer) {
        for handle in handles where handle.client == client { handle.outputBound(resource, of: output) }
    }

    /// The handle of `toplevel` in `manager`'s binding, if there is one.
    func handle(of toplevel: Toplevel, in manager: ForeignToplevelManager) -> ForeignToplevelHandle? {
        handles.first { $0.manager === manager && $0.toplevel === toplevel }
    }

    func handleDestroyed(_ handle: ForeignToplevelHandle) {
        handles.removeAll { $0 === handle }
    }

    func managerStopped(_ manager: ForeignToplevelManager) {
        managers.removeAll { $0 === manager }
    }

    private func announce(_ toplevel: Toplevel, to manager: ForeignToplevelManager) {
        guard let handle = ForeignToplevelHandle(manager: manager, toplevel: toplevel) else { return }
        handles.append(handle)
    }

    private func syncAll() {
        for handle in handles { handle.sync() }
    }
}

/// One client's binding of the manager.
final class ForeignToplevelManager {
    unowned let global: ForeignToplevelManagerGlobal
    var resource: WaylandResource?

    init(global: ForeignToplevelManagerGlobal) {
        self.global = global
    }

    static func from(_ resource: WaylandResource?) -> ForeignToplevelManager? {
        resourceObject(resource, as: ForeignToplevelManager.self, interface: strata_zwlr_foreign_toplevel_manager_v1_interface())
    }

    /// `stop`: no more windows are announced; `finished` ends the object.
    /// The handles it made live on until their client destroys them.
    private func stop() {
        global.managerStopped(self)
        guard let resource else { return }
        zwlr_foreign_toplevel_manager_v1_send_finished(resource)
        wl_resource_destroy(resource)
    }

    static let implementation: UnsafeRawPointer = {
        var i = zwlr_foreign_toplevel_manager_v1_interface()
        i.stop = { _, resource in ForeignToplevelManager.from(resource)?.stop() }
        return staticImplementation(i)
    }()
}

extension Toplevel {
    /// The one place a window tells the protocols that mirror it (foreign
    /// toplevel handles) that something they show may have changed.
    func publishChanges() {
        server.foreignToplevelManager?.toplevelChanged(self)
    }
}
