import CStrataServerProtocol
import CWaylandServer

/// zwp_text_input_manager_v1, version 1: the older text input, which
/// weston-editor needs to start; its text inputs share the input method
/// with v3's through `TextInputRelay`.
final class TextInputManagerV1Global {
    static let version: Int32 = 1
    unowned let relay: TextInputRelay
    private var global: Global?

    init?(server: Server) {
        guard let relay = server.textInputRelay else { return nil }
        self.relay = relay
        global = Global(display: server.display, interface: strata_zwp_text_input_manager_v1_interface(),
                        version: TextInputManagerV1Global.version, object: self,
                        implementation: TextInputManagerV1Global.implementation)
        if global == nil { return nil }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_text_input_manager_v1_interface()
        i.create_text_input = { _, resource, id in
            guard let resource, let manager = resourceObject(resource, as: TextInputManagerV1Global.self) else { return }
            manager.relay.textInputCreated(TextInputV1(relay: manager.relay, parent: resource, id: id))
        }
        return staticImplementation(i)
    }()
}

extension TextInputManagerV1Global: ServerExtension {}
