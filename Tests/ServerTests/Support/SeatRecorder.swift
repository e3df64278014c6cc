import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport

/// Binds wl_seat (v7) on a RawClient, gets its pointer, keyboard and touch,
/// and writes down every event as a short line, for tests to compare:
///
///     pointer.enter 12 18.5 20     (surface id, surface-local x y)
///     pointer.motion 18.5 21       pointer.button 272 pressed    pointer.leave 12
///     keyboard.enter 12 [30]       keyboard.key 30 pressed      keyboard.modifiers 1 0 0 0
///     touch.down 12 0 5 6          touch.motion 0 7 8           touch.up 0
///
/// `frame` events are counted, not listed.
final class SeatRecorder {
    let client: RawClient
    let seat: OpaquePointer
    let pointer: OpaquePointer
    let keyboard: OpaquePointer
    let touch: OpaquePointer
    private(set) var events: [String] = []
    private(set) var frames = 0
    private(set) var capabilities: UInt32 = 0
    private(set) var name: String?
    private(set) var lastPointerEnterSerial: UInt32 = 0
    /// The serial of the latest pointer button, key or touch down: what xdg_popup.grab quotes.
    private(set) var lastInputSerial: UInt32 = 0
    private(set) var keymapFormat: UInt32?
    /// The keymap text, read through a MAP_PRIVATE mapping as v7 clients must.
    private(set) var keymapText: String?
    private(set) var repeatInfo: (rate: Int32, delay: Int32)?
    /// fcntl(F_GET_SEALS) of the keymap's fd.
    private(set) var keymapSeals: Int32 = 0
    /// Lists each wl_keyboard.keymap as "keyboard.keymap" among the events
    /// (off by default: every keyboard gets one when it is made).
    var recordsKeymaps = false

    private let seatListener = UnsafeMutablePointer<wl_seat_listener>.allocate(capacity: 1)
    private let pointerListener = UnsafeMutablePointer<wl_pointer_listener>.allocate(capacity: 1)
    private let keyboardListener = UnsafeMutablePointer<wl_keyboard_listener>.allocate(capacity: 1)
    private let touchListener = UnsafeMutablePointer<wl_touch_listener>.allocate(capacity: 1)

    init(_ client: RawClient, version: UInt32 = 7) throws {
        self.client = client
        seat = try client.bind(strata_wl_seat_interface(), version: version)
        pointer = wl_seat_get_pointer(seat)!
        keyboard = wl_seat_get_keyboard(seat)!
        touch = wl_seat_get_touch(seat)!
        let me = Unmanaged.passUnretained(self).toOpaque()

        seatListener.initialize(to: wl_seat_listener(
            capabilities: { data, _, caps in this(data).capabilities = caps },
            name: { data, _, name in this(data).name = name.map { String(cString: $0) } }))
        pointerListener.initialize(to: wl_pointer_listener(
            enter: { data, _, serial, surface, x, y in
                this(data).lastPointerEnterSerial = serial
                this(data).events.append("pointer.enter \(id(surface)) \(f(x)) \(f(y))")
            },
            leave: { data, _, _, surface in this(data).events.append("pointer.leave \(id(surface))") },
            motion: { data, _, _, x, y in this(data).events.append("pointer.motion \(f(x)) \(f(y))") },
            button: { data, _, serial, _, button, state in
                this(data).lastInputSerial = serial
                this(data).events.append("pointer.button \(button) \(state == 1 ? "pressed" : "released")")
            },
            axis: { data, _, _, axis, value in this(data).events.append("pointer.axis \(axis) \(f(value))") },
            frame: { data, _ in this(data).frames += 1 },
            axis_source: { data, _, source in this(data).events.append("pointer.axis_source \(source)") },
            axis_stop: { data, _, _, axis in this(data).events.append("pointer.axis_stop \(axis)") },
            axis_discrete: { data, _, axis, steps in this(data).events.append("pointer.axis_discrete \(axis) \(steps)") },
            axis_value120: { data, _, axis, value in this(data).events.append("pointer.axis_value120 \(axis) \(value)") }))
        keyboardListener.initialize(to: wl_keyboard_listener(
            keymap: { data, _, format, fd, size in
                let recorder = this(data)
                recorder.keymapFormat = format
                recorder.keymapSeals = fcntl(fd, 1034 /* F_GET_SEALS, behind _GNU_SOURCE */)
                if let memory = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), memory != MAP_FAILED {
                    recorder.keymapText = String(cString: memory.assumingMemoryBound(to: CChar.self))
                    munmap(memory, Int(size))
                }
                close(fd)
                if recorder.recordsKeymaps { recorder.events.append("keyboard.keymap") }
            },
            enter: { data, _, _, surface, keys in
                var codes: [UInt32] = []
                if let keys, let base = keys.pointee.data {
                    codes = Array(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt32.self), count: keys.pointee.size / 4))
                }
                this(data).events.append("keyboard.enter \(id(surface)) \(codes)")
            },
            leave: { data, _, _, surface in this(data).events.append("keyboard.leave \(id(surface))") },
            key: { data, _, serial, _, key, state in
                this(data).lastInputSerial = serial
                this(data).events.append("keyboard.key \(key) \(state == 1 ? "pressed" : "released")")
            },
            modifiers: { data, _, _, depressed, latched, locked, group in
                this(data).events.append("keyboard.modifiers \(depressed) \(latched) \(locked) \(group)")
            },
            repeat_info: { data, _, rate, delay in this(data).repeatInfo = (rate, delay) }))
        touchListener.initialize(to: wl_touch_listener(
            down: { data, _, serial, _, surface, touchID, x, y in
                this(data).lastInputSerial = serial
                this(data).events.append("touch.down \(id(surface)) \(touchID) \(f(x)) \(f(y))")
            },
            up: { data, _, _, _, touchID in this(data).events.append("touch.up \(touchID)") },
            motion: { data, _, _, touchID, x, y in this(data).events.append("touch.motion \(touchID) \(f(x)) \(f(y))") },
            frame: { data, _ in this(data).frames += 1 },
            cancel: { data, _ in this(data).events.append("touch.cancel") },
            shape: { _, _, _, _, _ in },
            orientation: { _, _, _, _ in }))
        wl_seat_add_listener(seat, seatListener, me)
        wl_pointer_add_listener(pointer, pointerListener, me)
        wl_keyboard_add_listener(keyboard, keyboardListener, me)
        wl_touch_add_listener(touch, touchListener, me)
        client.roundtrip()
    }

    deinit {
        for listener in [UnsafeMutableRawPointer(seatListener), UnsafeMutableRawPointer(pointerListener),
                         UnsafeMutableRawPointer(keyboardListener), UnsafeMutableRawPointer(touchListener)] {
            listener.deallocate()
        }
    }

    /// Events so far, then forgets them.
    @discardableResult
    func take() -> [String] {
        client.roundtrip()
        defer { events = [] }
        return events
    }

    /// The events whose line starts with `prefix` (`pointer.`, `keyboard.key`).
    func taken(_ prefix: String) -> [String] { take().filter { $0.hasPrefix(prefix) } }
}

