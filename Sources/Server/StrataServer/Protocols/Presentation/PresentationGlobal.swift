import CStrataServerProtocol
import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif

/// wp_presentation, version 1: tells a client when each commit it asked
/// about reached the screen, on the clock frames are stamped with. The
/// feedbacks of applied commits wait here for the next frame.
final class PresentationGlobal {
    static let version: Int32 = 1
    unowned let server: Server
    private var global: Global?
    /// Feedbacks of commits applied since the last frame, oldest first.
    private var awaitingFrame: [PresentationFeedback] = []

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_wp_presentation_interface(),
                        version: PresentationGlobal.version) { [unowned self] client, version, id in
            guard let resource = makeResource(client: client, interface: strata_wp_presentation_interface(),
                                              version: Int32(version), id: id,
                                              implementation: PresentationGlobal.implementation, object: self)
            else { return }
            // Frames are stamped with CLOCK_MONOTONIC (a manual clock starts
            // there and moves only when told to).
            wp_presentation_send_clock_id(resource, UInt32(CLOCK_MONOTONIC))
        }
        if global == nil { return nil }
        server.addPresentationObserver { [unowned self] time in self.framePresented(at: time) }
    }

    /// A commit was applied: its feedbacks wait for the next frame. When it
    /// brought new contents, those of earlier commits still waiting will
    /// never be seen, and are discarded.
    func commitApplied(_ surface: Surface, feedbacks: [PresentationFeedback], replacesContents: Bool) {
        if replacesContents {
            let replaced = awaitingFrame.filter { $0.surface === surface }
            awaitingFrame.removeAll { $0.surface === surface }
            for feedback in replaced { feedback.discard() }
        }
        awaitingFrame += feedbacks
    }

    /// The surface is gone: its commits waiting for a frame will never be shown.
    func surfaceDestroyed(_ surface: Surface) {
        let lost = awaitingFrame.filter { $0.surface === surface }
        awaitingFrame.removeAll { $0.surface === surface }
        for feedback in lost { feedback.discard() }
    }

    /// A frame was composited: each waiting commit whose surface is on the
    /// output was presented with it; the others (a hidden or destroyed
    /// surface) never will be.
    private func framePresented(at time: PresentationTime) {
        let feedbacks = awaitingFrame
        awaitingFrame = []
        let timing = frameTiming(time)
        for feedback in feedbacks {
            guard let surface = feedback.surface, surface.isShownOnOutput else {
                feedback.discard()
                continue
            }
            feedback.present(at: timing.time, refresh: timing.refresh, sequence: timing.sequence,
                             outputs: surface.outputsEntered.flatMap { $0.global?.resources(of: feedback.client) ?? [] })
        }
    }

    /// When a frame is shown, the refresh period, and the refresh counter
    /// (MSC). A realtime output shows a frame at its next vertical
    /// retrace, on the grid of whole refresh periods of the monotonic
    /// clock, and one frame per retrace: a frame composited in a period
    /// that already showed one is shown at the retrace after. Manual
    /// frames come only when asked for: their own time, neither a refresh
    /// rate nor a counter.
    private func frameTiming(_ time: PresentationTime) -> (time: PresentationTime, refresh: UInt32, sequence: UInt64) {
        guard case .realtime = server.configuration.clock, time.refreshNanoseconds > 0 else { return (time, 0, 0) }
        let period = UInt64(time.refreshNanoseconds)
        var sequence = (time.totalNanoseconds + period - 1) / period
        if let last = lastSequence, sequence <= last { sequence = last + 1 }
        lastSequence = sequence
        let shown = sequence * period
        return (PresentationTime(seconds: shown / 1_000_000_000, nanoseconds: UInt32(shown % 1_000_000_000),
                                 refreshNanoseconds: time.refreshNanoseconds),
                time.refreshNanoseconds, sequence)
    }

    /// The retrace the last frame was shown at.
    private var lastSequence: UInt64?

    private static let implementation: UnsafeRawPointer = {
        var i = wp_presentation_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.feedback = { _, resource, surfaceResource, id in
            guard let resource, let surface = Surface.from(surfaceResource),
                  let feedback = PresentationFeedback(surface: surface, parent: resource, id: id)
            else { return }
            // Double-buffered: it belongs to the surface's next commit.
            surface.pending.presentationFeedbacks.append(feedback)
        }
        return staticImplementation(i)
    }()
}

extension PresentationGlobal: ServerExtension {}

extension Server {
    var presentation: PresentationGlobal? { `extension`(PresentationGlobal.self) }
}
