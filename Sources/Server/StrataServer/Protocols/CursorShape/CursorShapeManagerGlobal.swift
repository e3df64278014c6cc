import CStrataServerProtocol
import CWaylandServer

/// wp_cursor_shape_manager_v1, version 1: a client names its cursor's shape
/// (text, pointer, a resize edge…) and Strata draws it from the cursor
/// theme, instead of the client drawing a cursor surface. Newer GTK and Qt
/// use it where it is offered.
final class CursorShapeManagerGlobal {
    static let version: Int32 = 1
    unowned let server: Server
    private var global: Global?
    /// Devices whose client has not destroyed them.
    private(set) var liveDevices = 0

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_wp_cursor_shape_manager_v1_interface(),
                        version: CursorShapeManagerGlobal.version, object: self,
                        implementation: CursorShapeManagerGlobal.implementation)
        if global == nil { return nil }
    }

    func deviceDestroyed() { liveDevices -= 1 }

    private static let implementation: UnsafeRawPointer = {
        var i = wp_cursor_shape_manager_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.get_pointer = { _, resource, id, pointer in
            guard let resource, let manager = resourceObject(resource, as: CursorShapeManagerGlobal.self) else { return }
            if CursorShapeDevice(manager: manager, pointer: PointerResource.from(pointer), parent: resource, id: id) != nil {
                manager.liveDevices += 1
            }
        }
        // No tablets yet: the device is made, and its shapes have no cursor to go to.
        i.get_tablet_tool_v2 = { _, resource, id, _ in
            guard let resource, let manager = resourceObject(resource, as: CursorShapeManagerGlobal.self) else { return }
            if CursorShapeDevice(manager: manager, pointer: nil, parent: resource, id: id) != nil { manager.liveDevices += 1 }
        }
        return staticImplementation(i)
    }()
}

extension CursorShapeManagerGlobal: ServerExtension {
    func census() -> [String: Int] { ["cursorShape.devices": liveDevices] }
}