private func this(_ data: UnsafeMutableRawPointer?) -> SeatRecorder {
    Unmanaged<SeatRecorder>.fromOpaque(data!).takeUnretainedValue()
}

private func id(_ proxy: OpaquePointer?) -> UInt32 { proxy.map { wl_proxy_get_id($0) } ?? 0 }

/// A wl_fixed as the shortest decimal: 18.5, 20.
private func f(_ value: wl_fixed_t) -> String {
    let d = wl_fixed_to_double(value)
    return d == d.rounded() ? String(Int(d)) : String(d)
}

/// An xdg toplevel of a RawClient showing one solid buffer.
final class RawWindow {
    let client: RawClient
    let compositor: OpaquePointer
    let shm: OpaquePointer
    let surface: OpaquePointer
    let xdgSurface: OpaquePointer
    let toplevel: OpaquePointer
    private let acker: ConfigureAcker
    /// The states of each xdg_toplevel.configure, oldest first.
    private(set) var configureStates: [[UInt32]] = []
    private let toplevelListener = UnsafeMutablePointer<xdg_toplevel_listener>.allocate(capacity: 1)

    /// `parent` is an xdg_toplevel this window is a dialog of (set_parent, before the first commit).
    init(_ client: RawClient, title: String, width: Int32, height: Int32, pixel: UInt32 = 0xFF_00_80_FF,
         parent: OpaquePointer? = nil, configureSurface: (OpaquePointer, OpaquePointer) -> Void = { _, _ in }) throws {
        self.client = client
        compositor = try client.bind(strata_wl_compositor_interface(), version: 5)
        shm = try client.bind(strata_wl_shm_interface(), version: 1)
        let base = try client.bind(strata_xdg_wm_base_interface(), version: 5)
        surface = wl_compositor_create_surface(compositor)!
        xdgSurface = xdg_wm_base_get_xdg_surface(base, surface)!
        acker = ConfigureAcker(xdgSurface)
        toplevel = xdg_surface_get_toplevel(xdgSurface)!
        xdg_toplevel_set_title(toplevel, title)
        if let parent { xdg_toplevel_set_parent(toplevel, parent) }
        toplevelListener.initialize(to: xdg_toplevel_listener(
            configure: { data, _, _, _, states in
                let window = Unmanaged<RawWindow>.fromOpaque(data!).takeUnretainedValue()
                var values: [UInt32] = []
                if let states, let base = states.pointee.data {
                    values = Array(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt32.self), count: states.pointee.size / 4))
                }
                window.configureStates.append(values)
            },
            close: { _, _ in },
            configure_bounds: { _, _, _, _ in },
            wm_capabilities: { _, _, _ in }))

        xdg_toplevel_add_listener(toplevel, toplevelListener, Unmanaged.passUnretained(self).toOpaque())
        wl_surface_commit(surface)
        guard client.roundtrip() else { throw StrataTestError("no configure for \(title)") }
        configureSurface(compositor, surface)
        let buffer = try client.makeBuffer(shm: shm, width: width, height: height, pixel: pixel)
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, width, height)
        wl_surface_commit(surface)
        guard client.roundtrip() else { throw StrataTestError("\(title) did not map: \(String(describing: client.protocolError))") }
    }

    deinit { toplevelListener.deallocate() }

    var surfaceID: UInt32 { wl_proxy_get_id(surface) }

    /// Whether the latest configure carried xdg_toplevel's activated state.
    var isActivated: Bool { configureStates.last?.contains(XDG_TOPLEVEL_STATE_ACTIVATED.rawValue) ?? false }

    /// The configure serials acknowledged so far.
    var configureCount: Int { acker.serials.count }
}
