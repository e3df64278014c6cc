/// What an input device reports, before it is placed on the output:
/// relative motion, positions as fractions of the device's area, Linux codes.
enum DeviceEvent: Equatable, Sendable {
    case deviceAdded(name: String)
    case deviceRemoved(name: String)
    /// A mouse or touchpad moved by this much (pixels, libinput's accelerated deltas).
    case pointerMotion(dx: Double, dy: Double)
    /// A tablet or absolute pointer at this fraction (0…1) of the output.
    case pointerMotionAbsolute(x: Double, y: Double)
    case button(UInt32, pressed: Bool)
    /// Scrolling, positive down / right; a wheel's value is 15 per notch,
    /// and its turn in 120ths of a notch (high-resolution wheels turn by less).
    case scroll(vertical: Double, horizontal: Double, source: InputEvent.AxisSource,
                verticalValue120: Int32 = 0, horizontalValue120: Int32 = 0)
    case key(UInt32, pressed: Bool)
    /// Touchscreen points at fractions (0…1) of the output.
    case touchDown(slot: Int32, x: Double, y: Double)
    case touchMotion(slot: Int32, x: Double, y: Double)
    case touchUp(slot: Int32)
    case touchCancel
    /// A touchpad's swipe, pinch or hold step (deltas in libinput's accelerated pixels).
    case gesture(PointerGesture)
}

/// How touchpads are set up (`strata run --touchpad-tap --natural-scrolling`).
public struct InputDeviceOptions: Equatable, Sendable {
    /// A tap is a click (libinput leaves it off by default).
    public var tapToClick = false
    /// Content follows the fingers, as on a phone.
    public var naturalScrolling = false
    public init(tapToClick: Bool = false, naturalScrolling: Bool = false) {
        (self.tapToClick, self.naturalScrolling) = (tapToClick, naturalScrolling)
    }
}

/// The seat's input devices (libinput over udev): a readable fd and the
/// events of every keyboard, mouse, touchpad and touchscreen.
/// `LibinputDevices` is the real one; tests use a fake.
protocol InputDevices: AnyObject {
    var fileDescriptor: Int32 { get }
    /// Reads what the devices reported since the last call, hotplug included.
    func readEvents() -> [DeviceEvent]
    /// Closes every device (the session is switched away from).
    func suspend()
    /// Opens them again.
    func resume() throws
    func close()
}
