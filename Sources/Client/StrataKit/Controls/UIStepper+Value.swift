import Foundation

/// The stepper's range and steps. UIKit raises NSInvalidArgumentException
/// for a `minimumValue` at or above `maximumValue`, a `maximumValue` at or
/// below `minimumValue`, and a `stepValue` of 0 or less; Swift cannot catch
/// that, so StrataKit ignores such a setting and keeps the old value.
/// A valid new range clamps `value` into it.
extension UIStepper {
    func setRange(minimum newMinimum: Double, maximum newMaximum: Double) {
        guard newMinimum < newMaximum, newMinimum.isFinite, newMaximum.isFinite else { return }
        minimum = newMinimum
        maximum = newMaximum
        currentValue = clamped(currentValue)
        updateHalves()
    }

    func clamped(_ value: Double) -> Double {
        guard !value.isNaN else { return minimum }
        return min(max(value, minimum), maximum)
    }

    /// Whether the half that steps in `direction` (-1 or +1) can step:
    /// always when wrapping, otherwise while the value is short of its end.
    func canStep(_ direction: Int) -> Bool {
        if wraps { return true }
        return direction > 0 ? currentValue < maximum : currentValue > minimum
    }

    /// One step in `direction`. UIKit's `wraps`: "If true, incrementing
    /// beyond maximumValue sets value to minimumValue; likewise,
    /// decrementing below minimumValue sets value to maximumValue. If
    /// false, the stepper doesn't increment beyond maximumValue nor does it
    /// decrement below minimumValue but, instead, the value remains
    /// unchanged." Without wrapping, a step that would overshoot lands on the
    /// end (at the end, the value stays).
    /// Returns whether the value changed.
    @discardableResult
    func step(_ direction: Int) -> Bool {
        let old = currentValue
        let next = currentValue + Double(direction) * step
        if next > maximum {
            currentValue = wraps ? minimum : maximum
        } else if next < minimum {
            currentValue = wraps ? maximum : minimum
        } else {
            currentValue = next
        }
        updateHalves()
        return currentValue != old
    }
}
