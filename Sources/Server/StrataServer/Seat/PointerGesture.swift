/// A touchpad gesture as libinput recognizes it, step by step: a swipe or
/// a pinch begins with its fingers, updates, and ends (cancelled when the
/// fingers did something else after all); a hold only begins and ends.
/// Deltas are in points; a pinch's scale is relative to where the fingers
/// began, its rotation in degrees clockwise since the previous update.
public enum PointerGesture: Equatable, Sendable {
    case swipeBegin(fingers: UInt32)
    case swipeUpdate(dx: Double, dy: Double)
    case swipeEnd(cancelled: Bool)
    case pinchBegin(fingers: UInt32)
    case pinchUpdate(dx: Double, dy: Double, scale: Double, rotation: Double)
    case pinchEnd(cancelled: Bool)
    case holdBegin(fingers: UInt32)
    case holdEnd(cancelled: Bool)

    public enum Kind: Equatable, Sendable { case swipe, pinch, hold }

    public var kind: Kind {
        switch self {
        case .swipeBegin, .swipeUpdate, .swipeEnd: return .swipe
        case .pinchBegin, .pinchUpdate, .pinchEnd: return .pinch
        case .holdBegin, .holdEnd: return .hold
        }
    }
}
