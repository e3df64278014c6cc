import CStrataServerProtocol
import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif

/// xdg_activation_v1, version 1: a client hands another (an app it starts,
/// a window it links to) a token, with which that one may take the focus.
/// A token can activate only if the client that asked for it had the
/// keyboard focus and quoted a recent input serial of its own, so a
/// background client can never steal the focus; others are refused
/// silently, as the protocol allows. Each token activates once, within
/// `lifetime`.
final class XdgActivationGlobal {
    static let version: Int32 = 1
    /// How long a token stays usable: an app takes a while to start.
    static let lifetimeNanoseconds: UInt64 = 30_000_000_000
    /// The most tokens kept; past it the oldest go, so a client cannot grow the table.
    static let maximumTokens = 64
    unowned let server: Server
    private var global: Global?
    /// The valid tokens and when each was issued (monotonic nanoseconds), oldest first.
    private var tokens: [(token: String, issued: UInt64)] = []

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_xdg_activation_v1_interface(),
                        version: XdgActivationGlobal.version, object: self, implementation: XdgActivationGlobal.implementation)
        if global == nil { return nil }
    }

    /// A new token for the committed request: usable when `client` has the
    /// keyboard focus and `serial` is a recent press, key or touch it got.
    func issueToken(client: OpaquePointer, serial: UInt32?) -> String {
        let token = XdgActivationGlobal.randomToken()
        let seat = server.seat!
        if let serial, seat.keyboardFocus?.client == client, seat.isGrabSerial(serial, of: client) {
            keep(token)
        }
        return token
    }

    /// A token that is valid whoever has the focus, for a client the
    /// compositor starts on the person's behalf.
    func issueLaunchToken() -> String {
        let token = XdgActivationGlobal.randomToken()
        keep(token)
        return token
    }

    private func keep(_ token: String) {
        tokens.append((token, XdgActivationGlobal.now()))
        if tokens.count > XdgActivationGlobal.maximumTokens { tokens.removeFirst(tokens.count - XdgActivationGlobal.maximumTokens) }
    }

    /// The session locked: no token issued before may take the keyboard later.
    func forgetTokens() { tokens = [] }

    /// `activate`: a valid, unexpired token focuses and raises the
    /// surface's window, and is spent; anything else is ignored.
    func activate(token: String, surface: Surface) {
        let now = XdgActivationGlobal.now()
        tokens.removeAll { now &- $0.issued > XdgActivationGlobal.lifetimeNanoseconds }
        guard let index = tokens.firstIndex(where: { $0.token == token }) else { return }
        guard let toplevel = surface.toplevel, toplevel.isMapped else { return }
        tokens.remove(at: index)
        server.seat.focusWindow(toplevel)
    }

    /// Tokens cannot be guessed: 128 random bits, in hex.
    private static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let word = String(generator.next() as UInt32, radix: 16)
            return String(repeating: "0", count: 8 - word.count) + word
        }.joined()
    }

    private static func now() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    private static let implementation: UnsafeRawPointer = {
        var i = xdg_activation_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.get_activation_token = { _, resource, id in
            guard let resource, let activation = resourceObject(resource, as: XdgActivationGlobal.self) else { return }
            _ = XdgActivationToken(activation: activation, parent: resource, id: id)
        }
        i.activate = { _, resource, token, surfaceResource in
            guard let activation = resourceObject(resource, as: XdgActivationGlobal.self), let token,
                  let surface = Surface.from(surfaceResource)
            else { return }
            activation.activate(token: String(cString: token), surface: surface)
        }
        return staticImplementation(i)
    }()
}

extension XdgActivationGlobal: ServerExtension {}

extension Server {
    var xdgActivation: XdgActivationGlobal? { `extension`(XdgActivationGlobal.self) }

    /// An xdg_activation_v1 token for a client Strata starts itself, handed
    /// to it as XDG_ACTIVATION_TOKEN: the person asked for that app, so its
    /// window may take the focus once it maps, as a token from the focused
    /// client would allow.
    public func issueLaunchToken() -> String? { xdgActivation?.issueLaunchToken() }
}
