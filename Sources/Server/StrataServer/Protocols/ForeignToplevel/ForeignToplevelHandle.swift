import CStrataServerProtocol
import CWaylandServer
import StrataProtocol

/// A zwlr_foreign_toplevel_handle_v1: one mapped window as one binding of
/// the manager sees it. It remembers what it last sent, so `sync` sends
/// only what changed, then `done`. Closed (inert), it ignores requests
/// until its client destroys it.
final class ForeignToplevelHandle {
    let manager: ForeignToplevelManager
    /// The window; nil once the handle is closed.
    private(set) weak var toplevel: Toplevel?
    private var resource: WaylandResource?
    let client: OpaquePointer
    private let version: Int32

    // What the client was last told.
    private var sentTitle: String?
    private var sentAppID: String?
    private var sentStates: [UInt32]?
    /// Weak: a closed handle a taskbar keeps does not keep a removed output's framebuffer.
    private var sentOutputs: [Weak<Output>] = []
    private weak var sentParent: ForeignToplevelHandle?
    /// set_rectangle: where the client shows the window (a taskbar button), kept as a hint nothing uses yet.
    private(set) var rectangle: (surface: Weak<Surface>, rect: Rect)?

    /// Sends `toplevel` on the manager's resource with the new handle; nil when the manager is gone.
    init?(manager: ForeignToplevelManager, toplevel: Toplevel) {
        guard let managerResource = manager.resource else { return nil }
        self.manager = manager
        self.toplevel = toplevel
        client = wl_resource_get_client(managerResource)
        version = wl_resource_get_version(managerResource)
        // A server-made object: id 0 lets libwayland pick one.
        guard let resource = makeResource(child: managerResource, interface: strata_zwlr_foreign_toplevel_handle_v1_interface(),
                                          id: 0, implementation: ForeignToplevelHandle.implementation, object: self,
                                          onDestroy: { [unowned self] _ in
                                              self.resource = nil
                                              self.manager.global.handleDestroyed(self)
                                          })
        else { return nil }
        self.resource = resource
        zwlr_foreign_toplevel_manager_v1_send_toplevel(managerResource, resource)
    }

    static func from(_ resource: WaylandResource?) -> ForeignToplevelHandle? {
        resourceObject(resource, as: ForeignToplevelHandle.self, interface: strata_zwlr_foreign_toplevel_handle_v1_interface())
    }

    /// The zwlr_foreign_toplevel_handle_v1.state values the window has now.
    private func states(of toplevel: Toplevel) -> [UInt32] {
        var values: [UInt32] = []
        if toplevel.states.maximized { values.append(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_MAXIMIZED.rawValue) }
        if toplevel.states.minimized { values.append(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_MINIMIZED.rawValue) }
        if toplevel.isActivated { values.append(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_ACTIVATED.rawValue) }
        if toplevel.states.fullscreen, version >= 2 { values.append(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_FULLSCREEN.rawValue) }
        return values
    }

    /// Sends what changed since the last time, then `done`; the first time, everything.
    func sync() {
        guard let resource, let toplevel else { return }
        let first = sentStates == nil
        var changed = false
        if toplevel.title != sentTitle, let title = toplevel.title {
            zwlr_foreign_toplevel_handle_v1_send_title(resource, title)
            changed = true
        }
        sentTitle = toplevel.title
        if toplevel.appID != sentAppID, let appID = toplevel.appID {
            zwlr_foreign_toplevel_handle_v1_send_app_id(resource, appID)
            changed = true
        }
        sentAppID = toplevel.appID
        // A minimized window has left its outputs' surfaces, but a taskbar
        // showing one output's windows must keep it to bring it back.
        let before = sentOutputs.compactMap(\.object)
        let outputs = toplevel.states.minimized ? before.filter { !$0.isRemoved }
                                                : toplevel.surface?.outputsEntered ?? []
        for gone in before where !outputs.contains(where: { $0 === gone }) {
            for output in gone.global?.resources(of: client) ?? [] { zwlr_foreign_toplevel_handle_v1_send_output_leave(resource, output) }
            changed = true
        }
        for came in outputs where !before.contains(where: { $0 === came }) {
            for output in came.global?.resources(of: client) ?? [] { zwlr_foreign_toplevel_handle_v1_send_output_enter(resource, output) }
            changed = true
        }
        sentOutputs = outputs.map { Weak($0) }
        let states = states(of: toplevel)
        if states != sentStates {
            var array = wl_array()
            wl_array_init(&array)
            for state in states { wl_array_add(&array, MemoryLayout<UInt32>.size)?.storeBytes(of: state, as: UInt32.self) }
            zwlr_foreign_toplevel_handle_v1_send_state(resource, &array)
            wl_array_release(&array)
            sentStates = states
            changed = true
        }
        if version >= 3 {
            let parent = toplevel.mappedParent.flatMap { manager.global.handle(of: $0, in: manager) }
            if parent !== sentParent || (first && parent != nil) {
                zwlr_foreign_toplevel_handle_v1_send_parent(resource, parent?.resource)
                sentParent = parent
                changed = true
            }
        }
        if changed || first { zwlr_foreign_toplevel_handle_v1_send_done(resource) }
    }

