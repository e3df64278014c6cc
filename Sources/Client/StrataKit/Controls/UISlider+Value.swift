import Foundation

/// The value and its range. UIKit, `value`: "If you try to set a value that
/// is below the minimum or above the maximum value, the minimum or maximum
/// value is set instead." `minimumValue`: "If you change the value of this
/// property, and the current value of the slider is below the new minimum
/// value, the slider adjusts the value property to match the new minimum
/// value" (and `maximumValue` likewise). A minimum above the maximum moves
/// the maximum up to it, and the other way round, so the range stays valid.
extension UISlider {
    func updateValue(_ newValue: Float, animated: Bool) {
        let clamped = clamp(newValue)
        guard clamped != storedValue else { return }
        storedValue = clamped
        if animated {
            UIView.animate(withDuration: UISlider.valueAnimationDuration, delay: 0,
                           options: [.curveEaseInOut, .beginFromCurrentState], animations: { self.layoutParts() })
        } else {
            UIView.performWithoutAnimation { layoutParts() }
        }
    }

    func setMinimumValue(_ minimum: Float) {
        guard minimum.isFinite else { return }
        storedMinimumValue = minimum
        if storedMaximumValue < minimum { storedMaximumValue = minimum }
        rangeDidChange()
    }

    func setMaximumValue(_ maximum: Float) {
        guard maximum.isFinite else { return }
        storedMaximumValue = maximum
        if storedMinimumValue > maximum { storedMinimumValue = maximum }
        rangeDidChange()
    }

    /// Within the range; NaN, which has no place in it, is the minimum.
    func clamp(_ value: Float) -> Float {
        guard !value.isNaN else { return storedMinimumValue }
        return min(max(value, storedMinimumValue), storedMaximumValue)
    }

    private func rangeDidChange() {
        storedValue = clamp(storedValue)
        setNeedsLayout()
    }
}
