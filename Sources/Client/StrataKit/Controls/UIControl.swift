import Foundation

/// The base of controls: it tracks a touch, keeps its highlighted state,
/// and sends actions for control events, to targets (method references,
/// held weakly) and to UIActions.
open class UIControl: UIView {
    /// How far outside its bounds a tracked touch still counts as inside,
    /// so fingers can wander: UIKit's margin is about 70 points.
    public static let touchInsideMargin: CGFloat = 70

    /// A disabled control ignores touches (they go up the responder chain).
    open var isEnabled = true
    open var isSelected = false
    open var isHighlighted = false
    open internal(set) var isTracking = false
    open internal(set) var isTouchInside = false

    open var state: State {
        var state: State = .normal
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// What is registered, in order (UIControl+Actions.swift).
    var registrations: [(events: Event, handler: ControlHandler)] = []
    /// The touch being tracked.
    weak var trackingTouch: UITouch?

    /// Whether a touch down shows the control's menu instead of tracking
    /// (Menus/UIButton+Menu.swift): UIKit's menu-as-primary-action.
    open var showsMenuAsPrimaryAction = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Registers `primaryAction` for .primaryActionTriggered.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    // MARK: Tracking (UIControl+Tracking.swift); subclasses override these

    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    open func cancelTracking(with event: UIEvent?) {}

    private func isTrackingOne(of touches: Set<UITouch>) -> Bool {
        trackingTouch.map(touches.contains) ?? false
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled else { return super.touchesBegan(touches, with: event) }
        trackBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled else { return super.touchesMoved(touches, with: event) }
        trackMoved(touches, with: event)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled else {
            // Disabled while tracking: the touch ends as a cancel, so the
            // control does not stay highlighted and sends no touch-up.
            if isTrackingOne(of: touches) { return trackCancelled(touches, with: event) }
            return super.touchesEnded(touches, with: event)
        }
        trackEnded(touches, with: event)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled || isTrackingOne(of: touches) else { return super.touchesCancelled(touches, with: event) }
        trackCancelled(touches, with: event)
    }

    /// The Event Handling Guide: a control's default action prevails over
    /// an ancestor's single-finger single tap, so a tap on the control
    /// sends its actions instead of recognizing the tap.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard isEnabled, gestureRecognizer.view !== self,
              let tap = gestureRecognizer as? UITapGestureRecognizer else { return true }
        return tap.numberOfTapsRequired != 1 || tap.numberOfTouchesRequired != 1
    }

    // MARK: Sending

    /// Runs the action's handler with this control as its sender; override to observe.
    open func sendAction(_ action: UIAction) {
        action.perform(from: self)
    }
}
