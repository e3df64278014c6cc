import CStrataServerProtocol
import CWaylandServer

/// zwlr_virtual_pointer_manager_v1, version 2: pointers driven by a
/// client, for remote desktops and automation (wayvnc, wlrctl). Their
/// events reach the seat as a device's do (`Seat.handle`), so focus,
/// grabs, window moves and constraints treat them alike. Privileged
/// (`--restrict-privileged`), as such a pointer clicks on any window.
final class VirtualPointerManagerGlobal {
    static let version: Int32 = 2
    unowned let server: Server
    private var global: Global?

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_zwlr_virtual_pointer_manager_v1_interface(),
                        version: VirtualPointerManagerGlobal.version, object: self,
                        implementation: VirtualPointerManagerGlobal.implementation)
        if global == nil { return nil }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwlr_virtual_pointer_manager_v1_interface()
        // One seat: the seat argument, a hint, needs no lookup.
        i.create_virtual_pointer = { _, resource, _, id in
            guard let resource, let manager = resourceObject(resource, as: VirtualPointerManagerGlobal.self) else { return }
            _ = VirtualPointer(server: manager.server, parent: resource, id: id, output: nil)
        }
        i.create_virtual_pointer_with_output = { _, resource, _, output, id in
            guard let resource, let manager = resourceObject(resource, as: VirtualPointerManagerGlobal.self) else { return }
            _ = VirtualPointer(server: manager.server, parent: resource, id: id,
                               output: resourceObject(output, as: OutputGlobal.self)?.liveOutput)
        }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}

extension VirtualPointerManagerGlobal: ServerExtension {}
