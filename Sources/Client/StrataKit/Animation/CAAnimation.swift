import Foundation
import StrataProtocol

/// An object that responds to a layer's change (an implicit animation):
/// `CALayer.action(forKey:)` finds one, and it is run after the change.
public protocol CAAction {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// Returning NSNull from `action(for:forKey:)` or putting it in `actions`
/// means "no action, and stop looking".
extension NSNull: CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// Told when an animation starts and stops (Core Animation retains it).
public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The abstract animation: timing, a timing function, a delegate. Adding
/// one to a layer copies it, as Core Animation does; the copy is what runs.
open class CAAnimation: CAMediaTiming, CAAction {
    open var beginTime: CFTimeInterval = 0
    /// 0 means Core Animation's default, a quarter second.
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed
    open var timingFunction: CAMediaTimingFunction?
    /// Strong, as in Core Animation.
    open var delegate: CAAnimationDelegate?
    open var isRemovedOnCompletion = true

    /// The animation blocks and transactions whose completion waits for this one.
    var viewAnimationGroups: [ViewAnimationGroup] = []
    /// A UIView animation without `.allowUserInteraction`: its view takes no touches meanwhile.
    var blocksUserInteraction = false

    public required init() {}

    public convenience init(name: String) { self.init() }

    /// A new animation with the same settings (NSCopying's `copy()`).
    open func copy() -> Any {
        let copy = type(of: self).init()
        copy.copyTiming(from: self)
        return copy
    }

    func copyTiming(from other: CAAnimation) {
        (beginTime, duration, speed, timeOffset) = (other.beginTime, other.duration, other.speed, other.timeOffset)
        (repeatCount, repeatDuration, autoreverses, fillMode) = (other.repeatCount, other.repeatDuration, other.autoreverses, other.fillMode)
        (timingFunction, delegate, isRemovedOnCompletion) = (other.timingFunction, other.delegate, other.isRemovedOnCompletion)
        (viewAnimationGroups, blocksUserInteraction) = (other.viewAnimationGroups, other.blocksUserInteraction)
    }

    /// As an action, an animation adds itself to the layer under the key.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }

    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// The duration that is played: 0 means a quarter second.
    var effectiveDuration: CFTimeInterval { duration > 0 ? duration : 0.25 }

    /// The timing as the shared math reads it, with `begin` as its begin time.
    func mediaTiming(begin: Double) -> MediaTiming {
        MediaTiming(beginTime: begin, duration: effectiveDuration, speed: Double(max(speed, 0)), timeOffset: timeOffset,
                    repeatCount: Double(max(repeatCount, 0)), repeatDuration: max(repeatDuration, 0),
                    autoreverses: autoreverses, fillMode: fillMode.protocolValue)
    }

    /// The layer animations this one plays, each on its layer property
    /// (empty when it animates nothing the compositor can draw).
    func layerAnimations(on layer: CALayer, begin: Double) -> [LayerAnimation] { [] }
}

/// An animation of one property, named by key path.
open class CAPropertyAnimation: CAAnimation {
    open var keyPath: String?
    open var isAdditive = false
    open var isCumulative = false

    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    open override func copy() -> Any {
        let copy = super.copy() as! CAPropertyAnimation
        (copy.keyPath, copy.isAdditive, copy.isCumulative) = (keyPath, isAdditive, isCumulative)
        return copy
    }

    var property: AnimatableProperty? { keyPath.flatMap(AnimatableProperty.init(rawValue:)) }

    /// The property as played on `layer`: a transform animates all sixteen
    /// terms when the layer's transform or any of `values` is 3-D, else
    /// its affine part.
    func property(on layer: CALayer, values: [Any?]) -> AnimatableProperty? {
        guard let property, property == .transform else { return property }
        let threeD = !CATransform3DIsAffine(layer.transform) || values.contains { value in
            switch value {
            case let t as CATransform3D: return !CATransform3DIsAffine(t)
            case let wire as WireValue: return wire.values.count == 16
            default: return false
            }
        }
        return threeD ? .transform3D : .transform
    }

    var curve: TimingCurve { timingFunction?.curve ?? .linear }
}

/// From one value to another: Core Animation's interpolation rules for
/// fromValue, toValue and byValue, where a missing value is the layer's
/// current presentation value.
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?

    open override func copy() -> Any {
        let copy = super.copy() as! CABasicAnimation
        (copy.fromValue, copy.toValue, copy.byValue) = (fromValue, toValue, byValue)
        return copy
    }

    /// The two ends, per the CABasicAnimation reference's table.
    func endpoints(on layer: CALayer, property: AnimatableProperty) -> [[Double]]? {
        let from = fromValue.flatMap { AnimationValue.wire($0, for: property) }
        let to = toValue.flatMap { AnimationValue.wire($0, for: property) }
        let by = byValue.flatMap { AnimationValue.wire($0, for: property) }
        let current = { layer.presentationValue(of: property) }
        // What adds nothing: the identity for transforms, zeros for the rest.
        let zero = ViewAnimationContext.noOffset(for: property)
        switch (from, to, by) {
        case let (from?, to?, _): return [from, to]
        case let (from?, nil, by?): return [from, property.add(by, to: from)]
        case let (nil, to?, by?): return [property.removing(by, from: to), to]
        case let (from?, nil, nil): return [from, isAdditive ? zero : current()]
        case let (nil, to?, nil): return [isAdditive ? zero : current(), to]
        case let (nil, nil, by?): return isAdditive ? [zero, by] : [current(), property.add(by, to: current())]
        default: return isAdditive ? nil : [current(), current()]
        }
    }

