// An interactive resize asks the client for a new size as the pointer
// moves, but a pointer moves far more often than a client can draw. As
// weston and sway do, at most one configure of the resize is outstanding:
// while the client has not acknowledged the last one, the newest size
// waits, and goes out with the commit that shows the client caught up (or
// at the next motion, if it acknowledged without committing).
extension Toplevel {
    /// The pointer dragged the window's edge to `width`×`height` (already
    /// within the size limits).
    func requestInteractiveSize(width: Int32, height: Int32) {
        if width == configuredSize.width, height == configuredSize.height {
            // Back where the last configure asked: nothing more to ask.
            resizeSizeAwaitingAck = nil
            return
        }
        resizeSizeAwaitingAck = (width, height)
        sendResizeSizeIfAcknowledged()
    }

    /// Sends the size waiting for the client to catch up, once it has
    /// acknowledged every configure sent.
    func sendResizeSizeIfAcknowledged() {
        guard let waiting = resizeSizeAwaitingAck, states.resizing else { return }
        if let serial = lastConfigureSerial, !hasAcknowledged(serial) { return }
        resizeSizeAwaitingAck = nil
        sendConfigure(width: waiting.width, height: waiting.height)
    }
}
