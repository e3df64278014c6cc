import CStrataServerProtocol
import CWaylandServer

/// A zwp_primary_selection_source_v1: what a client offers as the primary
/// selection, by MIME type; its client writes the data when a paste asks.
final class PrimarySelectionSource: SelectionSource {
    unowned let manager: PrimarySelectionManagerGlobal
    private(set) var resource: WaylandResource?
    private(set) var mimeTypes: [String] = []

    init?(manager: PrimarySelectionManagerGlobal, parent: WaylandResource, id: UInt32) {
        self.manager = manager
        guard let resource = makeResource(child: parent, interface: strata_zwp_primary_selection_source_v1_interface(), id: id,
                                          implementation: PrimarySelectionSource.implementation, object: self,
                                          onDestroy: { [unowned self] _ in
                                              self.resource = nil
                                              self.manager.slot.sourceDestroyed(self)
                                          })
        else { return nil }
        self.resource = resource
    }

    static func from(_ resource: WaylandResource?) -> PrimarySelectionSource? {
        resourceObject(resource, as: PrimarySelectionSource.self, interface: strata_zwp_primary_selection_source_v1_interface())
    }

    var isLive: Bool { resource != nil }

    /// Asks the client to write the data as `mimeType` into `fd`.
    func send(mimeType: String, fd: Int32) {
        guard let resource else { return }
        zwp_primary_selection_source_v1_send_send(resource, mimeType, fd)
    }

    /// The source is no longer the selection: the client may destroy it.
    func cancel() {
        if let resource { zwp_primary_selection_source_v1_send_cancelled(resource) }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_primary_selection_source_v1_interface()
        i.offer = { _, resource, mimeType in
            guard let source = PrimarySelectionSource.from(resource), let mimeType else { return }
            source.mimeTypes.append(String(cString: mimeType))
        }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
