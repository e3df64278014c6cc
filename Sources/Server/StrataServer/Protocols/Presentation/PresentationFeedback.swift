import CStrataServerProtocol
import CWaylandServer

/// A wp_presentation_feedback: one commit's outcome, `presented` or
/// `discarded`, sent once; the object is destroyed with it. It has no requests.
final class PresentationFeedback {
    /// Nil once the surface is gone: its commit can no longer be shown.
    private(set) weak var surface: Surface?
    let client: OpaquePointer
    private var resource: WaylandResource?

    init?(surface: Surface, parent: WaylandResource, id: UInt32) {
        self.surface = surface
        client = wl_resource_get_client(parent)
        guard let resource = makeResource(child: parent, interface: strata_wp_presentation_feedback_interface(), id: id,
                                          implementation: nil, object: self,
                                          onDestroy: { [unowned self] _ in self.resource = nil })
        else { return nil }
        self.resource = resource
    }

    /// `presented`, after `sync_output` with each of the client's bindings of
    /// the output. Flags are 0: the time is sampled in software when the
    /// frame is composited, not at a vertical retrace, and shm contents are copied.
    func present(at time: PresentationTime, refresh: UInt32, sequence: UInt64, outputs: [WaylandResource]) {
        guard let resource else { return }
        for output in outputs { wp_presentation_feedback_send_sync_output(resource, output) }
        wp_presentation_feedback_send_presented(resource, UInt32(truncatingIfNeeded: time.seconds >> 32),
                                                UInt32(truncatingIfNeeded: time.seconds), time.nanoseconds, refresh,
                                                UInt32(truncatingIfNeeded: sequence >> 32),
                                                UInt32(truncatingIfNeeded: sequence), 0)
        wl_resource_destroy(resource)
    }

    /// `discarded`: the commit was replaced, or its surface hidden or destroyed, before a frame showed it.
    func discard() {
        guard let resource else { return }
        wp_presentation_feedback_send_discarded(resource)
        wl_resource_destroy(resource)
    }
}
