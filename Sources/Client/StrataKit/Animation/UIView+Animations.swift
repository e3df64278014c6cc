import Foundation
import StrataProtocol

// UIView's block-based animations. The changes made in the block set the
// model values at once; each animatable property changed gets an animation
// on the view's layer, which the compositor plays. The completion handler
// runs when all of them ended, with whether all ran to their end.

extension UIView {
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                              animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        let context = ViewAnimationContext(duration: duration, delay: delay, options: options)
        context.run(animations)
        context.group.seal(completion)
    }

    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// A spring that settles by the end of `duration`: `dampingRatio` 1 does
    /// not overshoot, lower values bounce; `velocity` 1 is the whole
    /// distance per second.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                              usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
                              options: AnimationOptions = [], animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        let context = ViewAnimationContext(duration: duration, delay: delay, options: options)
        context.spring = (dampingRatio, velocity)
        context.run(animations)
        context.group.seal(completion)
    }

    /// Runs `actionsWithoutAnimation` with animations off, even inside an animation block.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let context = ViewAnimationContext(duration: 0, delay: 0, options: [])
        if let outer = ViewAnimationContext.stack.last { context.inherit(from: outer) }
        context.animationsEnabled = false
        ViewAnimationContext.stack.append(context)
        actionsWithoutAnimation()
        ViewAnimationContext.stack.removeLast()
    }

    public class var areAnimationsEnabled: Bool { ViewAnimationContext.animationsEnabled }

    public class func setAnimationsEnabled(_ enabled: Bool) { ViewAnimationContext.animationsEnabled = enabled }

    /// The duration of the innermost open animation block, 0 outside one.
    public class var inheritedAnimationDuration: TimeInterval { ViewAnimationContext.stack.last?.duration ?? 0 }

    // MARK: Keyframes

    /// Each `addKeyframe` in `animations` moves the properties it changes
    /// during its part of the duration; a property holds its value between
    /// its keyframes.
    public class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                       options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                       completion: ((Bool) -> Void)? = nil) {
        let blockOptions = AnimationOptions(rawValue: options.rawValue & 0x3FF).union(.curveLinear)
        let context = ViewAnimationContext(duration: duration, delay: delay, options: blockOptions)
        let recorder = KeyframeRecorder()
        context.keyframes = recorder
        context.run(animations)
        for track in recorder.tracks where duration > 0 {
            let (values, times) = KeyframeRecorder.keyframes(of: track)
            let animation = CAKeyframeAnimation(keyPath: track.property.keyPath)
            animation.values = values.map(WireValue.init)
            animation.keyTimes = times.map { NSNumber(value: $0) }
            animation.calculationMode = options.calculationMode
            context.configureTiming(of: animation)
            track.layer.add(animation, forKey: track.property.keyPath)
        }
        context.group.seal(completion)
    }

    /// One keyframe of an `animateKeyframes` block: start and duration are
    /// fractions of the whole.
    public class func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                  animations: @escaping () -> Void) {
        guard let context = ViewAnimationContext.stack.last, context.keyframes != nil else {
            animations()
            return
        }
        let outer = context.currentKeyframe
        context.currentKeyframe = (frameStartTime, frameDuration)
        animations()
        context.currentKeyframe = outer
    }
}

// The begin/commit methods that the View Programming Guide still describes.

/// What `beginAnimations`/`commitAnimations` remember of one pair.
private final class BegunAnimations {
    let id: String?
    let context: UnsafeMutableRawPointer?
    let animation: ViewAnimationContext
    var delegate: AnyObject?
    var willStart: ((AnyObject) -> (String?, UnsafeMutableRawPointer?) -> Void)?
    var didStop: ((AnyObject) -> (String?, NSNumber, UnsafeMutableRawPointer?) -> Void)?

    init(id: String?, context: UnsafeMutableRawPointer?) {
        self.id = id
        self.context = context
        // UIKit's defaults for this style: 0.2 s, ease in and out.
        animation = ViewAnimationContext(duration: 0.2, delay: 0, options: [.overrideInheritedDuration, .overrideInheritedCurve])
    }

    nonisolated(unsafe) static var open: [BegunAnimations] = []
}

extension UIView {
    public class func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        let begun = BegunAnimations(id: animationID, context: context)
        if let outer = ViewAnimationContext.stack.last { begun.animation.inherit(from: outer) }
        BegunAnimations.open.append(begun)
        ViewAnimationContext.stack.append(begun.animation)
    }

    public class func commitAnimations() {
        guard let begun = BegunAnimations.open.popLast() else { return }
        ViewAnimationContext.stack.removeAll { $0 === begun.animation }
        if let delegate = begun.delegate, let willStart = begun.willStart { willStart(delegate)(begun.id, begun.context) }
        begun.animation.group.seal { finished in
            if let delegate = begun.delegate, let didStop = begun.didStop {
                didStop(delegate)(begun.id, NSNumber(value: finished), begun.context)
            }
        }
    }

    private class var begun: BegunAnimations? { BegunAnimations.open.last }

    public class func setAnimationDuration(_ duration: TimeInterval) { begun?.animation.duration = duration }
    public class func setAnimationDelay(_ delay: TimeInterval) { begun?.animation.delay = delay }
    public class func setAnimationCurve(_ curve: AnimationCurve) { begun?.animation.timingFunction = curve.timingFunction }
    public class func setAnimationRepeatCount(_ repeatCount: Float) { begun?.animation.repeatCount = repeatCount }
    public class func setAnimationRepeatAutoreverses(_ repeatAutoreverses: Bool) { begun?.animation.autoreverses = repeatAutoreverses }
    public class func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {
        if fromCurrentState { begun?.animation.options.insert(.beginFromCurrentState) }
        else { begun?.animation.options.remove(.beginFromCurrentState) }
    }
    public class func setAnimationDelegate(_ delegate: AnyObject?) { begun?.delegate = delegate }

    /// The delegate's method to call when the animations stop, as an
    /// unbound method (`setAnimationDidStop(Controller.flipDidStop)`): it
    /// gets the animation ID, whether they finished, and the context.
    public class func setAnimationDidStop<Delegate: AnyObject>(
        _ selector: @escaping (Delegate) -> (String?, NSNumber, UnsafeMutableRawPointer?) -> Void) {
        begun?.didStop = { object in
            guard let delegate = object as? Delegate else { return { _, _, _ in } }
            return selector(delegate)
        }
    }

    /// The delegate's method to call before the animations start.
    public class func setAnimationWillStart<Delegate: AnyObject>(
        _ selector: @escaping (Delegate) -> (String?, UnsafeMutableRawPointer?) -> Void) {
        begun?.willStart = { object in
            guard let delegate = object as? Delegate else { return { _, _ in } }
            return selector(delegate)
        }
    }
}
