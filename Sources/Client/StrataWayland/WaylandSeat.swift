import CStrataClientProtocol
import CXkbCommon
#if canImport(Glibc)
import Glibc
#endif

/// What the seat reports, in the order the compositor sent it. Surfaces
/// are the raw `wl_surface` proxies (compare with `WaylandToplevel.surface`);
/// coordinates are surface-local points; times are the compositor's
/// millisecond timestamps.
public enum SeatEvent {
    case pointerEnter(surface: OpaquePointer, x: Double, y: Double)
    /// nil when the surface was destroyed before the event was read.
    case pointerLeave(surface: OpaquePointer?)
    case pointerMotion(x: Double, y: Double, time: UInt32)
    /// `code` is the Linux button code (BTN_LEFT 0x110, BTN_RIGHT, BTN_MIDDLE, ...).
    case pointerButton(code: UInt32, isPressed: Bool, time: UInt32)
    /// One frame's scrolling, in points; `isContinuous` is false for a wheel.
    case pointerScroll(dx: Double, dy: Double, isContinuous: Bool, time: UInt32)

    /// A touchpad pinch (zwp_pointer_gestures_v1) on the surface with the
    /// pointer: `scale` since it began (1 at first), `rotation` in degrees
    /// clockwise since it began; it ends, or is cancelled (the fingers
    /// became another gesture).
    case pinchBegin(surface: OpaquePointer, fingers: UInt32, time: UInt32)
    case pinchUpdate(scale: Double, rotation: Double, time: UInt32)
    case pinchEnd(isCancelled: Bool, time: UInt32)

    case touchDown(surface: OpaquePointer, id: Int32, x: Double, y: Double, time: UInt32)
    case touchMotion(id: Int32, x: Double, y: Double, time: UInt32)
    case touchUp(id: Int32, time: UInt32)
    case touchFrame
    case touchCancel

    case keyboardEnter(surface: OpaquePointer)
    /// nil when the surface was destroyed before the event was read.
    case keyboardLeave(surface: OpaquePointer?)
    case key(Key, isPressed: Bool, time: UInt32)
}

/// The compositor's wl_seat, with its pointer, keyboard and touch bound as
/// the seat announces them. Events go to `onEvent`; pointer events are
/// grouped by wl_pointer.frame (scrolling is summed over a frame).
public final class WaylandSeat {
    let display: WaylandDisplay
    public private(set) var proxy: OpaquePointer?
    public private(set) var name = ""
    public private(set) var pointer: OpaquePointer?
    public private(set) var keyboard: OpaquePointer?
    public private(set) var touch: OpaquePointer?
    /// zwp_pointer_gestures_v1, when the compositor offers it, and the pointer's pinch gesture.
    var gestures: OpaquePointer?
    private var pinch: OpaquePointer?
    /// The rotation reported since the pinch began (the protocol sends each step).
    private var pinchRotation = 0.0

    /// Key repeat as the compositor asks (wl_keyboard.repeat_info): keys
    /// per second (0: no repeat) and the delay before the first repeat, in ms.
    public private(set) var repeatRate: Int32 = 0
    public private(set) var repeatDelay: Int32 = 0
    private(set) var keymap: WaylandKeymap?

    /// The serial of the latest wl_pointer.enter, for set_cursor.
    public private(set) var pointerEnterSerial: UInt32 = 0
    /// The serial of the latest wl_keyboard.enter, for the clipboard's set_selection.
    public private(set) var keyboardEnterSerial: UInt32 = 0
    /// The serial of the latest wl_pointer.button, for an interactive move or resize.
    public internal(set) var buttonSerial: UInt32 = 0

    public var onEvent: ((SeatEvent) -> Void)?
    /// Called with each keymap the compositor sends, as xkb_v1 text.
    public var onKeymap: ((String) -> Void)?
    /// The compositor's keymap as xkb_v1 text, once it has sent one.
    public var keymapText: String? { keymap?.text }

