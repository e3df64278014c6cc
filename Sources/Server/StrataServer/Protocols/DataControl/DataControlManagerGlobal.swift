import CStrataServerProtocol
import CWaylandServer

/// zwlr_data_control_manager_v1, version 2: a clipboard manager (wl-copy,
/// wl-paste, cliphist) reads and sets the seat's clipboard and primary
/// selection without a window or the keyboard focus. Its devices are told
/// of every change of either selection, whoever made it; a source it sets
/// becomes the selection that wl_data_device and primary selection clients
/// paste from, and is asked for the data like theirs. Privileged, as it
/// reads whatever anyone copies (`PrivilegedGlobals`).
final class DataControlManagerGlobal {
    static let version: Int32 = 2
    unowned let server: Server
    private var global: Global?
    private var devices: [DataControlDevice] = []
    /// Sources whose client has not destroyed them.
    private var liveSources = 0
    /// The seat's clipboard (Protocols/DataDevice) and primary selection (Protocols/PrimarySelection).
    let clipboard: SelectionSlot<DataDevice>?
    let primary: SelectionSlot<PrimarySelectionDevice>?

    init?(server: Server) {
        self.server = server
        clipboard = server.dataDeviceManager?.slot
        primary = server.extension(PrimarySelectionManagerGlobal.self)?.slot
        global = Global(display: server.display, interface: strata_zwlr_data_control_manager_v1_interface(),
                        version: DataControlManagerGlobal.version, object: self,
                        implementation: DataControlManagerGlobal.implementation)
        if global == nil { return nil }
    }

    func remove(_ device: DataControlDevice) { devices.removeAll { $0 === device } }

    /// A source's client destroyed it: whichever selection it was is now none.
    func sourceDestroyed(_ source: DataControlSource) {
        liveSources -= 1
        clipboard?.sourceDestroyed(source)
        primary?.sourceDestroyed(source)
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwlr_data_control_manager_v1_interface()
        i.create_data_source = { _, resource, id in
            guard let resource, let manager = resourceObject(resource, as: DataControlManagerGlobal.self) else { return }
            if DataControlSource(manager: manager, parent: resource, id: id) != nil { manager.liveSources += 1 }
        }
        i.get_data_device = { _, resource, id, _ in
            // One seat: the seat argument needs no lookup.
            guard let resource, let manager = resourceObject(resource, as: DataControlManagerGlobal.self),
                  let device = DataControlDevice(manager: manager, parent: resource, id: id) else { return }
            manager.devices.append(device)
            // The first selection events come at once, as the protocol asks.
            device.send(manager.clipboard?.selection, as: .clipboard)
            device.send(manager.primary?.selection, as: .primary)
        }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}

extension DataControlManagerGlobal: ServerExtension {
    /// Devices follow every change of either selection, whoever has the focus.
    func selectionChanged(_ kind: SelectionKind) {
        let source = kind == .clipboard ? clipboard?.selection : primary?.selection
        for device in devices { device.send(source, as: kind) }
    }

    /// How many clipboard managers are listening, and their sources.
    func treeMembers() -> [(String, JSONValue)] {
        [("data_control", .object([("devices", .int(devices.count)), ("sources", .int(liveSources))]))]
    }

    func census() -> [String: Int] { ["dataControl.devices": devices.count, "dataControl.sources": liveSources] }
}
