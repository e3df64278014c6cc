import Foundation

/// Counts taps in a row: a touch that begins soon after the previous one
/// ended, close to where it ended, continues its series (`UITouch.tapCount`).
struct MultiTapDetector {
    /// The longest pause between taps of one series; UIKit's double-tap
    /// interval is about a third of a second.
    static let maximumInterval: TimeInterval = 0.35
    /// How far from the previous tap the next may land: the 44-point
    /// minimum touch target of Apple's Human Interface Guidelines.
    static let maximumDistance: CGFloat = 44

    private var lastTap: (location: CGPoint, timestamp: TimeInterval, tapCount: Int)?

    func tapCount(at location: CGPoint, timestamp: TimeInterval) -> Int {
        guard let lastTap, timestamp - lastTap.timestamp <= Self.maximumInterval,
              hypot(location.x - lastTap.location.x, location.y - lastTap.location.y) <= Self.maximumDistance
        else { return 1 }
        return lastTap.tapCount + 1
    }

    /// Notes a finished touch; a cancelled one breaks the series.
    mutating func touchFinished(_ touch: UITouch) {
        lastTap = touch.phase == .ended ? (touch.locationInWindow, touch.timestamp, touch.tapCount) : nil
    }
}
