import Foundation

/// The state machine and the arbitration between recognizers of one touch
/// sequence: a recognizer leaving .possible waits for those it requires to
/// fail, asks its delegate and view, fails if a running rival prevents it,
/// and once it begins (or recognizes) makes its rivals fail unless they may
/// recognize simultaneously.
extension UIGestureRecognizer {
    func transition(to newState: State) {
        if pendingState != nil {
            // Still waiting for others to fail: keep the latest wish.
            if newState == .failed || newState == .cancelled {
                pendingState = nil
                settle(in: .failed)
            } else if newState != .possible {
                pendingState = newState == .changed ? .began : newState
            }
            return
        }
        switch (state, newState) {
        case (.possible, .began), (.possible, .ended):
            begin(newState)
        case (.possible, .failed), (.possible, .cancelled):
            settle(in: .failed)
        case (.began, .changed), (.changed, .changed), (.began, .ended), (.changed, .ended),
             (.began, .cancelled), (.changed, .cancelled):
            settle(in: newState)
        default:
            // From a final state nothing but reset leads back to .possible.
            break
        }
    }

    private func begin(_ newState: State) {
        if isAwaitingFailure {
            pendingState = newState
            return
        }
        // The views asked are the recognizer's and those of its touches (a
        // slider vetoes its ancestors' swipes that start on it).
        var views = view.map { [$0] } ?? []
        for touchView in trackedTouches.compactMap(\.view) where !views.contains(where: { $0 === touchView }) {
            views.append(touchView)
        }
        let shouldBegin = (delegate?.gestureRecognizerShouldBegin(self) ?? true)
            && views.allSatisfy { $0.gestureRecognizerShouldBegin(self) }
        guard shouldBegin, !rivals.contains(where: { isPrevented(by: $0) }) else { return settle(in: .failed) }
        storedState = newState
        // A rival that must wait for this one fails; others fail only if
        // this one may prevent them (canPrevent/canBePrevented, as UIKit asks).
        for rival in rivals where rival.state == .possible
            && (rival.requiresFailure(of: self)
                || (!canRecognizeSimultaneously(with: rival) && canPrevent(rival) && rival.canBePrevented(by: self))) {
            rival.transition(to: .failed)
        }
        if cancelsTouchesInView { arenaWindow?.cancelViewTouches(of: self) }
        sendActions()
        arenaWindow?.gestureStateDidChange()
    }

    private func settle(in newState: State) {
        storedState = newState
        if newState == .failed {
            for rival in rivals where rival.pendingState != nil { rival.retryPendingState() }
        } else {
            sendActions()
        }
        arenaWindow?.gestureStateDidChange()
    }

    /// A recognizer this one waited for failed: try again to leave .possible.
    private func retryPendingState() {
        guard let pending = pendingState, !isAwaitingFailure else { return }
        pendingState = nil
        begin(pending)
    }

    private func sendActions() {
        targetActions.removeAll(where: \.isOrphaned)
        for pair in targetActions {
            if let target = pair.target { _ = pair.action.perform(target, self, nil) }
        }
    }

    /// Back to .possible once finished, its touches gone: timers stop,
    /// touches are forgotten, then the subclass's reset().
    func performReset() {
        for timer in timers { timer.cancel() }
        timers = []
        for touch in trackedTouches { touch.gestureRecognizers?.removeAll { $0 === self } }
        trackedTouches = []
        storedState = .possible
        pendingState = nil
        arenaWindow = nil
        reset()
    }

    // MARK: Arbitration

    /// The other recognizers of the window's current sequence.
    private var rivals: [UIGestureRecognizer] {
        (arenaWindow?.input.involvedRecognizers ?? []).filter { $0 !== self }
    }

    private var isAwaitingFailure: Bool {
        let required = failureRequirements.compactMap(\.recognizer) + rivals
        return required.contains { $0 !== self && $0.isInvolved && $0.state == .possible && requiresFailure(of: $0) }
    }

    func requiresFailure(of other: UIGestureRecognizer) -> Bool {
        failureRequirements.contains { $0.recognizer === other }
            || shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: self)
            || delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true
    }

    func canRecognizeSimultaneously(with other: UIGestureRecognizer) -> Bool {
        delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
    }

    /// A rival that already began or recognized keeps this one from starting.
    private func isPrevented(by rival: UIGestureRecognizer) -> Bool {
        [.began, .changed, .ended].contains(rival.state) && !canRecognizeSimultaneously(with: rival)
            && rival.canPrevent(self) && canBePrevented(by: rival)
    }
}
