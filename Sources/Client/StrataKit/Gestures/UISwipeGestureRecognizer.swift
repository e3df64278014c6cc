import Foundation

/// A discrete swipe: the touches move `minimumDistance` points in one of
/// the allowed directions (mostly along it) within `maximumDuration`.
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    public struct Direction: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    open var direction: Direction = .right
    open var numberOfTouchesRequired = 1

    static let minimumDistance: CGFloat = 50
    static let maximumDuration: TimeInterval = 0.5

    private var start: CGPoint?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        let down = liveTouches
        if down.count > numberOfTouchesRequired { return state = .failed }
        guard down.count == numberOfTouchesRequired else { return }
        start = centroid(of: down)
        scheduleTimer(after: Self.maximumDuration) { [weak self] in
            if self?.state == .possible { self?.state = .failed }
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let start else { return }
        let now = centroid(of: liveTouches)
        let dx = now.x - start.x, dy = now.y - start.y
        let along = max(abs(dx), abs(dy)), across = min(abs(dx), abs(dy))
        guard along >= Self.minimumDistance else { return }
        let moved: Direction = abs(dx) >= abs(dy) ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)
        state = direction.contains(moved) && along >= 2 * across ? .recognized : .failed
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed }
    }

    open override func reset() {
        super.reset()
        start = nil
    }
}
