import Foundation

/// The switch's parts: an off track (a pale fill), an on track in
/// `onTintColor` over it that fades in when on, and the thumb, inset 2
/// points from the track's ends. Moving between the two states changes only
/// frames and an alpha, so an animated toggle is played by the compositor.
extension UISwitch {
    /// UIKit's systemFill, the off track.
    static let offTrackColor = UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.16)
    static let thumbOutlineColor = UIColor(white: 0, alpha: 0.12)
    static let thumbInset: CGFloat = 2
    static let toggleDuration: TimeInterval = 0.25

    func layoutParts() {
        let track = CGRect(origin: .zero, size: UISwitch.switchSize)
        offTrack.frame = track
        onTrack.frame = track
        let shownOn = thumbShowsOn ?? on
        onTrack.alpha = shownOn ? 1 : 0
        thumb.frame = thumbFrame(on: shownOn, in: track)
    }

    /// At the left end when off, at the right end when on.
    func thumbFrame(on: Bool, in track: CGRect) -> CGRect {
        let inset = UISwitch.thumbInset
        let side = track.height - 2 * inset
        let x = on ? track.maxX - inset - side : track.minX + inset
        return CGRect(x: x, y: track.minY + inset, width: side, height: side)
    }

    /// Moves the parts to show the state (or the side a drag holds), sliding.
    func slideParts() {
        UIView.animate(withDuration: UISwitch.toggleDuration, delay: 0, options: [.curveEaseInOut, .beginFromCurrentState],
                       animations: { self.layoutParts() })
    }

    func updateColors() {
        onTrack.fillColor = onTintColor ?? .systemGreen
        thumb.fillColor = thumbTintColor ?? .white
    }
}
