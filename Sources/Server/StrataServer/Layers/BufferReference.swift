import CWaylandServer

/// A wl_buffer named by pending state. The buffer is read only at commit,
/// so the reference watches the resource and forgets it if the client
/// destroys the buffer first.
final class BufferReference {
    private(set) var resource: WaylandResource?
    private var listener: Listener!

    init(resource: WaylandResource) {
        self.resource = resource
        listener = Listener { [unowned self] _ in self.resource = nil }
        listener.listen(toDestroyOf: resource)
    }
}
