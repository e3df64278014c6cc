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
    /// The selection, the devices told of it, and who may set it.
    let slot: SelectionSlot<PrimarySelectionDevice>

    init?(server: Server) {
        self.server = server
        slot = SelectionSlot(server: server, kind: .primary)
        global = Global(display: server.display, interface: strata_zwp_primary_selection_device_manager_v1_interface(),
                        version: PrimarySelectionManagerGlobal.version, object: self,
                        implementation: PrimarySelectionManagerGlobal.implementation)
        if global == nil { return nil }
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
            manager.slot.addDevice(PrimarySelectionDevice(manager: manager, parent: resource, id: id))
        }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}

extension PrimarySelectionManagerGlobal: ServerExtension {
    /// The client that gets the keys learns the middle-click selection.
    func keyboardFocusChanged(_ change: KeyboardFocusChange) {
        if change.entered, change.target?.resource != nil { slot.offerSelectionToFocusedClient() }
    }
}
