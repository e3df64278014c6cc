import CStrataServerProtocol
import CWaylandServer

/// wl_data_device_manager v3: the clipboard and drag and drop. A client
/// copies by setting a wl_data_source as the selection; the client with the
/// keyboard focus is offered it (a wl_data_offer per data device) and pastes
/// by asking the source, through the compositor, to write into a pipe. A
/// drag (`Drag`) offers its source to each surface it passes over.
final class DataDeviceManagerGlobal {
    static let version: Int32 = 3
    unowned let server: Server
    private var global: Global?
    /// The selection, the devices told of it, and who may set it.
    let slot: SelectionSlot<DataDevice>

    init?(server: Server) {
        self.server = server
        slot = SelectionSlot(server: server, kind: .clipboard)
        global = Global(display: server.display, interface: strata_wl_data_device_manager_interface(),
                        version: DataDeviceManagerGlobal.version, object: self, implementation: DataDeviceManagerGlobal.implementation)
        if global == nil { return nil }
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
            manager.slot.addDevice(DataDevice(manager: manager, parent: resource, id: id))
        }
        return staticImplementation(i)
    }()
}

extension DataDeviceManagerGlobal: ServerExtension {
    /// The client that gets the keys learns the clipboard.
    func keyboardFocusChanged(_ change: KeyboardFocusChange) {
        if change.entered, change.target?.resource != nil { slot.offerSelectionToFocusedClient() }
    }
}

extension Server {
    var dataDeviceManager: DataDeviceManagerGlobal? { `extension`(DataDeviceManagerGlobal.self) }
}
