import Foundation

/// A pan that starts at an edge of the window (UIKit: "looks for panning
/// (dragging) gestures that start near an edge of the screen"), as the
/// swipe back of a navigation controller does. It fails at once if the
/// first touches land farther than `edgeZone` points from every edge in
/// `edges`, and fails if they then move along the edge rather than away
/// from it; otherwise it is a pan.
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The edges it watches; none by default, so it recognizes nothing until set.
    open var edges: UIRectEdge = []

    /// How far from an edge a touch may land and still start the pan.
    static let edgeZone: CGFloat = 20

    /// The window edges the current touches started at, and where they went down.
    private var startEdges: UIRectEdge = []
    private var startCentroid = CGPoint.zero

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible && startEdges.isEmpty {
            startEdges = edges.intersection(edgesNear(touches))
            guard !startEdges.isEmpty else {
                state = .failed
                return
            }
            startCentroid = centroid(of: Array(touches))
        }
        super.touchesBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible {
            let now = centroid(of: liveTouches)
            let dx = now.x - startCentroid.x, dy = now.y - startCentroid.y
            if hypot(dx, dy) > UIGestureRecognizer.hysteresis && !movesAway(dx: dx, dy: dy) {
                state = .failed
                return
            }
        }
        super.touchesMoved(touches, with: event)
    }

    open override func reset() {
        super.reset()
        startEdges = []
    }

    /// The window edges within `edgeZone` of every one of `touches`.
    private func edgesNear(_ touches: Set<UITouch>) -> UIRectEdge {
        var near: UIRectEdge = .all
        for touch in touches {
            guard let bounds = touch.window?.bounds else { return [] }
            let point = touch.locationInWindow
            var touchEdges: UIRectEdge = []
            if point.x - bounds.minX <= Self.edgeZone { touchEdges.insert(.left) }
            if bounds.maxX - point.x <= Self.edgeZone { touchEdges.insert(.right) }
            if point.y - bounds.minY <= Self.edgeZone { touchEdges.insert(.top) }
            if bounds.maxY - point.y <= Self.edgeZone { touchEdges.insert(.bottom) }
            near.formIntersection(touchEdges)
        }
        return near
    }

    /// Whether a move of (dx, dy) leads mostly away from one of the start edges.
    private func movesAway(dx: CGFloat, dy: CGFloat) -> Bool {
        (startEdges.contains(.left) && dx > abs(dy)) || (startEdges.contains(.right) && -dx > abs(dy))
            || (startEdges.contains(.top) && dy > abs(dx)) || (startEdges.contains(.bottom) && -dy > abs(dx))
    }
}
