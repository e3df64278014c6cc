import CStrataServerProtocol
import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif

/// A wl_data_offer: one client's handle on the selection, or on what a drag
/// carries over its surface, through which it asks the source's client for
/// the data (`receive`). A drag's offer also says which MIME type the
/// target would take (`accept`) and which actions (`set_actions`), and
/// ends the transfer after a drop (`finish`).
final class DataOffer {
    enum Kind { case selection, drag }
    let kind: Kind
    /// What it offers: a drag's wl_data_source, or the clipboard's source of any protocol.
    private weak var offered: (any SelectionSource)?
    /// The drag's source (or a data device's selection).
    var source: DataSource? { offered as? DataSource }
    private(set) var resource: WaylandResource?
    /// The drag offer's actions and the one the target prefers (version 3).
    private(set) var actions: UInt32 = 0
    private(set) var preferredAction: UInt32 = 0
    /// The drag was dropped on this offer; `finish` may follow.
    var isDropped = false
    private var isFinished = false

    /// The offer's version, kept: it decides what its destruction means after the resource is gone.
    private(set) var version: Int32 = 1

    private init(source: any SelectionSource, kind: Kind) {
        self.offered = source
        self.kind = kind
    }

    /// A new offer of `source` for the client of `device` (a server-made
    /// object), announced on the device with its MIME types; a drag's also
    /// with the source's actions.
    static func make(for source: any SelectionSource, device: WaylandResource, kind: Kind) -> DataOffer? {
        let offer = DataOffer(source: source, kind: kind)
        guard let resource = makeResource(child: device, interface: strata_wl_data_offer_interface(), id: 0,
                                          implementation: DataOffer.implementation, object: offer,
                                          onDestroy: { [unowned offer] _ in offer.destroyed() })
        else { return nil }
        offer.resource = resource
        offer.version = wl_resource_get_version(resource)
        wl_data_device_send_data_offer(device, resource)
        for mimeType in source.mimeTypes { wl_data_offer_send_offer(resource, mimeType) }
        if kind == .drag, let source = source as? DataSource, wl_resource_get_version(resource) >= 3 {
            wl_data_offer_send_source_actions(resource, source.dndActions)
        }
        return offer
    }

    /// The action both sides allow: the one the user's modifiers ask for
    /// (Shift move, Ctrl copy), else the target's preferred one if the
    /// source allows it, else the first in bit order (copy, move, ask).
    /// Before version 3 a target knows only copy.
    var chosenAction: UInt32 {
        guard let source else { return 0 }
        let targetActions = version >= 3 ? actions : WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue
        let preferred = version >= 3 ? preferredAction : 0
        let available = targetActions & source.dndActions
        if available == 0 { return 0 }
        if source.compositorAction & available != 0 { return source.compositorAction }
        if preferred & available != 0 { return preferred }
        return available & (~available &+ 1)
    }

    /// The drag left this offer's surface, or another offer replaced it:
    /// it no longer stands for the drag.
    func detach() { offered = nil }

    /// Sends the chosen action to the offer (and the source) when it changed.
    func updateAction() {
        guard let source, let resource else { return }
        let action = chosenAction
        guard action != source.currentAction else { return }
        source.currentAction = action
        source.sendAction(action)
        if version >= 3 { wl_data_offer_send_action(resource, action) }
    }

    private func destroyed() {
        resource = nil
        // Dropped but never finished: a target older than version 3 cannot
        // finish, so its drop counts as done; a newer one gave up.
        guard kind == .drag, isDropped, !isFinished, let source else { return }
        source.endDrop(finished: version < 3)
    }

    private func postError(_ code: wl_data_offer_error, _ message: String) {
        if let resource { strata_resource_post_error(resource, code.rawValue, message) }
    }

    private static func from(_ resource: WaylandResource?) -> DataOffer? {
        resourceObject(resource, as: DataOffer.self)
    }

    private static let implementation: UnsafeRawPointer = {
        var i = wl_data_offer_interface()
        i.accept = { _, resource, _, mimeType in
            guard let offer = DataOffer.from(resource), offer.kind == .drag, let source = offer.source else { return }
            source.accept(mimeType: mimeType.map { String(cString: $0) })
        }
        i.receive = { _, resource, mimeType, fd in
            // Sending the fd to the source duplicates it; this one is ours to close.
            defer { close(fd) }
            guard let offer = DataOffer.from(resource), let mimeType else { return }
            offer.offered?.send(mimeType: String(cString: mimeType), fd: fd)
        }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.finish = { _, resource in
            guard let offer = DataOffer.from(resource) else { return }
            guard offer.kind == .drag else {
                return offer.postError(WL_DATA_OFFER_ERROR_INVALID_FINISH, "finish on a selection offer, which is not a drag and drop")
            }
            guard offer.isDropped, !offer.isFinished else {
                return offer.postError(WL_DATA_OFFER_ERROR_INVALID_FINISH,
                                       offer.isFinished ? "finish after finish" : "finish before the drop")
            }
            guard let source = offer.source else { return }
            guard source.acceptedMimeType != nil, source.currentAction != 0,
                  source.currentAction != WL_DATA_DEVICE_MANAGER_DND_ACTION_ASK.rawValue else {
                return offer.postError(WL_DATA_OFFER_ERROR_INVALID_FINISH, "finish with no MIME type accepted or no action chosen")
            }
            offer.isFinished = true
            source.endDrop(finished: true)
        }
        i.set_actions = { _, resource, actions, preferred in
            guard let offer = DataOffer.from(resource) else { return }
            let all = WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue | WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE.rawValue
                | WL_DATA_DEVICE_MANAGER_DND_ACTION_ASK.rawValue
            guard offer.kind == .drag else {
                return offer.postError(WL_DATA_OFFER_ERROR_INVALID_OFFER, "set_actions on a selection offer")
            }
            guard !offer.isFinished else {
                return offer.postError(WL_DATA_OFFER_ERROR_INVALID_OFFER, "set_actions after finish")
            }
            guard actions & ~all == 0 else {
                return offer.postError(WL_DATA_OFFER_ERROR_INVALID_ACTION_MASK,
                                       "actions \(actions) are not a wl_data_device_manager.dnd_action mask")
            }
            guard preferred & ~all == 0, preferred.nonzeroBitCount <= 1, preferred == 0 || actions & preferred != 0 else {
                return offer.postError(WL_DATA_OFFER_ERROR_INVALID_ACTION,
                                       "preferred action \(preferred) is not one of the actions \(actions)")
            }
            offer.actions = actions
            offer.preferredAction = preferred
            offer.updateAction()
        }
        return staticImplementation(i)
    }()
}
