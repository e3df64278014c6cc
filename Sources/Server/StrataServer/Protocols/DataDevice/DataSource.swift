import CStrataServerProtocol
import CWaylandServer

/// A wl_data_source: what a client offers to paste or drags, by MIME
/// type; its client writes the data when a paste or a drop asks for it
/// (`send`). A drag's source also hears which type the target would take
/// (`target`), the action chosen, the drop and the end of the transfer.
final class DataSource: SelectionSource {
    unowned let manager: DataDeviceManagerGlobal
    private(set) var resource: WaylandResource?
    private(set) var mimeTypes: [String] = []
    /// Used as the selection or for a drag: its actions may no longer change.
    var isUsed = false
    /// The drag-and-drop actions it allows; copy until it says otherwise.
    private(set) var dndActions = WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue
    /// The action last chosen with the drag's target, and the MIME type the target last accepted.
    var currentAction: UInt32 = 0
    /// The action the user's modifiers ask of the drag (0 for none): it wins where both sides allow it.
    var compositorAction: UInt32 = 0
    private(set) var acceptedMimeType: String?
    private var dropEnded = false

    init?(manager: DataDeviceManagerGlobal, parent: WaylandResource, id: UInt32) {
        self.manager = manager
        guard let resource = makeResource(child: parent, interface: strata_wl_data_source_interface(), id: id,
                                          implementation: DataSource.implementation, object: self,
                                          onDestroy: { [unowned self] _ in
                                              self.resource = nil
                                              self.manager.slot.sourceDestroyed(self)
                                              self.manager.server.seat.drag?.sourceDestroyed(self)
                                          })
        else { return nil }
        self.resource = resource
    }

    static func from(_ resource: WaylandResource?) -> DataSource? {
        resourceObject(resource, as: DataSource.self, interface: strata_wl_data_source_interface())
    }

    var isLive: Bool { resource != nil }

    /// Asks the client to write the data as `mimeType` into `fd`.
    func send(mimeType: String, fd: Int32) {
        guard let resource else { return }
        wl_data_source_send_send(resource, mimeType, fd)
    }

    /// The source is no longer the selection (or its drag ended): the client may destroy it.
    func cancel() {
        if let resource { wl_data_source_send_cancelled(resource) }
    }

    private var version: Int32 { resource.map(wl_resource_get_version) ?? 1 }

    /// The drag's target accepts `mimeType` (nil: none) at this point.
    func accept(mimeType: String?) {
        acceptedMimeType = mimeType
        if let resource { wl_data_source_send_target(resource, mimeType) }
    }

    /// The drag moved to another surface: nothing is accepted or chosen there yet.
    func resetTarget() {
        acceptedMimeType = nil
        currentAction = 0
    }

    func sendAction(_ action: UInt32) {
        if let resource, version >= 3 { wl_data_source_send_action(resource, action) }
    }

    /// The drag was dropped on a target that accepted it.
    func dropPerformed() {
        if let resource, version >= 3 { wl_data_source_send_dnd_drop_performed(resource) }
    }

    /// The drop's transfer is over: finished (a move may delete the data
    /// now) or given up (cancelled). Told once, whichever of the target's
    /// offers ends it.
    func endDrop(finished: Bool) {
        guard !dropEnded else { return }
        dropEnded = true
        if finished {
            if let resource, version >= 3 { wl_data_source_send_dnd_finished(resource) }
        } else {
            cancel()
        }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = wl_data_source_interface()
        i.offer = { _, resource, mimeType in
            guard let source = DataSource.from(resource), let mimeType else { return }
            source.mimeTypes.append(String(cString: mimeType))
        }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.set_actions = { _, resource, actions in
            guard let resource, let source = DataSource.from(resource) else { return }
            let all = WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue | WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE.rawValue
                | WL_DATA_DEVICE_MANAGER_DND_ACTION_ASK.rawValue
            if actions & ~all != 0 {
                strata_resource_post_error(resource, WL_DATA_SOURCE_ERROR_INVALID_ACTION_MASK.rawValue,
                                           "drag-and-drop actions \(actions) are not a wl_data_device_manager.dnd_action mask")
            } else if source.isUsed {
                strata_resource_post_error(resource, WL_DATA_SOURCE_ERROR_INVALID_SOURCE.rawValue,
                                           "set_actions on a wl_data_source already used")
            } else {
                source.dndActions = actions
            }
        }
        return staticImplementation(i)
    }()
}
