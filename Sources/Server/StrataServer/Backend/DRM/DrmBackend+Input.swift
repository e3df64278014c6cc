import StrataProtocol

/// Input devices to the seat, and the keys that are the compositor's own.
extension DrmBackend {
    func inputReadable() {
        guard let input else { return }
        for event in input.readEvents() { handle(event) }
        server?.flushClients()
    }

    func handle(_ event: DeviceEvent) {
        switch event {
        case .deviceAdded(let name):
            inputDeviceNames.append(name)
            ServerLog.logger.info("input device added: \(name)")
        case .deviceRemoved(let name):
            if let index = inputDeviceNames.firstIndex(of: name) { inputDeviceNames.remove(at: index) }
            ServerLog.logger.info("input device removed: \(name)")
        default:
            guard isSessionActive, let server else { return }
            translator.sessionIsLocked = server.isSessionLocked
            guard let translated = translator.translate(event, pointer: server.seat.pointerPosition) else { return }
            switch translated {
            case .seat(let inputEvent):
                server.seat.handle(inputEvent)
            case .endSession:
                ServerLog.logger.info("Ctrl+Alt+Backspace: ending the session")
                server.terminate()
            case .switchSession(let number):
                do {
                    try session.switchSession(number)
                } catch {
                    ServerLog.logger.error("cannot switch to virtual terminal \(number): \(error)")
                }
            }
        }
    }
}