    /// The client bound `output` late: if the window is on it, it hears so on that binding.
    func outputBound(_ outputResource: WaylandResource, of output: Output) {
        guard let resource, toplevel != nil, sentOutputs.contains(where: { $0.object === output }) else { return }
        zwlr_foreign_toplevel_handle_v1_send_output_enter(resource, outputResource)
        zwlr_foreign_toplevel_handle_v1_send_done(resource)
    }

    /// `output` leaves the layout (its global still there to name it): a
    /// window said to be on it, shown or minimized, leaves it. A minimized
    /// one enters the output it was moved to, so a taskbar of that output
    /// can still bring it back (a shown one's surface enters it by itself).
    func outputRemoved(_ output: Output) {
        guard let resource, let toplevel, sentOutputs.contains(where: { $0.object === output }) else { return }
        sentOutputs.removeAll { $0.object === output || $0.object == nil }
        for bound in output.global?.resources(of: client) ?? [] { zwlr_foreign_toplevel_handle_v1_send_output_leave(resource, bound) }
        if toplevel.states.minimized {
            let now = toplevel.server.output(of: toplevel)
            if now !== output, !sentOutputs.contains(where: { $0.object === now }) {
                sentOutputs.append(Weak(now))
                for bound in now.global?.resources(of: client) ?? [] { zwlr_foreign_toplevel_handle_v1_send_output_enter(resource, bound) }
            }
        }
        zwlr_foreign_toplevel_handle_v1_send_done(resource)
    }

    /// The window went (unmapped or destroyed): `closed`, and the handle is inert.
    func close() {
        toplevel = nil
        sentOutputs = []
        guard let resource else { return }
        zwlr_foreign_toplevel_handle_v1_send_closed(resource)
    }

    // MARK: Requests

    /// set_maximized, set_fullscreen and unset_minimized show a minimized window again, activated.
    private func showIfMinimized(_ toplevel: Toplevel) {
        if toplevel.states.minimized { toplevel.server.seat.focusWindow(toplevel) }
    }

    private func setRectangle(surface: WaylandResource?, x: Int32, y: Int32, width: Int32, height: Int32) {
        // Requests after `closed` are ignored, as the protocol asks: even a bad rectangle.
        guard let resource, toplevel != nil else { return }
        guard width >= 0, height >= 0 else {
            strata_resource_post_error(resource, ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_ERROR_INVALID_RECTANGLE.rawValue,
                                       "set_rectangle with a negative size \(width)×\(height)")
            return
        }
        if width == 0 && height == 0 {
            rectangle = nil
        } else if let surface = Surface.from(surface) {
            let r = ClientValue.rect(x: x, y: y, width: width, height: height)
            rectangle = (Weak(surface), Rect(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height)))
        }
    }

    /// The live window behind a request's handle; nil once closed.
    private static func window(_ resource: WaylandResource?) -> Toplevel? {
        guard let toplevel = ForeignToplevelHandle.from(resource)?.toplevel, toplevel.isLive, toplevel.isMapped
        else { return nil }
        return toplevel
    }

    static let implementation: UnsafeRawPointer = {
        var i = zwlr_foreign_toplevel_handle_v1_interface()
        i.set_maximized = { _, resource in
            guard let toplevel = window(resource) else { return }
            ForeignToplevelHandle.from(resource)?.showIfMinimized(toplevel)
            toplevel.setMaximized(true)
        }
        i.unset_maximized = { _, resource in window(resource)?.setMaximized(false) }
        i.set_minimized = { _, resource in window(resource)?.minimize() }
        i.unset_minimized = { _, resource in
            guard let toplevel = window(resource) else { return }
            ForeignToplevelHandle.from(resource)?.showIfMinimized(toplevel)
        }
        // One seat: the argument needs no lookup.
        i.activate = { _, resource, _ in
            guard let toplevel = window(resource) else { return }
            toplevel.server.seat.focusWindow(toplevel)
        }
        i.close = { _, resource in window(resource)?.close() }
        i.set_rectangle = { _, resource, surface, x, y, width, height in
            ForeignToplevelHandle.from(resource)?.setRectangle(surface: surface, x: x, y: y, width: width, height: height)
        }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.set_fullscreen = { _, resource, output in
            guard let toplevel = window(resource) else { return }
            ForeignToplevelHandle.from(resource)?.showIfMinimized(toplevel)
            toplevel.setFullscreen(true, on: resourceObject(output, as: OutputGlobal.self)?.liveOutput)
        }
        i.unset_fullscreen = { _, resource in window(resource)?.setFullscreen(false) }
        return staticImplementation(i)
    }()
}