    /// Scrolling of the pointer frame in progress.
    private var scroll = (dx: 0.0, dy: 0.0, isContinuous: true, time: UInt32(0), any: false)

    init(proxy: OpaquePointer, display: WaylandDisplay) {
        self.proxy = proxy
        self.display = display
        wl_seat_add_listener(proxy, seatListener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { destroy() }

    public func destroy() {
        let objects = (pointer, keyboard, touch, proxy)
        let (pinch, gestures) = (self.pinch, self.gestures)
        (pointer, keyboard, touch, proxy, self.pinch, self.gestures) = (nil, nil, nil, nil, nil, nil)
        keymap = nil
        guard display.isConnected else { return }
        if let pinch { zwp_pointer_gesture_pinch_v1_destroy(pinch) }
        if let gestures {
            wl_proxy_get_version(gestures) >= 2 ? zwp_pointer_gestures_v1_release(gestures) : zwp_pointer_gestures_v1_destroy(gestures)
        }
        // Devices have release since v3, the seat since v5; before, only
        // the proxy goes.
        let version = objects.3.map { wl_proxy_get_version($0) } ?? 0
        if let pointer = objects.0 { version >= 3 ? wl_pointer_release(pointer) : wl_pointer_destroy(pointer) }
        if let keyboard = objects.1 { version >= 3 ? wl_keyboard_release(keyboard) : wl_keyboard_destroy(keyboard) }
        if let touch = objects.2 { version >= 3 ? wl_touch_release(touch) : wl_touch_destroy(touch) }
        if let seat = objects.3 { version >= 5 ? wl_seat_release(seat) : wl_seat_destroy(seat) }
    }

    private var me: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    fileprivate func capabilities(_ capabilities: UInt32) {
        guard let proxy else { return }
        let has = { (capability: wl_seat_capability) in capabilities & capability.rawValue != 0 }
        let canRelease = wl_proxy_get_version(proxy) >= 3
        if has(WL_SEAT_CAPABILITY_POINTER), pointer == nil, let made = wl_seat_get_pointer(proxy) {
            pointer = made
            wl_pointer_add_listener(made, pointerListener, me)
            if let gestures, let made = zwp_pointer_gestures_v1_get_pinch_gesture(gestures, made) {
                pinch = made
                zwp_pointer_gesture_pinch_v1_add_listener(made, pinchListener, me)
            }
        } else if !has(WL_SEAT_CAPABILITY_POINTER), let pointer {
            if let pinch { zwp_pointer_gesture_pinch_v1_destroy(pinch) }
            pinch = nil
            canRelease ? wl_pointer_release(pointer) : wl_pointer_destroy(pointer)
            self.pointer = nil
        }
        if has(WL_SEAT_CAPABILITY_KEYBOARD), keyboard == nil, let made = wl_seat_get_keyboard(proxy) {
            keyboard = made
            wl_keyboard_add_listener(made, keyboardListener, me)
        } else if !has(WL_SEAT_CAPABILITY_KEYBOARD), let keyboard {
            canRelease ? wl_keyboard_release(keyboard) : wl_keyboard_destroy(keyboard)
            self.keyboard = nil
            keymap = nil
        }
        if has(WL_SEAT_CAPABILITY_TOUCH), touch == nil, let made = wl_seat_get_touch(proxy) {
            touch = made
            wl_touch_add_listener(made, touchListener, me)
        } else if !has(WL_SEAT_CAPABILITY_TOUCH), let touch {
            canRelease ? wl_touch_release(touch) : wl_touch_destroy(touch)
            self.touch = nil
        }
    }

    fileprivate func named(_ name: String) { self.name = name }

    // MARK: Pointer

    fileprivate func pointerEntered(serial: UInt32, surface: OpaquePointer?, x: wl_fixed_t, y: wl_fixed_t) {
        pointerEnterSerial = serial
        guard let surface else { return }
        onEvent?(.pointerEnter(surface: surface, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)))
    }

    fileprivate func pointerLeft(surface: OpaquePointer?) {
        // A leave is kept even for a surface already destroyed here: the
        // focus it ends is this client's state too.
        onEvent?(.pointerLeave(surface: surface))
    }

    fileprivate func pointerAxis(time: UInt32, axis: UInt32, value: wl_fixed_t) {
        let points = wl_fixed_to_double(value)
        if axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue { scroll.dy += points } else { scroll.dx += points }
        scroll.time = time
        scroll.any = true
    }

    fileprivate func pointerAxisSource(_ source: UInt32) {
        scroll.isContinuous = source != WL_POINTER_AXIS_SOURCE_WHEEL.rawValue
            && source != WL_POINTER_AXIS_SOURCE_WHEEL_TILT.rawValue
    }

    fileprivate func pointerFrame() {
        guard scroll.any else { return }
        let done = scroll
        scroll = (0, 0, true, 0, false)
        onEvent?(.pointerScroll(dx: done.dx, dy: done.dy, isContinuous: done.isContinuous, time: done.time))
    }

    // MARK: Touchpad pinch

    fileprivate func pinchBegan(surface: OpaquePointer?, fingers: UInt32, time: UInt32) {
        pinchRotation = 0
        guard let surface else { return }
        onEvent?(.pinchBegin(surface: surface, fingers: fingers, time: time))
    }

    fileprivate func pinchUpdated(scale: wl_fixed_t, rotation: wl_fixed_t, time: UInt32) {
        pinchRotation += wl_fixed_to_double(rotation)
        onEvent?(.pinchUpdate(scale: wl_fixed_to_double(scale), rotation: pinchRotation, time: time))
    }

    // MARK: Keyboard

    fileprivate func keyboardEntered(serial: UInt32) { keyboardEnterSerial = serial }

    fileprivate func keymapReceived(format: UInt32, fd: Int32, size: UInt32) {
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue else { close(fd); return }
        keymap = WaylandKeymap(fd: fd, size: size)
        if let text = keymap?.text { onKeymap?(text) }
    }

    fileprivate func keyChanged(time: UInt32, code: UInt32, state: UInt32) {
        guard let keymap else { return }
        onEvent?(.key(keymap.key(code: code), isPressed: state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue, time: time))
    }

    fileprivate func modifiersChanged(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        keymap?.updateModifiers(depressed: depressed, latched: latched, locked: locked, group: group)
    }

    fileprivate func repeatInfo(rate: Int32, delay: Int32) {
        (repeatRate, repeatDelay) = (rate, delay)
    }

    fileprivate func emit(_ event: SeatEvent) { onEvent?(event) }
}

extension Connection {
    /// Binds the compositor's first wl_seat (up to version 7); nil when it offers none.
    /// Touchpad pinches come too when the compositor offers zwp_pointer_gestures_v1.
    public func bindSeat() -> WaylandSeat? {
        guard let global = globals.first(where: { $0.interface == "wl_seat" }),
              let proxy = bindGlobal(global, strata_client_wl_seat_interface(), upTo: 7) else { return nil }
        let seat = WaylandSeat(proxy: proxy, display: display)
        if let gestures = globals.first(where: { $0.interface == "zwp_pointer_gestures_v1" }) {
            // Bound before the seat's capabilities come, so the pointer gets its pinch.
            seat.gestures = bindGlobal(gestures, strata_client_zwp_pointer_gestures_v1_interface(), upTo: 2)
        }
        return seat
    }
}

private func seat(_ data: UnsafeMutableRawPointer?) -> WaylandSeat {
    Unmanaged<WaylandSeat>.fromOpaque(data!).takeUnretainedValue()
}

private let seatListener: UnsafeMutablePointer<wl_seat_listener> = {
    let listener = UnsafeMutablePointer<wl_seat_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_seat_listener(
        capabilities: { data, _, capabilities in seat(data).capabilities(capabilities) },
        name: { data, _, name in seat(data).named(name.map { String(cString: $0) } ?? "") }))
    return listener
}()

