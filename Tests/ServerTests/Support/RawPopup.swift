import CStrataClientProtocol
import CStrataServerProtocol
import Foundation

/// An xdg_popup of a RawClient, made from a positioner of the given rules,
/// that acknowledges its configures and writes down its events:
///
///     configure 30 30 40 30      repositioned 7      popup_done
final class RawPopup {
    let client: RawClient
    let surface: OpaquePointer
    let xdgSurface: OpaquePointer
    let popup: OpaquePointer
    private let acker: ConfigureAcker
    private(set) var events: [String] = []
    /// Every popup's popup_done, in the order they came, by name (shared between popups).
    let doneLog: DoneLog
    let name: String
    private let listener = UnsafeMutablePointer<xdg_popup_listener>.allocate(capacity: 1)

    final class DoneLog { var names: [String] = [] }

    /// A positioner with a size and anchor rectangle, and what `configure` adds.
    static func positioner(_ base: OpaquePointer, width: Int32, height: Int32, anchorRect: (Int32, Int32, Int32, Int32),
                           anchor: UInt32 = 8, gravity: UInt32 = 8, adjustments: UInt32 = 0,
                           offset: (Int32, Int32) = (0, 0)) -> OpaquePointer {
        let positioner = xdg_wm_base_create_positioner(base)!
        xdg_positioner_set_size(positioner, width, height)
        xdg_positioner_set_anchor_rect(positioner, anchorRect.0, anchorRect.1, anchorRect.2, anchorRect.3)
        xdg_positioner_set_anchor(positioner, anchor)
        xdg_positioner_set_gravity(positioner, gravity)
        xdg_positioner_set_constraint_adjustment(positioner, adjustments)
        xdg_positioner_set_offset(positioner, offset.0, offset.1)
        return positioner
    }

    /// Makes the popup with `parent` (an xdg_surface) and `positioner`;
    /// `beforeCommit` runs before the initial commit (a grab goes there).
    init(_ client: RawClient, compositor: OpaquePointer, base: OpaquePointer, parent: OpaquePointer?,
         positioner: OpaquePointer, name: String = "popup", doneLog: DoneLog = DoneLog(),
         beforeCommit: (OpaquePointer) -> Void = { _ in }) {
        self.client = client
        self.name = name
        self.doneLog = doneLog
        surface = wl_compositor_create_surface(compositor)!
        xdgSurface = xdg_wm_base_get_xdg_surface(base, surface)!
        acker = ConfigureAcker(xdgSurface)
        popup = xdg_surface_get_popup(xdgSurface, parent, positioner)!
        listener.initialize(to: xdg_popup_listener(
            configure: { data, _, x, y, width, height in
                RawPopup.this(data).events.append("configure \(x) \(y) \(width) \(height)")
            },
            popup_done: { data, _ in
                let popup = RawPopup.this(data)
                popup.events.append("popup_done")
                popup.doneLog.names.append(popup.name)
            },
            repositioned: { data, _, token in RawPopup.this(data).events.append("repositioned \(token)") }))
        xdg_popup_add_listener(popup, listener, Unmanaged.passUnretained(self).toOpaque())
        beforeCommit(popup)
        wl_surface_commit(surface)
        client.roundtrip()
    }

    deinit { listener.deallocate() }

    private static func this(_ data: UnsafeMutableRawPointer?) -> RawPopup {
        Unmanaged<RawPopup>.fromOpaque(data!).takeUnretainedValue()
    }

    var surfaceID: UInt32 { wl_proxy_get_id(surface) }
    var configureCount: Int { acker.serials.count }

    /// Shows a buffer of `pixel` and waits until the compositor handled it.
    func show(shm: OpaquePointer, width: Int32, height: Int32, pixel: UInt32) throws {
        let buffer = try client.makeBuffer(shm: shm, width: width, height: height, pixel: pixel)
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, width, height)
        wl_surface_commit(surface)
        client.roundtrip()
    }

    /// Events so far, then forgets them.
    @discardableResult
    func take() -> [String] {
        client.roundtrip()
        defer { events = [] }
        return events
    }
}
