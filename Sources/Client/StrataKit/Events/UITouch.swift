import Foundation

/// A finger on the screen, or the pointer while a button is held (the
/// pointer's press-drag-release is one touch, as on iPadOS). Touches are
/// compared by identity, as UIKit's are.
open class UITouch: Hashable {
    public enum Phase: Int, Sendable {
        case began, moved, stationary, ended, cancelled
        case regionEntered, regionMoved, regionExited
    }

    public enum TouchType: Int, Sendable {
        case direct, indirect, pencil, indirectPointer
    }

    public internal(set) var phase: Phase
    public internal(set) var timestamp: TimeInterval
    /// How many taps in a row this touch is (see `MultiTapDetector`).
    public internal(set) var tapCount: Int
    public let type: TouchType
    /// The view hit-tested when the touch began; it keeps the touch for its life.
    public internal(set) var view: UIView?
    public internal(set) weak var window: UIWindow?
    /// The recognizers receiving this touch: those of its view and of the view's ancestors.
    public internal(set) var gestureRecognizers: [UIGestureRecognizer]? = []

    /// The seat reports no pressure or contact shape: UIKit's values for
    /// hardware without them.
    public var force: CGFloat { 0 }
    public var maximumPossibleForce: CGFloat { 0 }
    public var majorRadius: CGFloat { 0 }
    public var majorRadiusTolerance: CGFloat { 0 }

    /// In the window's coordinates.
    var locationInWindow: CGPoint
    var previousLocationInWindow: CGPoint
    /// Where the touch began, in the window.
    let initialLocationInWindow: CGPoint
    /// How far the touch's view has been told about it (UIWindow+TouchDelivery.swift).
    var viewDelivery: ViewDelivery = .none
    /// Set once the event in which the touch ended or was cancelled was handled.
    var isGone = false

    init(type: TouchType, location: CGPoint, timestamp: TimeInterval, tapCount: Int, window: UIWindow) {
        self.type = type
        self.phase = .began
        self.timestamp = timestamp
        self.tapCount = tapCount
        self.window = window
        locationInWindow = location
        previousLocationInWindow = location
        initialLocationInWindow = location
    }

    /// The location in `view`'s coordinates (nil: the window's).
    open func location(in view: UIView?) -> CGPoint {
        convert(locationInWindow, to: view)
    }

    open func previousLocation(in view: UIView?) -> CGPoint {
        convert(previousLocationInWindow, to: view)
    }

    private func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        guard let view, let window else { return point }
        return view.convert(point, from: window)
    }

    /// Whether the touch is over: ended or cancelled.
    var isFinished: Bool { phase == .ended || phase == .cancelled }

    public static func == (lhs: UITouch, rhs: UITouch) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// How far a touch's view has been told about it. Gesture recognizers can
/// hold back touchesBegan (delaysTouchesBegan) and touchesEnded
/// (delaysTouchesEnded), and cancel the view's touches when they recognize.
enum ViewDelivery {
    /// The view has not been sent anything (yet, or ever).
    case none
    /// touchesBegan is held by a recognizer that delays it.
    case beganHeld
    /// The view has the touch.
    case delivered
    /// The touch ended; touchesEnded is held by a recognizer that delays it.
    case endHeld
    /// The view got touchesEnded or touchesCancelled, or will never hear of the touch.
    case finished
}