private let pointerListener: UnsafeMutablePointer<wl_pointer_listener> = {
    let listener = UnsafeMutablePointer<wl_pointer_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_pointer_listener(
        enter: { data, _, serial, surface, x, y in seat(data).pointerEntered(serial: serial, surface: surface, x: x, y: y) },
        leave: { data, _, _, surface in seat(data).pointerLeft(surface: surface) },
        motion: { data, _, time, x, y in
            seat(data).emit(.pointerMotion(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y), time: time))
        },
        button: { data, _, serial, time, button, state in
            seat(data).buttonSerial = serial
            seat(data).emit(.pointerButton(code: button, isPressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue, time: time))
        },
        axis: { data, _, time, axis, value in seat(data).pointerAxis(time: time, axis: axis, value: value) },
        frame: { data, _ in seat(data).pointerFrame() },
        axis_source: { data, _, source in seat(data).pointerAxisSource(source) },
        axis_stop: { _, _, _, _ in },
        axis_discrete: { _, _, _, _ in },
        axis_value120: { _, _, _, _ in }))
    return listener
}()

private let pinchListener: UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener> = {
    let listener = UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener>.allocate(capacity: 1)
    listener.initialize(to: zwp_pointer_gesture_pinch_v1_listener(
        begin: { data, _, _, time, surface, fingers in seat(data).pinchBegan(surface: surface, fingers: fingers, time: time) },
        update: { data, _, time, _, _, scale, rotation in seat(data).pinchUpdated(scale: scale, rotation: rotation, time: time) },
        end: { data, _, _, time, cancelled in seat(data).emit(.pinchEnd(isCancelled: cancelled != 0, time: time)) }))
    return listener
}()

