import CStrataServerProtocol
import CWaylandServer

/// A zwlr_data_control_source_v1: what a clipboard manager offers, by MIME
/// type, as the clipboard or the primary selection; its client writes the
/// data when a paste asks.
final class DataControlSource: SelectionSource {
    unowned let manager: DataControlManagerGlobal
    private(set) var resource: WaylandResource?
    private(set) var mimeTypes: [String] = []
    /// Given to set_selection or set_primary_selection: it may not be given again, nor offer more types.
    var isUsed = false

    init?(manager: DataControlManagerGlobal, parent: WaylandResource, id: UInt32) {
        self.manager = manager
        guard let resource = makeResource(child: parent, interface: strata_zwlr_data_control_source_v1_interface(), id: id,
                                          implementation: DataControlSource.implementation, object: self,
                                          onDestroy: { [unowned self] _ in
                                              self.resource = nil
                                              self.manager.sourceDestroyed(self)
                                          })
        else { return nil }
        self.resource = resource
    }

    static func from(_ resource: WaylandResource?) -> DataControlSource? {
        resourceObject(resource, as: DataControlSource.self, interface: strata_zwlr_data_control_source_v1_interface())
    }

    var isLive: Bool { resource != nil }

    func send(mimeType: String, fd: Int32) {
        if let resource { zwlr_data_control_source_v1_send_send(resource, mimeType, fd) }
    }

    /// Another selection replaced it: the client may destroy it.
    func cancel() {
        if let resource { zwlr_data_control_source_v1_send_cancelled(resource) }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwlr_data_control_source_v1_interface()
        i.offer = { _, resource, mimeType in
            guard let resource, let source = DataControlSource.from(resource), let mimeType else { return }
            guard !source.isUsed else {
                return strata_resource_post_error(resource, ZWLR_DATA_CONTROL_SOURCE_V1_ERROR_INVALID_OFFER.rawValue,
                                                  "offer after the source was set as a selection")
            }
            source.mimeTypes.append(String(cString: mimeType))
        }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
