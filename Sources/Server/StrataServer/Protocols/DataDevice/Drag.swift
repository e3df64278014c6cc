import CStrataServerProtocol
import CWaylandServer
import StrataProtocol
import StrataRender

/// One drag and drop (wl_data_device.start_drag), from the press or touch
/// that began it to the release or lift that ends it. The surface under the
/// pointer (or finger) is the drag's focus: its client's data devices get
/// enter with a fresh offer, motion, leave, and on release the drop, if the
/// target accepted a MIME type and an action was agreed; otherwise the
/// source is cancelled. A drag without a source stays within its client.
/// The icon surface, if any, follows the pointer above everything else.
final class Drag {
    enum Input: Equatable {
        case pointer
        case touch(Int32)
    }
    let input: Input
    private unowned let manager: DataDeviceManagerGlobal
    private(set) weak var source: DataSource?
    private let hasSource: Bool
    private let client: OpaquePointer?
    private weak var icon: Surface?
    /// Holds the icon's surface layer; its position is the pointer's.
    private let iconLayer = RenderLayer()
    private(set) weak var focus: Surface?
    /// The focus's client, kept: a destroyed surface no longer names it.
    private var focusClient: OpaquePointer?
    private var offers: [DataOffer] = []
    /// Dropped: the target's offers and what it accepted stand until it finishes.
    private var isDropped = false

    init(manager: DataDeviceManagerGlobal, source: DataSource?, client: OpaquePointer?, icon: Surface?, input: Input) {
        self.manager = manager
        self.source = source
        hasSource = source != nil
        self.client = client
        self.icon = icon
        self.input = input
        source?.isUsed = true
        source?.resetTarget()
        iconLayer.name = "drag icon"
        iconLayer.anchorPoint = .zero
        if let icon { iconLayer.addSublayer(icon.layer) }
    }

    private var server: Server { manager.server }

    /// Shows the icon at `point` (moved by its buffer offsets, which put its
    /// hotspot there), below the cursor.
    func showIcon(at point: Point) {
        iconLayer.position = point
        guard let icon else { return }
        icon.layer.position = icon.accumulatedOffset
        guard iconLayer.superlayer == nil else { return }
        let scene = server.scene
        if let index = scene.sublayers.firstIndex(where: { $0 === server.seat.cursor.layer }) {
            scene.insertSublayer(iconLayer, at: index)
        } else {
            scene.addSublayer(iconLayer)
        }
        server.scheduleFrame()
    }

    /// The pointer or finger is at `point`: the surface under it is the
    /// focus (enter and leave as it changes), and it hears the motion.
    func moved(to point: Point, time: UInt32) {
        showIcon(at: point)
        let target = server.seat.surface(at: point)
        // Without a source, only the drag's own client's surfaces are told of it.
        let surface = target.flatMap { hasSource || $0.surface.client == client ? $0.surface : nil }
        if surface !== focus {
            setFocus(surface, local: target?.local ?? .zero)
        } else if focus != nil, let local = target?.local {
            for device in devices {
                guard let resource = device.resource else { continue }
                wl_data_device_send_motion(resource, time, wl_fixed_from_double(local.x), wl_fixed_from_double(local.y))
            }
        }
        server.scheduleFrame()
    }

    /// The data devices of the focus's client.
    private var devices: [DataDevice] { focusClient.map { manager.slot.devices(of: $0) } ?? [] }

    /// Leave to the old focus, then enter (with a new offer of the source) to the new one.
    private func setFocus(_ surface: Surface?, local: Point) {
        for device in devices {
            if let resource = device.resource { wl_data_device_send_leave(resource) }
        }
        // The old offers no longer stand for the drag, unless dropped (their transfer goes on).
        if !isDropped {
            for offer in offers { offer.detach() }
            source?.resetTarget()
        }
        offers = []
        focus = surface
        focusClient = surface?.client
        guard let surface, let surfaceResource = surface.resource else { return }
        let serial = server.seat.nextSerial()
        for device in devices {
            guard let resource = device.resource else { continue }
            var offerResource: WaylandResource?
            if let source, let offer = DataOffer.make(for: source, device: resource, kind: .drag) {
                offers.append(offer)
                offer.updateAction()
                offerResource = offer.resource
            }
            wl_data_device_send_enter(resource, serial, surfaceResource,
                                      wl_fixed_from_double(local.x), wl_fixed_from_double(local.y), offerResource)
        }
    }

    /// The keyboard's modifiers changed (or the drag began): Shift asks to
    /// move, else Ctrl to copy, as weston and GTK have it; the offers of the
    /// surface under the drag hear the action that results. After the drop
    /// the action stands.
    func modifiersChanged(shift: Bool, control: Bool) {
        guard let source, !isDropped else { return }
        source.compositorAction = shift ? WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE.rawValue
            : control ? WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue : 0
        for offer in offers { offer.updateAction() }
    }

    /// The press or touch ended: drop on a target that accepted, else cancel.
    func release() {
        let devices = self.devices.filter { $0.resource != nil }
        if let focus, focus.resource != nil, !devices.isEmpty, let source, source.acceptedMimeType != nil, source.currentAction != 0 {
            for device in devices {
                if let resource = device.resource { wl_data_device_send_drop(resource) }
            }
            for offer in offers { offer.isDropped = true }
            isDropped = true
            source.dropPerformed()
        } else {
            source?.cancel()
        }
        end()
    }

    /// The touch sequence was cancelled: no drop.
    func cancel() {
        source?.cancel()
        end()
    }

    /// Ends the drag: leave to the focus, and the icon goes.
    func end() {
        setFocus(nil, local: .zero)
        iconLayer.removeFromSuperlayer()
        icon?.layer.removeFromSuperlayer()
        server.scheduleFrame()
        if server.seat.drag === self { server.seat.drag = nil }
    }

    /// The surface the drag is over was destroyed: its client hears leave
    /// (wl_data_device.leave names no surface), and the drag is over nothing.
    func surfaceDestroyed(_ surface: Surface) {
        if focus === surface { setFocus(nil, local: .zero) }
    }

    /// The source's client destroyed it: the drag ends, without a drop.
    func sourceDestroyed(_ destroyed: DataSource) {
        guard hasSource, source == nil || source === destroyed else { return }
        end()
    }
}
