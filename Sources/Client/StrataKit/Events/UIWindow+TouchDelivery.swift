import Foundation

/// UIWindow.sendEvent(_:) for touches, in UIKit's order: the gesture
/// recognizers of the touch's view and of its ancestors see each touch
/// first, then the view, unless a recognizer delays or cancels it.
extension UIWindow {
    func deliverTouches(_ event: UIEvent) {
        let changed = event.touches.filter { $0.phase != .stationary && $0.window === self }
        for touch in changed where touch.phase == .began { attach(touch, with: event) }
        for recognizer in input.involvedRecognizers {
            let touches = changed.filter { touch in touch.gestureRecognizers?.contains { $0 === recognizer } ?? false }
            if !touches.isEmpty { recognizer.receive(touches, with: event) }
        }
        var calls = ViewTouchCalls()
        for touch in changed { advanceViewDelivery(of: touch, into: &calls) }
        calls.send(with: event)
    }

    /// Binds a new touch to the recognizers that want it, unless an
    /// exclusive-touch view keeps it from the window (it then belongs to no view).
    private func attach(_ touch: UITouch, with event: UIEvent) {
        guard let view = touch.view else { return }
        let others = input.touches.filter { $0 !== touch && !$0.isFinished && $0.view != nil }
        let excluded = others.contains { $0.view !== view && ($0.view!.isExclusiveTouch || view.isExclusiveTouch) }
        guard !excluded else {
            touch.view = nil
            return
        }
        var node: UIView? = view
        var recognizers: [UIGestureRecognizer] = []
        while let current = node {
            recognizers += current.attachedGestureRecognizers.filter { $0.accepts(touch) }
            node = current.superview
        }
        touch.gestureRecognizers = recognizers
        for recognizer in recognizers { involve(recognizer, with: touch) }
    }

    /// Moves the view's side of a touch on after the touch changed, holding
    /// back what the touch's recognizers delay.
    private func advanceViewDelivery(of touch: UITouch, into calls: inout ViewTouchCalls) {
        switch (touch.phase, touch.viewDelivery) {
        case (.began, .none):
            guard let view = touch.view else { return touch.viewDelivery = .finished }
            // A view that is not multiple-touch enabled gets only its first touch.
            let viewHasTouch = input.touches.contains {
                $0 !== touch && $0.view === view && [.beganHeld, .delivered, .endHeld].contains($0.viewDelivery)
            }
            if viewHasTouch && !view.isMultipleTouchEnabled {
                touch.viewDelivery = .finished
            } else if touch.isHeld(by: \.delaysTouchesBegan) {
                hold(touch, as: .beganHeld)
            } else {
                touch.viewDelivery = .delivered
                calls.add(touch, phase: .began)
            }
        case (.moved, .delivered):
            calls.add(touch, phase: .moved)
        case (.ended, .delivered):
            if touch.isHeld(by: \.delaysTouchesEnded) {
                hold(touch, as: .endHeld)
            } else {
                touch.viewDelivery = .finished
                calls.add(touch, phase: .ended)
            }
        case (.cancelled, .delivered), (.cancelled, .endHeld):
            touch.viewDelivery = .finished
            calls.add(touch, phase: .cancelled)
        case (.cancelled, _):
            touch.viewDelivery = .finished
        default:
            break
        }
    }

    private func hold(_ touch: UITouch, as delivery: ViewDelivery) {
        touch.viewDelivery = delivery
        if !input.heldTouches.contains(touch) { input.heldTouches.append(touch) }
    }

    /// Sends the views what recognizers stopped holding (they failed, or
    /// recognized without cancelling touches in the view).
    func releaseHeldTouches() {
        var calls = ViewTouchCalls()
        for touch in input.heldTouches {
            if touch.viewDelivery == .beganHeld, !touch.isHeld(by: \.delaysTouchesBegan) {
                touch.viewDelivery = .delivered
                calls.add(touch, phase: .began)
                if touch.isFinished { advanceViewDelivery(of: touch, into: &calls) }
            }
            if touch.viewDelivery == .endHeld, !touch.isHeld(by: \.delaysTouchesEnded) {
                touch.viewDelivery = .finished
                calls.add(touch, phase: .ended)
            }
        }
        input.heldTouches.removeAll { $0.viewDelivery != .beganHeld && $0.viewDelivery != .endHeld }
        calls.send(with: input.touchesEvent)
    }

    /// A recognizer with cancelsTouchesInView recognized: the views of its
    /// touches get touchesCancelled and hear nothing more of them.
    func cancelViewTouches(of recognizer: UIGestureRecognizer) {
        var calls = ViewTouchCalls()
        for touch in recognizer.trackedTouches {
            if touch.viewDelivery == .delivered || touch.viewDelivery == .endHeld { calls.add(touch, phase: .cancelled) }
            touch.viewDelivery = .finished
        }
        input.heldTouches.removeAll { $0.viewDelivery == .finished }
        calls.send(with: input.touchesEvent)
    }
}

extension UITouch {
    /// Whether one of the touch's recognizers that is still deciding holds
    /// this phase back from the view.
    func isHeld(by delays: KeyPath<UIGestureRecognizer, Bool>) -> Bool {
        gestureRecognizers?.contains { $0[keyPath: delays] && $0.state == .possible } ?? false
    }
}

/// The touches methods to call on views, grouped by view, sent began first,
/// then moved, ended and cancelled.
private struct ViewTouchCalls {
    private var calls: [UITouch.Phase: [(view: UIView, touches: Set<UITouch>)]] = [:]

    mutating func add(_ touch: UITouch, phase: UITouch.Phase) {
        guard let view = touch.view else { return }
        var group = calls[phase, default: []]
        if let index = group.firstIndex(where: { $0.view === view }) {
            group[index].touches.insert(touch)
        } else {
            group.append((view, [touch]))
        }
        calls[phase] = group
    }

    func send(with event: UIEvent) {
        for (view, touches) in calls[.began] ?? [] { view.touchesBegan(touches, with: event) }
        for (view, touches) in calls[.moved] ?? [] { view.touchesMoved(touches, with: event) }
        for (view, touches) in calls[.ended] ?? [] { view.touchesEnded(touches, with: event) }
        for (view, touches) in calls[.cancelled] ?? [] { view.touchesCancelled(touches, with: event) }
    }
}
