import CStrataServerProtocol
import CWaylandServer

/// zwp_input_method_manager_v2, version 1: a client becomes the seat's
/// input method (the second one at a time gets `unavailable`). An input
/// method reads every text input's surrounding text and content type, so
/// under `--restrict-privileged` only clients Strata started see this
/// global (Wayland/PrivilegedGlobals.swift).
final class InputMethodManagerGlobal {
    static let version: Int32 = 1
    unowned let relay: TextInputRelay
    private var global: Global?

    init?(server: Server) {
        guard let relay = server.textInputRelay else { return nil }
        self.relay = relay
        global = Global(display: server.display, interface: strata_zwp_input_method_manager_v2_interface(),
                        version: InputMethodManagerGlobal.version, object: self,
                        implementation: InputMethodManagerGlobal.implementation)
        if global == nil { return nil }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_input_method_manager_v2_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.get_input_method = { _, resource, _, id in
            // One seat: the seat argument needs no lookup.
            guard let resource, let manager = resourceObject(resource, as: InputMethodManagerGlobal.self),
                  let inputMethod = InputMethod(relay: manager.relay, parent: resource, id: id)
            else { return }
            manager.relay.inputMethodCreated(inputMethod)
        }
        return staticImplementation(i)
    }()
}

extension InputMethodManagerGlobal: ServerExtension {}
