import CStrataServerProtocol
import CWaylandServer

/// A zwp_primary_selection_offer_v1: one client's handle on the primary
/// selection, through which it asks the source's client for the data.
enum PrimarySelectionOffer {
    /// A new offer of `source` for the client of `device` (a server-made object).
    static func make(for source: any SelectionSource, device: WaylandResource) -> WaylandResource? {
        makeResource(child: device, interface: strata_zwp_primary_selection_offer_v1_interface(), id: 0,
                     implementation: PrimarySelectionOffer.implementation, object: SelectionOffer(source: source))
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_primary_selection_offer_v1_interface()
        i.receive = { _, resource, mimeType, fd in
            SelectionOffer.receive(resourceObject(resource, as: SelectionOffer.self), mimeType: mimeType, fd: fd)
        }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
