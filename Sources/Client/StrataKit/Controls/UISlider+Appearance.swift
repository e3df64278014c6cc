import Foundation

/// The slider's parts: the track split at the thumb's center into the
/// minimum track (left) and the maximum track (right), and the thumb.
/// A value change moves frames only, so `setValue(_:animated:)` is played
/// by the compositor.
extension UISlider {
    static let height: CGFloat = 31
    static let trackHeight: CGFloat = 4
    static let thumbSide: CGFloat = 28
    static let valueAnimationDuration: TimeInterval = 0.3
    /// UIKit's systemFill-like gray of the track right of the thumb.
    static let defaultMaximumTrackColor = UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.2)
    static let thumbOutlineColor = UIColor(white: 0, alpha: 0.12)

    func layoutParts() {
        let track = trackRect(forBounds: bounds)
        let thumbFrame = thumbRect(forBounds: bounds, trackRect: track, value: value)
        let split = min(max(thumbFrame.midX, track.minX), track.maxX)
        minimumTrack.frame = CGRect(x: track.minX, y: track.minY, width: split - track.minX, height: track.height)
        maximumTrack.frame = CGRect(x: split, y: track.minY, width: track.maxX - split, height: track.height)
        thumb.frame = thumbFrame
    }

    func updateColors() {
        minimumTrack.fillColor = minimumTrackTintColor ?? tintColor
        maximumTrack.fillColor = maximumTrackTintColor ?? UISlider.defaultMaximumTrackColor
        thumb.fillColor = thumbTintColor ?? .white
    }
}
