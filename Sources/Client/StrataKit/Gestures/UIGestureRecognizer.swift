import Foundation

/// UIKit's gesture recognizer: attached to a view, it sees the touches of
/// the view and its subviews before the view does, moves through its
/// states, and sends its actions when it begins, changes, ends or is
/// cancelled (a discrete one: once, when recognized).
///
/// Subclasses override the touches methods and `reset()`, and set `state`
/// (settable here as UIKit's UIGestureRecognizerSubclass makes it).
open class UIGestureRecognizer {
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        public static var recognized: State { .ended }
    }

    /// UIKit's nil form, `UIGestureRecognizer(target: nil, action: nil)`;
    /// actions can be added later with addTarget(_:action:).
    public init() {}

    public convenience init(target: Any?, action: Never?) {
        self.init()
    }

    /// `UITapGestureRecognizer(target: self, action: Controller.handleTap)`
    /// for `func handleTap(_ sender: UITapGestureRecognizer)`.
    public convenience init<Target: AnyObject, Sender>(target: Target, action: @escaping (Target) -> (Sender) -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// For `func handleTap()`.
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> () -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    // MARK: State (UIGestureRecognizer+StateMachine.swift)

    open var state: State {
        get { storedState }
        set { transition(to: newValue) }
    }

    var storedState = State.possible
    /// The state asked for while a recognizer this one requires to fail is still deciding.
    var pendingState: State?

    open weak var delegate: UIGestureRecognizerDelegate?

    /// A disabled recognizer gets no touches; disabling one in progress cancels it.
    open var isEnabled = true {
        didSet {
            guard !isEnabled, oldValue else { return }
            switch state {
            case .began, .changed: state = .cancelled
            case .possible where isInvolved: state = .failed
            default: break
            }
        }
    }

    open internal(set) weak var view: UIView?
    open var name: String?

    open var cancelsTouchesInView = true
    open var delaysTouchesBegan = false
    open var delaysTouchesEnded = true
    /// Whether all touches must be of one type (finger or pointer).
    open var requiresExclusiveTouchType = true

    // MARK: Actions

    var targetActions: [TargetAction] = []

    open func addTarget<Target: AnyObject, Sender>(_ target: Target, action: @escaping (Target) -> (Sender) -> Void) {
        targetActions.append(TargetAction(target: target, action: MethodAction(action)))
    }

    open func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void) {
        targetActions.append(TargetAction(target: target, action: MethodAction(action)))
    }

    /// Removes `target`'s actions (nil: every target's). Method references
    /// cannot be compared, so `action` must be nil: all of the target's
    /// actions go, as UIKit does for a nil action.
    open func removeTarget(_ target: Any?, action: Never?) {
        let object = target.map { $0 as AnyObject }
        targetActions.removeAll { object == nil || $0.target === object || $0.isOrphaned }
    }

    // MARK: Dependencies

    /// Recognizers that must fail before this one may leave .possible.
    var failureRequirements: [WeakRecognizer] = []

    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        failureRequirements.append(WeakRecognizer(recognizer: otherGestureRecognizer))
    }

    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    // MARK: Touches (UIGestureRecognizer+Touches.swift)

    /// The touches of the current sequence, kept until reset.
    var trackedTouches: [UITouch] = []
    /// The window whose gesture arena this recognizer is in, while involved.
    weak var arenaWindow: UIWindow?
    /// Timers scheduled through scheduleTimer(after:_:), cancelled on reset.
    var timers: [EventTimer] = []

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}

    /// Called after the recognizer finished and before it returns to .possible.
    open func reset() {}

    open func location(in view: UIView?) -> CGPoint {
        windowPoint(centroid(of: locatingTouches), in: view)
    }
}

struct WeakRecognizer {
    weak var recognizer: UIGestureRecognizer?
}
