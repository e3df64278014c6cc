import CWaylandServer

/// Logs each client's connection and disconnection with its pid.
final class ClientLog {
    private let created: Listener
    /// One destroy listener per connected client.
    private var destroyed: [OpaquePointer: Listener] = [:]
    /// Listeners whose client went: freed at the next connection, not inside their own notify.
    private var retired: [Listener] = []

    init(display: OpaquePointer) {
        created = Listener { _ in }
        created.body = { [unowned self] data in
            guard let data else { return }
            self.connected(OpaquePointer(data))
        }
        created.listen(toClientsCreatedOn: display)
    }

    private func connected(_ client: OpaquePointer) {
        retired = []
        let description = ClientDescription(client)
        ServerLog.logger.info("client connected: \(description)")
        let listener = Listener { [unowned self] _ in
            ServerLog.logger.info("client disconnected: pid \(description.pid)")
            if let listener = self.destroyed.removeValue(forKey: client) { self.retired.append(listener) }
        }
        listener.listen(toDestroyOfClient: client)
        destroyed[client] = listener
    }

    /// Before the display goes: no listener may stay linked into freed lists.
    func stop() {
        created.remove()
        for listener in destroyed.values { listener.remove() }
        destroyed = [:]
        retired = []
    }
}
