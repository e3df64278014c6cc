import Foundation

/// What a window is in the middle of: the pointer, the touches still down,
/// the touch frame being gathered, gestures, the keys held.
final class WindowInputState {
    // MARK: Pointer

    var pointerLocation = CGPoint.zero
    var pressedButtons: UIEvent.ButtonMask = []
    /// The touch of a press-drag-release in progress.
    var pointerTouch: UITouch?

    // MARK: Touches

    /// Every touch still down (pointer and fingers), in the order they began.
    var touches: [UITouch] = []
    /// Fingers by their compositor ids.
    var fingers: [Int32: UITouch] = [:]
    /// Finger touches changed since the last wl_touch.frame, in order.
    var touchFrame: [UITouch] = []
    var tapDetectors: [UITouch.TouchType: MultiTapDetector] = [:]
    let touchesEvent = UIEvent(type: .touches)
    /// Touches whose view has a touchesBegan or touchesEnded held by a recognizer.
    var heldTouches: [UITouch] = []

    // MARK: Gestures

    /// Recognizers that received touches or scrolls and were not reset yet,
    /// in the order they joined (the hit view's first).
    var involvedRecognizers: [UIGestureRecognizer] = []
    /// While true, state changes wait for the end of the dispatch to settle.
    var isDispatching = false
    /// The pan recognizers of the scroll in progress, and the timer that ends it.
    var scrollRecognizers: [UIPanGestureRecognizer] = []
    var scrollEndTimer: EventTimer?
    /// The pinch and rotation recognizers of the touchpad pinch in progress.
    var transformRecognizers: [UIGestureRecognizer] = []
    /// The hover recognizers under the pointer (Gestures/UIWindow+Hover.swift).
    var hoverRecognizers: [UIHoverGestureRecognizer] = []

    // MARK: Keyboard

    /// The keys held, by evdev code.
    var presses: [UInt32: UIPress] = [:]
    var modifierFlags: UIKeyModifierFlags = []

    // MARK: Menus

    /// The menu shown in the window, which sees input first (Menus/).
    var menuGrab: MenuInputGrab?
}
