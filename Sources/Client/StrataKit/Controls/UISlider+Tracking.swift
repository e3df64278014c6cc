import Foundation

/// Dragging the thumb. As in UIKit, only a touch that begins on the thumb
/// (or near it) moves it: a tap elsewhere on the track does not jump the
/// value. The thumb keeps its offset from the finger; `.valueChanged` is
/// sent at each change while continuous, else once at the release if the
/// value changed.
extension UISlider {
    /// How far around the thumb a touch still takes it, for fingers.
    static let thumbTouchMargin: CGFloat = 10

    func beginDrag(_ touch: UITouch) -> Bool {
        let thumbFrame = currentThumbRect
        let location = touch.location(in: self)
        let margin = UISlider.thumbTouchMargin
        guard thumbFrame.insetBy(dx: -margin, dy: -margin).contains(location) else { return false }
        dragOffset = thumbFrame.midX - location.x
        valueAtTrackingStart = value
        return true
    }

    func continueDrag(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let before = value
        updateValue(value(forThumbCenterX: touch.location(in: self).x + dragOffset), animated: false)
        if isContinuous, value != before { sendActions(for: .valueChanged, with: event) }
        return true
    }

    /// At the release (or a cancel): a non-continuous slider sends its one
    /// `.valueChanged` now.
    func endDrag(_ touch: UITouch?, with event: UIEvent?) {
        if let touch { _ = continueDrag(touch, with: event) }
        if !isContinuous, value != valueAtTrackingStart { sendActions(for: .valueChanged, with: event) }
    }

    /// The inverse of `thumbRect(forBounds:trackRect:value:)`.
    func value(forThumbCenterX x: CGFloat) -> Float {
        let track = trackRect(forBounds: bounds)
        let travel = track.width - UISlider.thumbSide
        guard travel > 0 else { return minimumValue }
        let fraction = Float(min(max((x - track.minX - UISlider.thumbSide / 2) / travel, 0), 1))
        return minimumValue + fraction * (maximumValue - minimumValue)
    }

    var currentThumbRect: CGRect {
        thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: value)
    }
}
