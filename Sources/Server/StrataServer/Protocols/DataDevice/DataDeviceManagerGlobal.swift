import CStrataServerProtocol
import CWaylandServer

/// wl_data_device_manager v3: the clipboard. A client copies by setting a
/// wl_data_source as the selection; the client with the keyboard focus is
/// offered it (a wl_data_offer per data device) and pastes by asking the
/// source, through the compositor, to write into a pipe. Drag and drop is
/// not served yet: a drag is cancelled at once.
final class DataDeviceManagerGlobal {
    static let version: Int32 = 3
    unowned let server: Server
    private var global: Global?
    private var devices: [DataDevice] = []
    /// What was copied last; nil when nothing is, or its client destroyed it.
    private(set) weak var selection: DataSource?

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_wl_data_device_manager_interface(),
                        version: DataDeviceManagerGlobal.version, object: self, implementation: DataDeviceManagerGlobal.implementation)
        if global == nil { return nil }
    }

    func addDevice(_ device: DataDevice?) {
        guard let device else { return }
        devices.append(device)
        // A device made while its client has the keyboard learns the selection at once.
        if device.client == server.seat.keyboardFocus?.client { device.sendSelection(selection) }
    }

    func removeDevice(_ device: DataDevice) { devices.removeAll { $0 === device } }

    /// wl_data_device.set_selection. Only the client with the keyboard
    /// focus may set it (as weston does), so a background client cannot
    /// replace what the user copied.
    func setSelection(_ source: DataSource?, from client: OpaquePointer?) {
        guard client == server.seat.keyboardFocus?.client else {
            source?.cancel()
            return
        }
        if let old = selection, old !== source { old.cancel() }
        selection = source
        offerSelectionToFocusedClient()
    }

    /// The selection's source was destroyed: nothing is copied any more.
    func sourceDestroyed(_ source: DataSource) {
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
        var i = wl_data_device_manager_interface()
        i.create_data_source = { _, resource, id in
            guard let resource, let manager = resourceObject(resource, as: DataDeviceManagerGlobal.self) else { return }
            _ = DataSource(manager: manager, parent: resource, id: id)
        }
        i.get_data_device = { _, resource, id, _ in
            // One seat: the seat argument needs no lookup.
            guard let resource, let manager = resourceObject(resource, as: DataDeviceManagerGlobal.self) else { return }
            manager.addDevice(DataDevice(manager: manager, parent: resource, id: id))
        }
        return staticImplementation(i)
    }()
}