private let keyboardListener: UnsafeMutablePointer<wl_keyboard_listener> = {
    let listener = UnsafeMutablePointer<wl_keyboard_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_keyboard_listener(
        keymap: { data, _, format, fd, size in seat(data).keymapReceived(format: format, fd: fd, size: size) },
        enter: { data, _, serial, surface, _ in
            // The keys already held (the array) are not replayed: UIKit
            // begins presses only for keys pressed while the window is key.
            seat(data).keyboardEntered(serial: serial)
            if let surface { seat(data).emit(.keyboardEnter(surface: surface)) }
        },
        leave: { data, _, _, surface in seat(data).emit(.keyboardLeave(surface: surface)) },
        key: { data, _, _, time, key, state in seat(data).keyChanged(time: time, code: key, state: state) },
        modifiers: { data, _, _, depressed, latched, locked, group in
            seat(data).modifiersChanged(depressed: depressed, latched: latched, locked: locked, group: group)
        },
        repeat_info: { data, _, rate, delay in seat(data).repeatInfo(rate: rate, delay: delay) }))
    return listener
}()

private let touchListener: UnsafeMutablePointer<wl_touch_listener> = {
    let listener = UnsafeMutablePointer<wl_touch_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_touch_listener(
        down: { data, _, _, time, surface, id, x, y in
            guard let surface else { return }
            seat(data).emit(.touchDown(surface: surface, id: id, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y), time: time))
        },
        up: { data, _, _, time, id in seat(data).emit(.touchUp(id: id, time: time)) },
        motion: { data, _, time, id, x, y in
            seat(data).emit(.touchMotion(id: id, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y), time: time))
        },
        frame: { data, _ in seat(data).emit(.touchFrame) },
        cancel: { data, _ in seat(data).emit(.touchCancel) },
        shape: { _, _, _, _, _ in },
        orientation: { _, _, _, _ in }))
    return listener
}()
