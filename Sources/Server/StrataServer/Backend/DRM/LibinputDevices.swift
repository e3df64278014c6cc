import CInput
#if canImport(Glibc)
import Glibc
#endif

/// The seat's keyboards, mice, touchpads and touchscreens through libinput
/// on udev, each device node opened through the session's seat.
final class LibinputDevices: InputDevices {
    private let session: SessionSeat
    private let options: InputDeviceOptions
    private var udev: OpaquePointer?
    private var context: OpaquePointer?
    /// Seat device ids by the fd libinput was given.
    private var deviceIDs: [Int32: Int32] = [:]
    /// libinput keeps the interface's address.
    private let interface: UnsafeMutablePointer<libinput_interface> = {
        let interface = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        interface.initialize(to: libinput_interface(
            open_restricted: { path, _, data in
                Unmanaged<LibinputDevices>.fromOpaque(data!).takeUnretainedValue().open(String(cString: path!))
            },
            close_restricted: { fd, data in
                Unmanaged<LibinputDevices>.fromOpaque(data!).takeUnretainedValue().close(fd)
            }))
        return interface
    }()

    init(session: SessionSeat, options: InputDeviceOptions) throws {
        self.session = session
        self.options = options
        guard let udev = udev_new() else { throw DrmBackendError.input("udev_new failed") }
        self.udev = udev
        guard let context = libinput_udev_create_context(interface, Unmanaged.passUnretained(self).toOpaque(), udev) else {
            throw DrmBackendError.input("libinput_udev_create_context failed")
        }
        self.context = context
        guard libinput_udev_assign_seat(context, session.name) == 0 else {
            close()  // now, while this object is whole: closing calls back into it
            throw DrmBackendError.input("libinput cannot use seat \(session.name)")
        }
    }

    deinit {
        close()
        interface.deallocate()
    }

    private func open(_ path: String) -> Int32 {
        do {
            let (id, fd) = try session.openDevice(path)
            deviceIDs[fd] = id
            return fd
        } catch {
            ServerLog.logger.warning("cannot open input device \(path): \(error)")
            return -EACCES
        }
    }

    private func close(_ fd: Int32) {
        if let id = deviceIDs.removeValue(forKey: fd) { session.closeDevice(id: id) }
    }

    var fileDescriptor: Int32 { context.map { libinput_get_fd($0) } ?? -1 }

    func readEvents() -> [DeviceEvent] {
        guard let context else { return [] }
        libinput_dispatch(context)
        var events: [DeviceEvent] = []
        while let event = libinput_get_event(context) {
            events += translate(event)
            libinput_event_destroy(event)
        }
        return events
    }

    private func translate(_ event: OpaquePointer) -> [DeviceEvent] {
        let device = libinput_event_get_device(event)!
        switch libinput_event_get_type(event) {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            let configurable = LibinputDeviceSettings(device)
            let applied = options.apply(to: configurable)
            if !applied.isEmpty { ServerLog.logger.info("\(configurable.name): \(applied.joined(separator: ", "))") }
            return [.deviceAdded(name: configurable.name)]
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            return [.deviceRemoved(name: String(cString: libinput_device_get_name(device)))]
        case LIBINPUT_EVENT_POINTER_MOTION:
            let pointer = libinput_event_get_pointer_event(event)
            return [.pointerMotion(dx: libinput_event_pointer_get_dx(pointer), dy: libinput_event_pointer_get_dy(pointer))]
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            let pointer = libinput_event_get_pointer_event(event)
            return [.pointerMotionAbsolute(x: libinput_event_pointer_get_absolute_x_transformed(pointer, 1),
                                           y: libinput_event_pointer_get_absolute_y_transformed(pointer, 1))]
        case LIBINPUT_EVENT_POINTER_BUTTON:
            let pointer = libinput_event_get_pointer_event(event)
            return [.button(libinput_event_pointer_get_button(pointer),
                            pressed: libinput_event_pointer_get_button_state(pointer) == LIBINPUT_BUTTON_STATE_PRESSED)]
        case LIBINPUT_EVENT_POINTER_SCROLL_WHEEL:
            return scroll(event, source: .wheel)
        case LIBINPUT_EVENT_POINTER_SCROLL_FINGER:
            return scroll(event, source: .finger)
        case LIBINPUT_EVENT_POINTER_SCROLL_CONTINUOUS:
            return scroll(event, source: .continuous)
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            let keyboard = libinput_event_get_keyboard_event(event)
            return [.key(libinput_event_keyboard_get_key(keyboard),
                         pressed: libinput_event_keyboard_get_key_state(keyboard) == LIBINPUT_KEY_STATE_PRESSED)]
        case LIBINPUT_EVENT_TOUCH_DOWN:
            let touch = libinput_event_get_touch_event(event)
            return [.touchDown(slot: libinput_event_touch_get_seat_slot(touch),
                               x: libinput_event_touch_get_x_transformed(touch, 1), y: libinput_event_touch_get_y_transformed(touch, 1))]
        case LIBINPUT_EVENT_TOUCH_MOTION:
            let touch = libinput_event_get_touch_event(event)
            return [.touchMotion(slot: libinput_event_touch_get_seat_slot(touch),
                                 x: libinput_event_touch_get_x_transformed(touch, 1), y: libinput_event_touch_get_y_transformed(touch, 1))]
        case LIBINPUT_EVENT_TOUCH_UP:
            return [.touchUp(slot: libinput_event_touch_get_seat_slot(libinput_event_get_touch_event(event)))]
        case LIBINPUT_EVENT_TOUCH_CANCEL:
            return [.touchCancel]
        case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN, LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE, LIBINPUT_EVENT_GESTURE_SWIPE_END,
             LIBINPUT_EVENT_GESTURE_PINCH_BEGIN, LIBINPUT_EVENT_GESTURE_PINCH_UPDATE, LIBINPUT_EVENT_GESTURE_PINCH_END,
             LIBINPUT_EVENT_GESTURE_HOLD_BEGIN, LIBINPUT_EVENT_GESTURE_HOLD_END:
            return Self.gesture(event).map { [.gesture($0)] } ?? []
        default:
            return []
        }
    }

