import CStrataServerProtocol
import CWaylandServer

/// A zwlr_data_control_device_v1: told of the seat's clipboard and primary
/// selection whenever either changes, and able to set either.
final class DataControlDevice {
    unowned let manager: DataControlManagerGlobal
    private(set) var resource: WaylandResource?

    init?(manager: DataControlManagerGlobal, parent: WaylandResource, id: UInt32) {
        self.manager = manager
        guard let resource = makeResource(child: parent, interface: strata_zwlr_data_control_device_v1_interface(), id: id,
                                          implementation: DataControlDevice.implementation, object: self,
                                          onDestroy: { [unowned self] _ in
                                              self.resource = nil
                                              self.manager.remove(self)
                                          })
        else { return nil }
        self.resource = resource
    }

    /// A new offer of `source` (data_offer, then its MIME types), then the
    /// selection or primary_selection event; without a source, the event
    /// with NULL. Version 1 knows no primary selection.
    func send(_ source: (any SelectionSource)?, as selection: SelectionKind) {
        guard let resource else { return }
        if selection == .primary, wl_resource_get_version(resource) < 2 { return }
        var offer: WaylandResource?
        if let source, source.isLive {
            offer = DataControlOffer.make(for: source, device: resource)
            if offer == nil { return }
        }
        switch selection {
        case .clipboard: zwlr_data_control_device_v1_send_selection(resource, offer)
        case .primary: zwlr_data_control_device_v1_send_primary_selection(resource, offer)
        }
    }

    /// set_selection or set_primary_selection: a source serves once, then
    /// replaces the seat's selection whoever has the focus.
    private func set(_ sourceResource: WaylandResource?, as selection: SelectionKind) {
        guard let resource else { return }
        let source = DataControlSource.from(sourceResource)
        if let source {
            guard !source.isUsed else {
                return strata_resource_post_error(resource, ZWLR_DATA_CONTROL_DEVICE_V1_ERROR_USED_SOURCE.rawValue,
                                                  "zwlr_data_control_source_v1@\(wl_resource_get_id(sourceResource)) was already used")
            }
            source.isUsed = true
        }
        switch selection {
        case .clipboard: manager.clipboard?.replaceSelection(with: source)
        case .primary: manager.primary?.replaceSelection(with: source)
        }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwlr_data_control_device_v1_interface()
        i.set_selection = { _, resource, source in
            resourceObject(resource, as: DataControlDevice.self)?.set(source, as: .clipboard)
        }
        i.set_primary_selection = { _, resource, source in
            resourceObject(resource, as: DataControlDevice.self)?.set(source, as: .primary)
        }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
