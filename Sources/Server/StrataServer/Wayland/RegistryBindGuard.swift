import CStrataServerProtocol
import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif

/// A global hidden from a client does not reveal itself when the client
/// binds its name.
///
/// libwayland 1.21's `registry_bind` checks a name in this order: does a
/// global of that name exist ("invalid global %s (%d)"), is it of the
/// interface asked for ("invalid interface for global %u: have %s, wanted
/// %s", which names the hidden global's interface), is the version 0 or
/// too high (which tells its version), and only then the global filter
/// ("invalid global %s (%d)" again). So a client that tries names under a
/// wrong interface would learn which hidden globals exist.
///
/// A protocol logger sees every request before libwayland dispatches it,
/// and every event as it is queued. This one remembers the names each
/// client's registries announced (wl_registry.global), and when a client
/// binds a name never announced to it (a global hidden from it, or one
/// that does not exist) it posts libwayland's own error for a name that
/// does not exist, with the same object, code and text, before libwayland
/// dispatches the bind. libwayland posts only the first error a client
/// gets (`wl_resource_post_error` returns at once once `client->error`
/// is set), so whichever message `registry_bind` then composes is never
/// sent, and the client is disconnected as for any protocol error.
///
/// A name announced and withdrawn later (wl_registry.global_remove) was
/// announced: binding it goes on to libwayland as before, which serves it
/// while the global is retiring (`RetiringGlobal`).
final class RegistryBindGuard {
    private let standings: ClientStandings
    private var logger: OpaquePointer?

    init(display: OpaquePointer, standings: ClientStandings) {
        self.standings = standings
        logger = wl_display_add_protocol_logger(display, { data, direction, message in
            guard let data, let message else { return }
            Unmanaged<RegistryBindGuard>.fromOpaque(data).takeUnretainedValue().observe(direction, message.pointee)
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private func observe(_ direction: wl_protocol_logger_type, _ message: wl_protocol_logger_message) {
        // wl_registry's opcode 0 is the request bind and the event global.
        // Cheap for every other message: the opcode first, then the interface.
        guard message.message_opcode == 0, let resource = message.resource,
              let interface = wl_resource_get_class(resource), strcmp(interface, "wl_registry") == 0,
              message.arguments_count >= 2, let arguments = message.arguments
        else { return }
        let client = wl_resource_get_client(resource)!
        let name = arguments[0].u
        if direction == WL_PROTOCOL_LOGGER_EVENT {
            // global(name, interface, version)
            standings.advertised(name, to: client)
        } else if !standings.wasAdvertised(name, to: client) {
            // bind(name, interface, version, id): libwayland's message for a name no global has.
            let asked = arguments[1].s.map { String(cString: $0) } ?? "(null)"
            strata_resource_post_error(resource, UInt32(WL_DISPLAY_ERROR_INVALID_OBJECT.rawValue),
                                       "invalid global \(asked) (\(Int32(bitPattern: name)))")
        }
    }

    /// Before the display goes.
    func stop() {
        if let logger { wl_protocol_logger_destroy(logger) }
        logger = nil
    }
}
