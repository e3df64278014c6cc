import CStrataServerProtocol
import CWaylandServer

/// A client's zwp_primary_selection_device_v1: where it sets the primary
/// selection and is told of the one on offer.
final class PrimarySelectionDevice: SelectionDevice {
    unowned let manager: PrimarySelectionManagerGlobal
    private(set) var resource: WaylandResource?

    init?(manager: PrimarySelectionManagerGlobal, parent: WaylandResource, id: UInt32) {
        self.manager = manager
        guard let resource = makeResource(child: parent, interface: strata_zwp_primary_selection_device_v1_interface(), id: id,
                                          implementation: PrimarySelectionDevice.implementation, object: self,
                                          onDestroy: { [unowned self] _ in
                                              self.resource = nil
                                              self.manager.slot.removeDevice(self)
                                          })
        else { return nil }
        self.resource = resource
    }

    static func from(_ resource: WaylandResource?) -> PrimarySelectionDevice? {
        resourceObject(resource, as: PrimarySelectionDevice.self, interface: strata_zwp_primary_selection_device_v1_interface())
    }

    var client: OpaquePointer? { resource.map { wl_resource_get_client($0) } }

    /// A new offer of `source` (data_offer, then its MIME types), then the
    /// selection event; without a source, selection(NULL).
    func sendSelection(_ source: (any SelectionSource)?) {
        guard let resource else { return }
        guard let source, source.isLive else {
            zwp_primary_selection_device_v1_send_selection(resource, nil)
            return
        }
        guard let offer = PrimarySelectionOffer.make(for: source, device: resource) else { return }
        zwp_primary_selection_device_v1_send_data_offer(resource, offer)
        for mimeType in source.mimeTypes { zwp_primary_selection_offer_v1_send_offer(offer, mimeType) }
        zwp_primary_selection_device_v1_send_selection(resource, offer)
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_primary_selection_device_v1_interface()
        i.set_selection = { _, resource, sourceResource, _ in
            guard let device = PrimarySelectionDevice.from(resource) else { return }
            device.manager.slot.setSelection(PrimarySelectionSource.from(sourceResource), from: device.client)
        }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
