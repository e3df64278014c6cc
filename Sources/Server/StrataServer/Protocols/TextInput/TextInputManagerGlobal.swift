import CStrataServerProtocol
import CWaylandServer

/// zwp_text_input_manager_v3, version 1: makes a client's text inputs,
/// which `TextInputRelay` connects to the seat's keyboard focus and to the
/// input method.
final class TextInputManagerGlobal {
    static let version: Int32 = 1
    unowned let relay: TextInputRelay
    private var global: Global?

    init?(server: Server) {
        guard let relay = server.textInputRelay else { return nil }
        self.relay = relay
        global = Global(display: server.display, interface: strata_zwp_text_input_manager_v3_interface(),
                        version: TextInputManagerGlobal.version, object: self,
                        implementation: TextInputManagerGlobal.implementation)
        if global == nil { return nil }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_text_input_manager_v3_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.get_text_input = { _, resource, id, _ in
            // One seat: the seat argument needs no lookup.
            guard let resource, let manager = resourceObject(resource, as: TextInputManagerGlobal.self) else { return }
            manager.relay.textInputCreated(TextInput(relay: manager.relay, parent: resource, id: id))
        }
        return staticImplementation(i)
    }()
}

extension TextInputManagerGlobal: ServerExtension {}
