import CStrataServerProtocol
import CWaylandServer

/// A client's wl_data_device: where it sets the selection and is told
/// of the selection on offer.
final class DataDevice: SelectionDevice {
    unowned let manager: DataDeviceManagerGlobal
    private(set) var resource: WaylandResource?

    init?(manager: DataDeviceManagerGlobal, parent: WaylandResource, id: UInt32) {
        self.manager = manager
        guard let resource = makeResource(child: parent, interface: strata_wl_data_device_interface(), id: id,
                                          implementation: DataDevice.implementation, object: self,
                                          onDestroy: { [unowned self] _ in
                                              self.resource = nil
                                              self.manager.slot.removeDevice(self)
                                          })
        else { return nil }
        self.resource = resource
    }

    static func from(_ resource: WaylandResource?) -> DataDevice? {
        resourceObject(resource, as: DataDevice.self, interface: strata_wl_data_device_interface())
    }

    var client: OpaquePointer? { resource.map { wl_resource_get_client($0) } }

    /// A new wl_data_offer of `source` (data_offer, then its MIME types),
    /// then the selection event; without a source, selection(NULL).
    func sendSelection(_ source: (any SelectionSource)?) {
        guard let resource else { return }
        guard let source, source.isLive else {
            wl_data_device_send_selection(resource, nil)
            return
        }
        guard let offer = DataOffer.make(for: source, device: resource, kind: .selection)?.resource else { return }
        wl_data_device_send_selection(resource, offer)
    }

    private static let implementation: UnsafeRawPointer = {
        var i = wl_data_device_interface()
        i.start_drag = { _, resource, sourceResource, originResource, icon, serial in
            guard let resource else { return }
            if let surface = Surface.from(icon), surface.roleObject != nil || !surface.giveRole(.other("wl_data_device.icon")) {
                strata_resource_post_error(resource, WL_DATA_DEVICE_ERROR_ROLE.rawValue,
                                           "wl_surface@\(surface.id) already has the role \(surface.role)")
                return
            }
            let source = DataSource.from(sourceResource)
            // A source already used (the selection, an earlier drag) starts nothing, and is left as it is.
            if source?.isUsed == true { return }
            guard let origin = Surface.from(originResource), let device = DataDevice.from(resource),
                  device.manager.server.seat.startDrag(source: source, origin: origin, icon: Surface.from(icon), serial: serial)
            else {
                // No press or touch of this client's is down with that serial: there is no drag.
                source?.isUsed = true
                source?.cancel()
                return
            }
        }
        i.set_selection = { _, resource, sourceResource, _ in
            guard let device = DataDevice.from(resource) else { return }
            let source = DataSource.from(sourceResource)
            source?.isUsed = true
            device.manager.slot.setSelection(source, from: device.client)
        }
        i.release = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
