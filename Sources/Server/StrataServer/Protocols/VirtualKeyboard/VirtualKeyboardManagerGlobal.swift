import CStrataServerProtocol
import CWaylandServer

/// zwp_virtual_keyboard_manager_v1, version 1: a client makes keyboards of
/// its own, whose keys go to the focused client as if typed (an input
/// method hands back the keys it does not use through one). A virtual
/// keyboard types into every window, so under `--restrict-privileged` only
/// clients Strata started see this global (Wayland/PrivilegedGlobals.swift),
/// as with the input method manager; the others cannot bind it, so the
/// protocol's `unauthorized` error is never needed.
final class VirtualKeyboardManagerGlobal {
    static let version: Int32 = 1
    unowned let seat: Seat
    private var global: Global?

    init?(server: Server) {
        seat = server.seat
        global = Global(display: server.display, interface: strata_zwp_virtual_keyboard_manager_v1_interface(),
                        version: VirtualKeyboardManagerGlobal.version, object: self,
                        implementation: VirtualKeyboardManagerGlobal.implementation)
        if global == nil { return nil }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_virtual_keyboard_manager_v1_interface()
        i.create_virtual_keyboard = { _, resource, _, id in
            // One seat: the seat argument needs no lookup.
            guard let resource, let manager = resourceObject(resource, as: VirtualKeyboardManagerGlobal.self),
                  let keyboard = VirtualKeyboard(seat: manager.seat, parent: resource, id: id)
            else { return }
            manager.seat.virtualKeyboards.append(keyboard)
        }
        return staticImplementation(i)
    }()
}

extension VirtualKeyboardManagerGlobal: ServerExtension {}
