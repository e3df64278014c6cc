import CStrataServerProtocol
import CWaylandServer

/// An xdg_activation_token_v1: gathers the serial, app_id and surface of
/// a request, and answers its commit with `done` and the token. Once
/// committed it takes no more requests but destroy.
final class XdgActivationToken {
    unowned let activation: XdgActivationGlobal
    private var resource: WaylandResource?
    private var serial: UInt32?
    /// Recorded as the protocol asks; the focus and the serial decide.
    private var appID: String?
    private weak var surface: Surface?
    private var isCommitted = false

    init?(activation: XdgActivationGlobal, parent: WaylandResource, id: UInt32) {
        self.activation = activation
        guard let resource = makeResource(child: parent, interface: strata_xdg_activation_token_v1_interface(), id: id,
                                          implementation: XdgActivationToken.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.resource = nil })
        else { return nil }
        self.resource = resource
    }

    static func from(_ resource: WaylandResource?) -> XdgActivationToken? {
        resourceObject(resource, as: XdgActivationToken.self, interface: strata_xdg_activation_token_v1_interface())
    }

    /// False after posting already_used: `request` came after commit.
    private func stillOpen(_ request: String) -> Bool {
        guard isCommitted, let resource else { return true }
        strata_resource_post_error(resource, XDG_ACTIVATION_TOKEN_V1_ERROR_ALREADY_USED.rawValue,
                                   "xdg_activation_token_v1.\(request) after commit")
        return false
    }

    private func commit() {
        guard stillOpen("commit"), let resource else { return }
        isCommitted = true
        // A requesting surface, when given, must be the client's own (libwayland checks only the type).
        let client = wl_resource_get_client(resource)!
        let serial = (surface == nil || surface?.client == client) ? serial : nil
        xdg_activation_token_v1_send_done(resource, activation.issueToken(client: client, serial: serial))
    }

    private static let implementation: UnsafeRawPointer = {
        var i = xdg_activation_token_v1_interface()
        i.set_serial = { _, resource, serial, _ in
            // One seat: the seat argument needs no lookup.
            guard let token = XdgActivationToken.from(resource), token.stillOpen("set_serial") else { return }
            token.serial = serial
        }
        i.set_app_id = { _, resource, appID in
            guard let token = XdgActivationToken.from(resource), token.stillOpen("set_app_id"), let appID else { return }
            token.appID = String(cString: appID)
        }
        i.set_surface = { _, resource, surfaceResource in
            guard let token = XdgActivationToken.from(resource), token.stillOpen("set_surface") else { return }
            token.surface = Surface.from(surfaceResource)
        }
        i.commit = { _, resource in XdgActivationToken.from(resource)?.commit() }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
