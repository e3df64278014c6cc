import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport

/// An xdg toplevel of a RawClient that behaves as a window manager expects:
/// it writes down every configure (size, states, decoration mode), acknowledges
/// it, and commits a buffer of the configured size (or its own, with
/// `followsConfigures` false), so tests see what the compositor asked and
/// what it did with the answer.
final class ManagedWindow {
    struct Configure: Equatable {
        var width: Int32
        var height: Int32
        var states: [UInt32]
        /// zxdg_toplevel_decoration_v1.configure sent with it, if any.
        var decorationMode: UInt32?
    }

    let client: RawClient
    let compositor: OpaquePointer
    let shm: OpaquePointer
    let base: OpaquePointer
    let surface: OpaquePointer
    let xdgSurface: OpaquePointer
    let toplevel: OpaquePointer
    private(set) var decoration: OpaquePointer?
    private(set) var configures: [Configure] = []
    private(set) var closeRequests = 0
    private(set) var capabilities: [UInt32] = []
    private(set) var bounds: (width: Int32, height: Int32)?
    /// The size of the buffer committed last.
    private(set) var size: (width: Int32, height: Int32)
    var followsConfigures = true
    /// While true, configures are recorded but not acknowledged: a client
    /// busy drawing. `answerHeldConfigures()` acknowledges them.
    var holdsConfigures = false
    /// Serials of configures received while `holdsConfigures`, not yet acknowledged.
    private(set) var heldSerials: [UInt32] = []
    let pixel: UInt32
    private var mapped = false
    private var pending = Configure(width: 0, height: 0, states: [], decorationMode: nil)

    private let surfaceListener = UnsafeMutablePointer<xdg_surface_listener>.allocate(capacity: 1)
    private let toplevelListener = UnsafeMutablePointer<xdg_toplevel_listener>.allocate(capacity: 1)
    private let decorationListener = UnsafeMutablePointer<zxdg_toplevel_decoration_v1_listener>.allocate(capacity: 1)

    /// Makes the window and maps it at `width`×`height` (or the first configure's size).
    /// `decorationMode`: get a decoration before the first commit and ask for
    /// this mode (0: leave it unset).
    init(_ client: RawClient, title: String, width: Int32, height: Int32, pixel: UInt32 = 0xFF_00_80_FF,
         decorationMode: UInt32? = nil, beforeFirstCommit: (ManagedWindow) -> Void = { _ in }) throws {
        self.client = client
        self.pixel = pixel
        size = (width, height)
        compositor = try client.bind(strata_wl_compositor_interface(), version: 5)
        shm = try client.bind(strata_wl_shm_interface(), version: 1)
        base = try client.bind(strata_xdg_wm_base_interface(), version: 5)
        surface = wl_compositor_create_surface(compositor)!
        xdgSurface = xdg_wm_base_get_xdg_surface(base, surface)!
        toplevel = xdg_surface_get_toplevel(xdgSurface)!
        let me = Unmanaged.passUnretained(self).toOpaque()
        surfaceListener.initialize(to: xdg_surface_listener(configure: { data, _, serial in
            managed(data).configured(serial: serial)
        }))
        toplevelListener.initialize(to: xdg_toplevel_listener(
            configure: { data, _, width, height, states in
                var values: [UInt32] = []
                if let states, let base = states.pointee.data {
                    values = Array(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt32.self), count: states.pointee.size / 4))
                }
                managed(data).pending.width = width
                managed(data).pending.height = height
                managed(data).pending.states = values
            },
            close: { data, _ in managed(data).closeRequests += 1 },
            configure_bounds: { data, _, width, height in managed(data).bounds = (width, height) },
            wm_capabilities: { data, _, caps in
                if let caps, let base = caps.pointee.data {
                    managed(data).capabilities = Array(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt32.self),
                                                                           count: caps.pointee.size / 4))
                }
            }))
        decorationListener.initialize(to: zxdg_toplevel_decoration_v1_listener(configure: { data, _, mode in
            managed(data).pending.decorationMode = mode
        }))
        xdg_surface_add_listener(xdgSurface, surfaceListener, me)
        xdg_toplevel_add_listener(toplevel, toplevelListener, me)
        xdg_toplevel_set_title(toplevel, title)
        if let decorationMode {
            let manager = try client.bind(strata_zxdg_decoration_manager_v1_interface(), version: 1)
            let decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel)!
            zxdg_toplevel_decoration_v1_add_listener(decoration, decorationListener, me)
            if decorationMode != 0 { zxdg_toplevel_decoration_v1_set_mode(decoration, decorationMode) }
            self.decoration = decoration
        }
        beforeFirstCommit(self)
        wl_surface_commit(surface)
        guard client.roundtrip(), let first = configures.first else { throw StrataTestError("no configure for \(title)") }
        mapped = true
        if followsConfigures, first.width > 0, first.height > 0 { size = (first.width, first.height) }
        draw()
        guard client.roundtrip() else { throw StrataTestError("\(title) did not map: \(String(describing: client.protocolError))") }
    }

    deinit {
        surfaceListener.deallocate()
        toplevelListener.deallocate()
        decorationListener.deallocate()
    }

    /// Acknowledges a configure; once mapped, answers it with a commit at the asked size.
    private func configured(serial: UInt32) {
        configures.append(pending)
        pending.decorationMode = nil
        if holdsConfigures, mapped {
            heldSerials.append(serial)
            return
        }
        answer(serial: serial)
    }

    /// Acknowledges the latest held configure (and so every one before it)
    /// and commits at its size.
    func answerHeldConfigures() {
        guard let serial = heldSerials.last else { return }
        heldSerials = []
        answer(serial: serial)
    }

    private func answer(serial: UInt32) {
        let pending = configures.last ?? self.pending
        xdg_surface_ack_configure(xdgSurface, serial)
        guard mapped else { return }
        if followsConfigures, pending.width > 0, pending.height > 0, (pending.width, pending.height) != size {
            size = (pending.width, pending.height)
            draw()
        } else {
            wl_surface_commit(surface)
        }
    }

    /// Attaches a new buffer of `size`, filled with `pixel`, and commits.
    func draw() {
        guard let buffer = try? client.makeBuffer(shm: shm, width: size.width, height: size.height, pixel: pixel) else { return }
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, size.width, size.height)
        wl_surface_commit(surface)
    }

    var last: Configure? { configures.last }

    var surfaceID: UInt32 { wl_proxy_get_id(surface) }

    /// The latest configure carried `state`.
    func lastHas(_ state: xdg_toplevel_state) -> Bool { last?.states.contains(state.rawValue) ?? false }
}

private func managed(_ data: UnsafeMutableRawPointer?) -> ManagedWindow {
    Unmanaged<ManagedWindow>.fromOpaque(data!).takeUnretainedValue()
}
