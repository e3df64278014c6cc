import Foundation
import StrataProtocol

public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fade = CATransitionType(rawValue: "fade")
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    public static let push = CATransitionType(rawValue: "push")
    public static let reveal = CATransitionType(rawValue: "reveal")
}

public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// The key Core Animation itself uses for a transition: `layer.add(transition, forKey: kCATransition)`.
public let kCATransition = "transition"

/// A transition of a layer's whole appearance: added to a layer, it plays
/// from how the layer looked before the transaction to how it looks after
/// (its own drawing and its sublayers), on the compositor.
open class CATransition: CAAnimation {
    open var type: CATransitionType = .fade
    open var subtype: CATransitionSubtype?
    open var startProgress: Float = 0
    open var endProgress: Float = 1
    /// Kinds UIKit's transition options add (flip and curl).
    var kindOverride: LayerTransition.Kind?

    open override func copy() -> Any {
        let copy = super.copy() as! CATransition
        (copy.type, copy.subtype, copy.startProgress, copy.endProgress) = (type, subtype, startProgress, endProgress)
        copy.kindOverride = kindOverride
        return copy
    }

    var layerTransition: LayerTransition {
        let kind: LayerTransition.Kind = kindOverride ?? {
            switch type {
            case .moveIn: return .moveIn
            case .push: return .push
            case .reveal: return .reveal
            default: return .fade
            }
        }()
        let direction: LayerTransition.Direction
        switch subtype {
        case .fromRight?: direction = .fromRight
        case .fromTop?: direction = .fromTop
        case .fromBottom?: direction = .fromBottom
        case .fromLeft?: direction = .fromLeft
        default: direction = kind == .flip ? .fromLeft : .fromRight
        }
        return LayerTransition(kind: kind, direction: direction, timing: mediaTiming(begin: 0),
                               curve: timingFunction?.curve ?? .easeInEaseOut,
                               startProgress: Double(min(max(startProgress, 0), 1)),
                               endProgress: Double(min(max(endProgress, 0), 1)))
    }
}

extension UIView {
    /// Changes `view`'s content in `animations` and shows the change with
    /// the transition in `options` (cross-dissolve, a flip in perspective,
    /// a curl). The changes are not animated one by one: the compositor
    /// plays from the old appearance to the new.
    public class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                 animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let group = ViewAnimationGroup()
        if duration > 0, let transition = makeTransition(options: options, duration: duration) {
            transition.viewAnimationGroups = [group]
            transition.blocksUserInteraction = !options.contains(.allowUserInteraction)
            view.layer.add(transition, forKey: "transition")
        }
        if let animations { performWithoutAnimation(animations) }
        group.seal(completion)
    }

    /// Replaces `fromView` with `toView` in its superview (or, with
    /// `.showHideTransitionViews`, hides one and shows the other), with the
    /// transition in `options` on the superview.
    public class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                 options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        guard let container = fromView.superview else {
            completion?(true)
            return
        }
        transition(with: container, duration: duration, options: options, animations: {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else {
                if toView.superview !== container { container.insertSubview(toView, aboveSubview: fromView) }
                fromView.removeFromSuperview()
            }
        }, completion: completion)
    }

    private class func makeTransition(options: AnimationOptions, duration: TimeInterval) -> CATransition? {
        let transition = CATransition()
        transition.duration = duration
        transition.timingFunction = options.curve.timingFunction
        switch options.transitionKind {
        case 1: (transition.kindOverride, transition.subtype) = (.flip, .fromLeft)
        case 2: (transition.kindOverride, transition.subtype) = (.flip, .fromRight)
        case 3: (transition.kindOverride, transition.subtype) = (.curl, .fromBottom)
        case 4: (transition.kindOverride, transition.subtype) = (.curl, .fromTop)
        case 5: transition.type = .fade
        case 6: (transition.kindOverride, transition.subtype) = (.flip, .fromTop)
        case 7: (transition.kindOverride, transition.subtype) = (.flip, .fromBottom)
        default: return nil
        }
        return transition
    }
}
