/// Virtual-terminal switches: the session goes away and comes back.
extension DrmBackend {
    /// Another session takes the VT: stop drawing and flipping, let go of
    /// the input devices and of DRM master, then tell the seat.
    func sessionDisabled() {
        guard isSessionActive else { return }
        // Suspending removes the devices, and libinput releases what was
        // held down (Ctrl and Alt of Ctrl+Alt+F2): the seat must hear it
        // before the session goes, or those keys stay down when it returns.
        input?.suspend()
        inputReadable()
        isSessionActive = false
        server?.isOutputPaused = true
        device.dropMaster()
        session.acknowledgeDisable()
        ServerLog.logger.info("session disabled: the VT was switched away")
    }

    /// The VT is ours again: take the devices back and show a whole frame
    /// (whatever the other session left on the screen is not ours).
    func sessionEnabled() {
        guard !isSessionActive else { return }
        isSessionActive = true
        device.takeMaster()
        do {
            try input?.resume()
        } catch {
            ServerLog.logger.error("cannot take the input devices back: \(error)")
        }
        for output in drmOutputs {
            guard let chain = output.chain else { continue }
            chain.invalidate()
            // A monitor turned off stays off: it is modeset when it is turned on.
            guard output.isPoweredOn else { continue }
            do {
                try chain.present()
            } catch {
                ServerLog.logger.error("\(chain.output.connector.name): cannot set the mode again: \(error)")
            }
        }
        server?.isOutputPaused = false
        ServerLog.logger.info("session enabled: the VT is back")
    }
}
