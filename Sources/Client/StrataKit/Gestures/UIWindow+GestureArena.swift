import Foundation

/// The recognizers taking part in a window's current touch sequence (or
/// scroll): who joins, and when they return to .possible.
extension UIWindow {
    func involve(_ recognizer: UIGestureRecognizer, with touch: UITouch?) {
        if let touch { recognizer.trackedTouches.append(touch) }
        guard recognizer.arenaWindow !== self else { return }
        recognizer.arenaWindow = self
        input.involvedRecognizers.append(recognizer)
    }

    /// A recognizer changed state: views get what it no longer holds back,
    /// and outside a dispatch the arena settles now (a timer fired).
    func gestureStateDidChange() {
        releaseHeldTouches()
        if !input.isDispatching { settleGestures() }
    }

    /// After each event: a recognizer still deciding with its touches gone
    /// and nothing scheduled can no longer recognize, so it fails; finished
    /// recognizers whose touches are gone are reset.
    func settleGestures() {
        input.isDispatching = true
        defer { input.isDispatching = false }
        let isDone: (UIGestureRecognizer) -> Bool = { recognizer in
            recognizer.trackedTouches.allSatisfy(\.isGone)
                && !self.input.scrollRecognizers.contains { $0 === recognizer }
                && !self.input.transformRecognizers.contains { $0 === recognizer }
        }
        for recognizer in input.involvedRecognizers where recognizer.state == .possible && recognizer.pendingState == nil
            && !recognizer.hasPendingTimers && isDone(recognizer) {
            recognizer.state = .failed
        }
        let finished = input.involvedRecognizers.filter {
            [.ended, .cancelled, .failed].contains($0.state) && isDone($0)
        }
        input.involvedRecognizers.removeAll { recognizer in finished.contains { $0 === recognizer } }
        for recognizer in finished { recognizer.performReset() }
    }
}