    /// A touchpad gesture event as the seat takes it.
    private static func gesture(_ event: OpaquePointer) -> PointerGesture? {
        let gesture = libinput_event_get_gesture_event(event)
        let fingers = UInt32(clamping: libinput_event_gesture_get_finger_count(gesture))
        let cancelled = libinput_event_gesture_get_cancelled(gesture) != 0
        let dx = libinput_event_gesture_get_dx(gesture), dy = libinput_event_gesture_get_dy(gesture)
        switch libinput_event_get_type(event) {
        case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN: return .swipeBegin(fingers: fingers)
        case LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE: return .swipeUpdate(dx: dx, dy: dy)
        case LIBINPUT_EVENT_GESTURE_SWIPE_END: return .swipeEnd(cancelled: cancelled)
        case LIBINPUT_EVENT_GESTURE_PINCH_BEGIN: return .pinchBegin(fingers: fingers)
        case LIBINPUT_EVENT_GESTURE_PINCH_UPDATE:
            return .pinchUpdate(dx: dx, dy: dy, scale: libinput_event_gesture_get_scale(gesture),
                                rotation: libinput_event_gesture_get_angle_delta(gesture))
        case LIBINPUT_EVENT_GESTURE_PINCH_END: return .pinchEnd(cancelled: cancelled)
        case LIBINPUT_EVENT_GESTURE_HOLD_BEGIN: return .holdBegin(fingers: fingers)
        case LIBINPUT_EVENT_GESTURE_HOLD_END: return .holdEnd(cancelled: cancelled)
        default: return nil
        }
    }

    private func scroll(_ event: OpaquePointer, source: InputEvent.AxisSource) -> [DeviceEvent] {
        let pointer = libinput_event_get_pointer_event(event)
        func value(_ axis: libinput_pointer_axis) -> Double {
            libinput_event_pointer_has_axis(pointer, axis) != 0 ? libinput_event_pointer_get_scroll_value(pointer, axis) : 0
        }
        // A wheel's turn, in 120ths of a notch (libinput's own unit for it).
        func value120(_ axis: libinput_pointer_axis) -> Int32 {
            guard source == .wheel, libinput_event_pointer_has_axis(pointer, axis) != 0 else { return 0 }
            return Int32(clamping: Int(libinput_event_pointer_get_scroll_value_v120(pointer, axis).rounded()))
        }
        return [.scroll(vertical: value(LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL),
                        horizontal: value(LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL), source: source,
                        verticalValue120: value120(LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL),
                        horizontalValue120: value120(LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL))]
    }

    func suspend() {
        if let context { libinput_suspend(context) }
    }

    func resume() throws {
        guard let context else { return }
        guard libinput_resume(context) == 0 else { throw DrmBackendError.input("libinput_resume failed") }
    }

    func close() {
        if let context { libinput_unref(context) }
        if let udev { udev_unref(udev) }
        context = nil
        udev = nil
    }
}

/// One libinput device's tap and natural-scrolling settings.
private final class LibinputDeviceSettings: ConfigurableInputDevice {
    private let device: OpaquePointer
    init(_ device: OpaquePointer) { self.device = device }

    var name: String { String(cString: libinput_device_get_name(device)) }
    var tapFingerCount: Int { Int(libinput_device_config_tap_get_finger_count(device)) }
    var hasNaturalScrolling: Bool { libinput_device_config_scroll_has_natural_scroll(device) != 0 }

    func setTapToClick(_ enabled: Bool) -> Bool {
        libinput_device_config_tap_set_enabled(device, enabled ? LIBINPUT_CONFIG_TAP_ENABLED : LIBINPUT_CONFIG_TAP_DISABLED)
            == LIBINPUT_CONFIG_STATUS_SUCCESS
    }

    func setNaturalScrolling(_ enabled: Bool) -> Bool {
        libinput_device_config_scroll_set_natural_scroll_enabled(device, enabled ? 1 : 0) == LIBINPUT_CONFIG_STATUS_SUCCESS
    }
}
