import CStrataServerProtocol
import CWaylandServer
import StrataProtocol

/// zwp_relative_pointer_manager_v1, version 1: pointer motion as deltas,
/// which games and 3D views want even when the pointer cannot move (a
/// locked pointer, the output's edge). The seat calls `pointerMoved` with
/// every motion, before it moves or clamps the pointer.
final class RelativePointerManagerGlobal {
    static let version: Int32 = 1
    unowned let server: Server
    private var global: Global?
    private var relativePointers: [RelativePointer] = []

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_zwp_relative_pointer_manager_v1_interface(),
                        version: RelativePointerManagerGlobal.version, object: self,
                        implementation: RelativePointerManagerGlobal.implementation)
        if global == nil { return nil }
    }

    func remove(_ pointer: RelativePointer) { relativePointers.removeAll { $0 === pointer } }

    /// Sends relative_motion to the relative pointers of `client` (the one
    /// with the pointer focus); false when it has none. Devices here are
    /// absolute, so the delta is the same accelerated or not.
    @discardableResult
    func pointerMoved(by delta: Point, client: OpaquePointer, microseconds: UInt64) -> Bool {
        var sent = false
        for pointer in relativePointers where pointer.client == client {
            pointer.sendMotion(delta: delta, microseconds: microseconds)
            sent = true
        }
        return sent
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_relative_pointer_manager_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.get_relative_pointer = { _, resource, id, _ in
            // One seat, and motion goes to every wl_pointer of the focused client: the pointer argument needs no lookup.
            guard let resource, let manager = resourceObject(resource, as: RelativePointerManagerGlobal.self),
                  let pointer = RelativePointer(manager: manager, parent: resource, id: id)
            else { return }
            manager.relativePointers.append(pointer)
        }
        return staticImplementation(i)
    }()
}

extension RelativePointerManagerGlobal: ServerExtension {}

extension Server {
    var relativePointerManager: RelativePointerManagerGlobal? { `extension`(RelativePointerManagerGlobal.self) }
}
