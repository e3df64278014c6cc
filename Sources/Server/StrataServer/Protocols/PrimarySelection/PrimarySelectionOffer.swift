import CStrataServerProtocol
import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif

/// A zwp_primary_selection_offer_v1: one client's handle on the primary
/// selection, through which it asks the source's client for the data.
final class PrimarySelectionOffer {
    private weak var source: (any SelectionSource)?

    private init(source: any SelectionSource) { self.source = source }

    /// A new offer of `source` for the client of `device` (a server-made object).
    static func make(for source: any SelectionSource, device: WaylandResource) -> WaylandResource? {
        makeResource(child: device, interface: strata_zwp_primary_selection_offer_v1_interface(), id: 0,
                     implementation: PrimarySelectionOffer.implementation, object: PrimarySelectionOffer(source: source))
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_primary_selection_offer_v1_interface()
        i.receive = { _, resource, mimeType, fd in
            // Sending the fd to the source duplicates it; this one is ours to close.
            defer { close(fd) }
            guard let offer = resourceObject(resource, as: PrimarySelectionOffer.self), let mimeType else { return }
            // An offer of a selection replaced since reads nothing: the pipe just closes.
            offer.source?.send(mimeType: String(cString: mimeType), fd: fd)
        }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
