import Foundation

/// The kinds of scrolling a pan gesture recognizer accepts.
public struct UIScrollTypeMask: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A mouse wheel's steps.
    public static let discrete = UIScrollTypeMask(rawValue: 1 << 0)
    /// A touchpad's two-finger scrolling.
    public static let continuous = UIScrollTypeMask(rawValue: 1 << 1)
    public static let all: UIScrollTypeMask = [.discrete, .continuous]
}

/// A scroll (wl_pointer.axis) on its way to the pan recognizers under the pointer.
final class ScrollEvent: UIEvent {
    let delta: CGVector
    let location: CGPoint
    let isContinuous: Bool

    init(delta: CGVector, location: CGPoint, isContinuous: Bool) {
        self.delta = delta
        self.location = location
        self.isContinuous = isContinuous
        super.init(type: .scroll)
    }
}

/// As UIKit gives views the wheel and the touchpad: scrolling drives the
/// UIPanGestureRecognizers under the pointer whose allowedScrollTypesMask
/// accepts it. A scroll begins the pan; it ends when no scroll came for
/// `scrollEndDelay` (Wayland's axis_stop is not passed on).
extension UIWindow {
    static let scrollEndDelay: TimeInterval = 0.15

    func scrolled(by delta: CGVector, isContinuous: Bool, at timestamp: TimeInterval) {
        let event = ScrollEvent(delta: delta, location: input.pointerLocation, isContinuous: isContinuous)
        event.window = self
        event.timestamp = timestamp
        event.modifierFlags = input.modifierFlags
        UIApplication.shared.sendEvent(event)
    }

    func deliverScroll(_ event: ScrollEvent) {
        if input.scrollRecognizers.isEmpty {
            let kind: UIScrollTypeMask = event.isContinuous ? .continuous : .discrete
            var node = hitTest(event.location, with: event)
            while let view = node {
                for case let pan as UIPanGestureRecognizer in view.attachedGestureRecognizers
                    where pan.isEnabled && pan.acceptsTouches && pan.allowedScrollTypesMask.contains(kind) {
                    input.scrollRecognizers.append(pan)
                    involve(pan, with: nil)
                }
                node = view.superview
            }
        }
        input.scrollEndTimer?.cancel()
        input.scrollEndTimer = EventClocks.current.schedule(after: Self.scrollEndDelay) { [weak self] in
            self?.endScroll()
        }
        input.isDispatching = true
        for pan in input.scrollRecognizers where pan.acceptsTouches { pan.scroll(event) }
        input.isDispatching = false
        settleGestures()
    }

    private func endScroll() {
        let pans = input.scrollRecognizers
        input.scrollRecognizers = []
        input.isDispatching = true
        for pan in pans { pan.scrollEnded() }
        input.isDispatching = false
        settleGestures()
    }
}
