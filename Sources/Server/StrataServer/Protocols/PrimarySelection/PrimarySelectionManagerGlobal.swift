import CStrataServerProtocol
import CWaylandServer

/// zwp_primary_selection_device_manager_v1: the middle-click selection, kept
/// as the clipboard is (Protocols/DataDevice): a client selects by setting a
/// source, the client with the keyboard focus is offered it, and pastes
/// through a pipe to the source's client.
final class PrimarySelectionManagerGlobal {
    static let version: Int32 = 1
    unowned let server: Server
    private var global: Global?
    private var devices: [PrimarySelectionDevice] = []
    /// What was selected last; nil when nothing is, or its client destroyed it.
    private(set) weak var selection: PrimarySelectionSource?

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_zwp_primary_selection_device_manager_v1_interface(),
                        version: PrimarySelectionManagerGlobal.version, object: self,
                        implementation: PrimarySelectionManagerGlobal.implementation)
        if global == nil { return nil }
    }

    func addDevice(_ device: PrimarySelectionDevice?) {
        guard let device else { return }
        devices.append(device)
        // A device made while its client has the keyboard learns the selection at once.
        if device.client == server.seat.keyboardFocus?.client { device.sendSelection(selection) }
    }

    func removeDevice(_ device: PrimarySelectionDevice) { devices.removeAll { $0 === device } }

    /// set_selection. Only the client with the keyboard focus may set it,
    /// as for the clipboard, so a background client cannot replace what
    /// the user selected; another's source is cancelled at once.
    func setSelection(_ source: PrimarySelectionSource?, from client: OpaquePointer?) {
        guard client == server.seat.keyboardFocus?.client else {
            source?.cancel()
            return
        }
        if let old = selection, old !== source { old.cancel() }
        selection = source
        offerSelectionToFocusedClient()
    }

    /// The selection's source was destroyed: nothing is selected any more.
    func sourceDestroyed(_ source: PrimarySelectionSource) {
        guard selection === source else { return }
        selection = nil
        offerSelectionToFocusedClient()
    }

    /// The keyboard focus moved (Seat+Focus): its client is offered the selection.
    func offerSelectionToFocusedClient() {
        guard let client = server.seat.keyboardFocus?.client else { return }
        for device in devices where device.client == client { device.sendSelection(selection) }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_primary_selection_device_manager_v1_interface()
        i.create_source = { _, resource, id in
            guard let resource, let manager = resourceObject(resource, as: PrimarySelectionManagerGlobal.self) else { return }
            _ = PrimarySelectionSource(manager: manager, parent: resource, id: id)
        }
        i.get_device = { _, resource, id, _ in
            // One seat: the seat argument needs no lookup.
            guard let resource, let manager = resourceObject(resource, as: PrimarySelectionManagerGlobal.self) else { return }
            manager.addDevice(PrimarySelectionDevice(manager: manager, parent: resource, id: id))
        }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