    override func layerAnimations(on layer: CALayer, begin: Double) -> [LayerAnimation] {
        guard let property = property(on: layer, values: [fromValue, toValue, byValue]),
              let values = endpoints(on: layer, property: property) else { return [] }
        return [LayerAnimation(property: property, values: values, curve: curve, timing: mediaTiming(begin: begin),
                               isAdditive: isAdditive)]
    }
}

/// A spring from one value to another, run in seconds of its own.
open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    open var initialVelocity: CGFloat = 0

    var spring: Spring {
        Spring(mass: Double(max(mass, 0.0001)), stiffness: Double(max(stiffness, 0.0001)),
               damping: Double(max(damping, 0)), initialVelocity: Double(initialVelocity))
    }

    /// How long the spring takes to come to rest: a good `duration`.
    open var settlingDuration: CFTimeInterval { spring.settlingDuration }

    open override func copy() -> Any {
        let copy = super.copy() as! CASpringAnimation
        (copy.mass, copy.stiffness, copy.damping, copy.initialVelocity) = (mass, stiffness, damping, initialVelocity)
        return copy
    }

    override var curve: TimingCurve { .spring(spring) }
}

public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Through a list of values, or along a path (for a point property).
/// Paced and cubic modes are played as linear; a path is flattened into
/// points spaced by length, so the motion along it is even.
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    open var path: CGPath?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear

    open override func copy() -> Any {
        let copy = super.copy() as! CAKeyframeAnimation
        (copy.values, copy.path, copy.keyTimes) = (values, path, keyTimes)
        (copy.timingFunctions, copy.calculationMode) = (timingFunctions, calculationMode)
        return copy
    }

    override func layerAnimations(on layer: CALayer, begin: Double) -> [LayerAnimation] {
        guard let property = property(on: layer, values: values ?? []) else { return [] }
        var wireValues: [[Double]]
        var times = keyTimes?.map(\.doubleValue) ?? []
        if let path, property.components == 2 {
            let points = path.flattenedPoints()
            guard !points.isEmpty else { return [] }
            wireValues = points.map { [Double($0.x), Double($0.y)] }
            times = AnimationValue.pacedTimes(wireValues)
        } else {
            wireValues = (values ?? []).compactMap { AnimationValue.wire($0, for: property) }
            guard !wireValues.isEmpty, wireValues.count == values?.count else { return [] }
        }
        let discrete = calculationMode == .discrete
        if times.count != wireValues.count && !(discrete && times.count == wireValues.count + 1) { times = [] }
        if calculationMode == .paced || calculationMode == .cubicPaced { times = AnimationValue.pacedTimes(wireValues) }
        let segments = timingFunctions.map { functions in functions.map(\.curve) } ?? []
        return [LayerAnimation(property: property, values: wireValues, keyTimes: times, curve: curve,
                               segmentCurves: segments.count == wireValues.count - 1 ? segments : [],
                               isDiscrete: calculationMode == .discrete, timing: mediaTiming(begin: begin),
                               isAdditive: isAdditive)]
    }
}

/// Several animations on one timeline: each child's time is the group's,
/// from the child's beginTime, and none plays past the group's duration.
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?

    open override func copy() -> Any {
        let copy = super.copy() as! CAAnimationGroup
        copy.animations = animations?.map { $0.copy() as! CAAnimation }
        return copy
    }

    override func layerAnimations(on layer: CALayer, begin: Double) -> [LayerAnimation] {
        let group = mediaTiming(begin: begin)
        // The group's clock runs each child: its speed, and its span as the
        // child's limit. A child that fills one pass of the group (the usual
        // pulse of several properties) repeats and reverses with it; the
        // group's repeats do not reach children that fill only part of a pass.
        return (animations ?? []).flatMap { child -> [LayerAnimation] in
            let room = (group.activeDuration - child.beginTime) * Double(max(child.speed, 0))
            guard room > 0 else { return [] }
            let fillsPass = child.beginTime == 0 && child.speed == 1 && child.effectiveDuration == effectiveDuration
                && child.repeatCount == 0 && child.repeatDuration == 0 && !child.autoreverses
            return child.layerAnimations(on: layer, begin: begin + child.beginTime / max(group.speed, 1e-9)).map { animation in
                var a = animation
                a.timing.speed *= group.speed
                if fillsPass {
                    (a.timing.repeatCount, a.timing.repeatDuration) = (group.repeatCount, group.repeatDuration)
                    (a.timing.autoreverses, a.timing.timeOffset) = (group.autoreverses, group.timeOffset)
                } else if a.timing.activeDuration > room {
                    a.timing.repeatDuration = room
                    a.timing.repeatCount = 0
                }
                if group.fillMode != .removed { a.timing.fillMode = group.fillMode }
                return a
            }
        }
    }
}
