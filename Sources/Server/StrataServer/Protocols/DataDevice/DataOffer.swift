import CStrataServerProtocol
import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif

/// A wl_data_offer: one client's handle on the selection, through which it
/// asks the source's client for the data (`receive`).
final class DataOffer {
    private weak var source: DataSource?

    private init(source: DataSource) { self.source = source }

    /// A new offer of `source` for the client of `device` (a server-made object).
    static func make(for source: DataSource, device: WaylandResource) -> WaylandResource? {
        makeResource(child: device, interface: strata_wl_data_offer_interface(), id: 0,
                     implementation: DataOffer.implementation, object: DataOffer(source: source))
    }

    private static let implementation: UnsafeRawPointer = {
        var i = wl_data_offer_interface()
        i.accept = { _, _, _, _ in }
        i.receive = { _, resource, mimeType, fd in
            // Sending the fd to the source duplicates it; this one is ours to close.
            defer { close(fd) }
            guard let offer = resourceObject(resource, as: DataOffer.self), let mimeType else { return }
            offer.source?.send(mimeType: String(cString: mimeType), fd: fd)
        }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.finish = { _, resource in
            // finish ends a drag and drop; selection offers have none.
            if let resource {
                strata_resource_post_error(resource, WL_DATA_OFFER_ERROR_INVALID_FINISH.rawValue,
                                           "finish on a selection offer, which is not a drag and drop")
            }
        }
        i.set_actions = { _, _, _, _ in }
        return staticImplementation(i)
    }()
}
