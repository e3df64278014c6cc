import Foundation

/// One input event for a window, as the seat glue hands it to StrataKit:
/// already in the window's coordinates (points), with a timestamp in
/// seconds on the `ProcessInfo.systemUptime` clock (CLOCK_MONOTONIC, the
/// clock of `CACurrentMediaTime()` and `UIEvent.timestamp`).
///
/// The seat glue (wl_pointer, wl_touch, wl_keyboard) produces these; the
/// event system turns them into `UITouch`/`UIEvent`, gesture recognizer
/// input and `UIPress`es. Tests feed them directly.
enum WindowInput {
    /// The pointer moved to `location` (also sent on wl_pointer.enter).
    case pointerMotion(location: CGPoint, timestamp: TimeInterval)
    /// A pointer button went down or up at the pointer's last location.
    case pointerButton(PointerButton, isPressed: Bool, timestamp: TimeInterval)
    /// The pointer left the window (wl_pointer.leave): a press in progress
    /// keeps its implicit grab in the compositor, so this comes only when
    /// no button is down, or when the compositor took the pointer away
    /// (which cancels the press).
    case pointerLeave(timestamp: TimeInterval)
    /// A wheel or touchpad scroll, in points (positive: content moves up/left,
    /// as wl_pointer.axis values). `isContinuous` is true for a touchpad
    /// (axis_source finger), false for a wheel's discrete steps.
    case scroll(delta: CGVector, isContinuous: Bool, timestamp: TimeInterval)
    /// A touchpad pinch at the pointer: its scale and rotation (radians,
    /// clockwise) since it began, as it begins, changes and ends.
    case transform(TransformPhase, scale: CGFloat, rotation: CGFloat, timestamp: TimeInterval)

    /// A finger went down; `id` is the compositor's touch id, unique while down.
    case touchDown(id: Int32, location: CGPoint, timestamp: TimeInterval)
    case touchMotion(id: Int32, location: CGPoint, timestamp: TimeInterval)
    case touchUp(id: Int32, timestamp: TimeInterval)
    /// The compositor took every touch of this window away (wl_touch.cancel).
    case touchCancel(timestamp: TimeInterval)
    /// Ends a group of touch events that belong together (wl_touch.frame):
    /// two fingers that went down in one frame began in one event.
    case touchFrame

    /// A key went down, repeated (held past the compositor's repeat delay),
    /// or went up, in the window that has keyboard focus.
    case key(KeyStroke, phase: KeyPhase, timestamp: TimeInterval)
    /// The window gained or lost keyboard focus (wl_keyboard.enter/leave).
    case keyboardFocus(Bool)
}

/// The pointer's buttons, by their Linux input codes.
enum PointerButton: Equatable {
    case primary      // BTN_LEFT
    case secondary    // BTN_RIGHT
    case middle       // BTN_MIDDLE
    case other(UInt32)

    init(linuxCode: UInt32) {
        switch linuxCode {
        case 0x110: self = .primary
        case 0x111: self = .secondary
        case 0x112: self = .middle
        default: self = .other(linuxCode)
        }
    }
}

enum KeyPhase: Equatable {
    case down
    /// The key is still held: the compositor's repeat rate says it repeats.
    case `repeat`
    case up
}

/// A key as xkbcommon resolved it with the compositor's keymap.
struct KeyStroke: Equatable {
    /// The USB HID usage (keyboard page) of the physical key, as UIKit's
    /// `UIKeyboardHIDUsage` raw value; 0 when the key has none.
    var hidUsage: Int
    /// The evdev key code (wl_keyboard.key's `key`).
    var linuxKeyCode: UInt32
    /// The xkb keysym with the current modifiers applied.
    var keysym: UInt32
    /// The text the key produces with the modifiers held (UIKey.characters).
    var characters: String
    /// The text the key produces with no modifiers held (UIKey.charactersIgnoringModifiers).
    var charactersIgnoringModifiers: String
    /// The modifiers held, in UIKeyModifierFlags' raw values.
    var modifierFlags: Int
}
