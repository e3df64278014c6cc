import CStrataServerProtocol
import CWaylandServer

/// A zwlr_data_control_offer_v1: a clipboard manager's handle on one
/// selection, of any client's source, through which it asks that source's
/// client for the data.
enum DataControlOffer {
    /// A new offer of `source` for the client of `device` (a server-made
    /// object), announced on the device with its MIME types.
    static func make(for source: any SelectionSource, device: WaylandResource) -> WaylandResource? {
        guard let offer = makeResource(child: device, interface: strata_zwlr_data_control_offer_v1_interface(), id: 0,
                                       implementation: DataControlOffer.implementation, object: SelectionOffer(source: source))
        else { return nil }
        zwlr_data_control_device_v1_send_data_offer(device, offer)
        for mimeType in source.mimeTypes { zwlr_data_control_offer_v1_send_offer(offer, mimeType) }
        return offer
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwlr_data_control_offer_v1_interface()
        i.receive = { _, resource, mimeType, fd in
            SelectionOffer.receive(resourceObject(resource, as: SelectionOffer.self), mimeType: mimeType, fd: fd)
        }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
