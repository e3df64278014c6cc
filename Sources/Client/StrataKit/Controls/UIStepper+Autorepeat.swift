import Foundation

/// A press on a half steps at once; with `autorepeat`, holding it steps
/// again after half a second, then every 0.2 s, and after five repeats
/// every 0.1 s, and after twenty every 0.05 s: UIKit's stepper speeds up
/// the longer it is held. The timers run on the event clock, so tests
/// drive them. Leaving the half stops the repeating; coming back resumes it.
/// A press on a disabled half (at its limit, not wrapping) does nothing.
extension UIStepper {
    static let autorepeatDelay: TimeInterval = 0.5

    /// The wait before repeat number `count` + 1 (0 is the first repeat).
    static func autorepeatInterval(afterRepeats count: Int) -> TimeInterval {
        switch count {
        case 0: return autorepeatDelay
        case 1...5: return 0.2
        case 6...20: return 0.1
        default: return 0.05
        }
    }

    func beginPress(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let direction = touch.location(in: self).x < bounds.midX ? -1 : 1
        guard canStep(direction) else { return false }
        pressedDirection = direction
        valueAtPress = currentValue
        repeatCount = 0
        updateHalves()
        stepAndSend(direction, with: event)
        scheduleRepeat()
        return true
    }

    func continuePress(_ touch: UITouch) -> Bool {
        guard let direction = pressedDirection else { return false }
        let inside = halfRect(direction).contains(touch.location(in: self))
        if inside, repeatTimer == nil {
            scheduleRepeat()
        } else if !inside, repeatTimer != nil {
            repeatTimer?.cancel()
            repeatTimer = nil
        }
        return true
    }

    func endPress(with event: UIEvent?) {
        repeatTimer?.cancel()
        repeatTimer = nil
        guard pressedDirection != nil else { return }
        pressedDirection = nil
        updateHalves()
        if !isContinuous, currentValue != valueAtPress {
            sendActions(for: .valueChanged, with: event)
        }
    }

    /// The minus half (left) or the plus half (right) of the bounds.
    func halfRect(_ direction: Int) -> CGRect {
        let half = bounds.width / 2
        return CGRect(x: direction < 0 ? 0 : half, y: 0, width: half, height: bounds.height)
    }

    private func stepAndSend(_ direction: Int, with event: UIEvent?) {
        guard step(direction), isContinuous else { return }
        sendActions(for: .valueChanged, with: event)
    }

    private func scheduleRepeat() {
        guard autorepeat, let direction = pressedDirection else { return }
        let interval = UIStepper.autorepeatInterval(afterRepeats: repeatCount)
        repeatTimer = EventClocks.current.schedule(after: interval) { [weak self] in
            guard let self, self.pressedDirection == direction, self.canStep(direction) else {
                self?.repeatTimer = nil
                return
            }
            self.repeatCount += 1
            self.stepAndSend(direction, with: nil)
            self.scheduleRepeat()
        }
    }
}
