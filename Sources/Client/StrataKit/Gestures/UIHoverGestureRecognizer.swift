import Foundation

/// The pointer hovering over a view (UIKit: "interprets pointer movement
/// over a view"): it begins when the pointer, with no button down, comes
/// over the view, changes as it moves there, and ends when the pointer
/// leaves the view or the window. It takes no touches; the window feeds it
/// wl_pointer motion (`UIWindow+Hover`).
open class UIHoverGestureRecognizer: UIGestureRecognizer {
    /// Where the pointer is, in the window.
    var hoverLocation = CGPoint.zero

    open override func location(in view: UIView?) -> CGPoint {
        windowPoint(hoverLocation, in: view)
    }

    /// The pointer moved over the view (it may have just come in).
    func pointerHovered(at location: CGPoint, in window: UIWindow) {
        hoverLocation = location
        switch state {
        case .possible: state = .began
        case .began, .changed: state = .changed
        default: break  // refused (or cancelled) until the pointer leaves
        }
    }

    /// The pointer left the view: the hover ends, and the recognizer is ready for the next.
    func pointerLeft() {
        if state == .began || state == .changed { state = .ended }
        performReset()
    }
}
