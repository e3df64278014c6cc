import StrataProtocol

/// One input event, as every source reports it to `Seat.handle(_:)`:
/// backends, the control socket (`strata input`) and test harnesses.
/// Positions are absolute, in output points; the seat finds the window.
/// Each event is a whole group: the seat ends it with the protocol's
/// `frame` event itself.
public enum InputEvent: Equatable, Sendable {
    /// The pointer moved to this point on the output.
    case pointerMotion(Point)
    /// A button (Linux code: `PointerButton.left` is BTN_LEFT, 0x110) went down or up.
    case pointerButton(UInt32, ButtonState)
    /// Scrolling, in points (positive: down / right), and for a wheel how
    /// far it turned on each axis in 120ths of a notch (wl_pointer's
    /// value120; a high-resolution wheel turns by less), if known.
    case pointerAxis(vertical: Double, horizontal: Double, source: AxisSource, verticalValue120: Int32 = 0, horizontalValue120: Int32 = 0)
    /// Fingers left a touchpad: scrolling stops on these axes (kinetic scrolling may start).
    case pointerAxisStop(vertical: Bool, horizontal: Bool)
    /// A key (evdev keycode, as in linux/input-event-codes.h: KEY_A is 30) went down or up.
    case key(UInt32, ButtonState)
    /// A touch point, identified by `id` until it goes up, touched the output.
    case touchDown(id: Int32, Point)
    case touchMotion(id: Int32, Point)
    case touchUp(id: Int32)
    /// The touch session was taken over (a gesture recognized elsewhere): every point is gone.
    case touchCancel
    /// A step of a touchpad's swipe, pinch or hold, for the client with the pointer.
    case pointerGesture(PointerGesture)

    public enum ButtonState: Equatable, Sendable {
        case pressed, released
    }

    /// wl_pointer.axis_source.
    public enum AxisSource: UInt32, Equatable, Sendable {
        case wheel = 0, finger = 1, continuous = 2, wheelTilt = 3
    }
}

/// Linux button codes (linux/input-event-codes.h), as wl_pointer.button carries them.
public enum PointerButton {
    public static let left: UInt32 = 0x110
    public static let right: UInt32 = 0x111
    public static let middle: UInt32 = 0x112

    /// `left`, `right` or `middle`.
    public static func named(_ name: String) -> UInt32? {
        switch name {
        case "left": return left
        case "right": return right
        case "middle": return middle
        default: return nil
        }
    }
}
