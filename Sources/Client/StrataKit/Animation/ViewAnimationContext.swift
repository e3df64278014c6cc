import Foundation
import StrataProtocol

/// One open UIView animation block (or beginAnimations/commitAnimations
/// pair): what the changes made inside it animate with. Blocks nest; an
/// inner block inherits the outer one's duration, curve and repeat options
/// unless it asks to override them.
final class ViewAnimationContext {
    var duration: TimeInterval
    var delay: TimeInterval
    var options: UIView.AnimationOptions
    var timingFunction: CAMediaTimingFunction?
    /// UIKit's spring: damping ratio and initial velocity.
    var spring: (damping: CGFloat, velocity: CGFloat)?
    var repeatCount: Float = 0
    var autoreverses = false
    /// performWithoutAnimation, and UIView.setAnimationsEnabled(false).
    var animationsEnabled = true
    let group = ViewAnimationGroup()
    /// Set inside animateKeyframes: changes are recorded, not animated.
    var keyframes: KeyframeRecorder?
    var currentKeyframe: (start: Double, duration: Double) = (0, 1)

    nonisolated(unsafe) static var stack: [ViewAnimationContext] = []
    nonisolated(unsafe) static var animationsEnabled = true

    init(duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions) {
        self.duration = duration
        self.delay = delay
        self.options = options
        timingFunction = options.curve.timingFunction
        if options.contains(.repeat) { repeatCount = .infinity }
        autoreverses = options.contains(.autoreverse)
    }

    /// A block opened inside `outer` takes what it does not override.
    func inherit(from outer: ViewAnimationContext) {
        if !options.contains(.overrideInheritedDuration) { duration = outer.duration }
        if !options.contains(.overrideInheritedCurve) { timingFunction = outer.timingFunction; spring = outer.spring }
        if !options.contains(.overrideInheritedOptions) {
            repeatCount = outer.repeatCount
            autoreverses = outer.autoreverses
            options.formUnion(outer.options.intersection([.allowUserInteraction, .beginFromCurrentState]))
        }
        animationsEnabled = outer.animationsEnabled
    }

    /// Runs `body` with this block open.
    func run(_ body: () -> Void) {
        if let outer = Self.stack.last { inherit(from: outer) }
        Self.stack.append(self)
        body()
        if options.contains(.layoutSubviews) {
            for window in UIApplication.shared.windows { window.layoutIfNeeded() }
        }
        Self.stack.removeLast()
    }

    /// The animation for a change of `property` from `previous` (the model
    /// value before) or `previousPresentation` (what was on screen).
    func animation(for property: AnimatableProperty, on layer: CALayer, previous: [Double],
                   previousPresentation: [Double], additive: Bool) -> CAAnimation {
        let animation: CABasicAnimation
        if let spring {
            let spring = Spring(dampingRatio: Double(spring.damping), duration: duration, initialVelocity: Double(spring.velocity))
            let springAnimation = CASpringAnimation(keyPath: property.keyPath)
            springAnimation.mass = CGFloat(spring.mass)
            springAnimation.stiffness = CGFloat(spring.stiffness)
            springAnimation.damping = CGFloat(spring.damping)
            springAnimation.initialVelocity = CGFloat(spring.initialVelocity)
            animation = springAnimation
        } else {
            animation = CABasicAnimation(keyPath: property.keyPath)
            animation.timingFunction = timingFunction
        }
        let target = layer.modelValue(of: property)
        if additive {
            // UIKit's additive animations: from how far the old value is from
            // the new one, to nothing, on top of the (new) model value. An
            // animation in flight keeps running and ends finished; the sum moves on smoothly.
            animation.isAdditive = true
            animation.fromValue = WireValue(Self.offset(of: previous, from: target, for: property))
            animation.toValue = WireValue(Self.noOffset(for: property))
        } else {
            // From what is on screen when replacing one in flight (beginFromCurrentState, or after one).
            animation.fromValue = WireValue(options.contains(.beginFromCurrentState) || layer.animation(forKey: property.keyPath) != nil
                                            ? previousPresentation : previous)
            animation.toValue = WireValue(target)
        }
        configureTiming(of: animation)
        return animation
    }

    /// Geometry animates additively unless the block begins from the current
    /// state, which replaces what is in flight. Opacity, colors and the
    /// lengths that cannot be negative (a corner radius, a border) replace:
    /// their offsets and sums would leave their ranges, which the
    /// compositor refuses.
    func isAdditive(_ property: AnimatableProperty) -> Bool {
        // Paths, colors, locations and a replicator's transform replace too: their values do not add.
        guard !options.contains(.beginFromCurrentState), !property.isColor, !property.isVariableLength,
              property != .instanceTransform else { return false }
        switch property {
        case .opacity, .contentsRect, .contentsCenter, .cornerRadius, .borderWidth, .shadowOpacity, .shadowRadius,
             .lineWidth, .miterLimit, .strokeStart, .strokeEnd, .backdropRadius, .backdropSaturation:
            return false
        default: return true
        }
    }

    /// What added to `target` gives `value` (a transform: what, applied first, does).
    static func offset(of value: [Double], from target: [Double], for property: AnimatableProperty) -> [Double] {
        if property == .transform3D || property == .sublayerTransform {
            guard let inverse = Transform3D(values: target)?.inverted(), let value = Transform3D(values: value) else {
                return noOffset(for: property)
            }
            return value.concatenating(inverse).values
        }
        guard property == .transform else { return zip(value, target).map { $0 - $1 } }
        guard let inverse = StrataProtocol.AffineTransform(components: target).inverted() else { return noOffset(for: property) }
        return StrataProtocol.AffineTransform(components: value).concatenating(inverse).components
    }

    static func noOffset(for property: AnimatableProperty) -> [Double] {
        if property == .transform3D || property == .sublayerTransform { return Transform3D.identity.values }
        return property == .transform || property == .instanceTransform
            ? StrataProtocol.AffineTransform.identity.components : [Double](repeating: 0, count: property.components)
    }

    /// Duration, delay (showing the old value meanwhile), repeats, and the
    /// block's completion and touch rules.
    func configureTiming(of animation: CAAnimation) {
        animation.duration = duration
        if delay > 0 {
            animation.beginTime = CACurrentMediaTime() + delay
            animation.fillMode = .backwards
        }
        animation.repeatCount = repeatCount
        animation.autoreverses = autoreverses
        animation.viewAnimationGroups = [group]
        animation.blocksUserInteraction = !options.contains(.allowUserInteraction)
    }
}

/// Runs a view's layer change as the open animation block says.
struct ViewPropertyAction: CAAction {
    let context: ViewAnimationContext
    nonisolated(unsafe) static var additiveSerial = 0

    /// "position-7" for "position": the key of an additive animation beside another.
    static func isAdditiveKey(_ key: String, of event: String) -> Bool {
        key.hasPrefix(event + "-") && Int(key.dropFirst(event.count + 1)) != nil
    }

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer, let previous = dict?["previousValue"] as? [Double],
              let previousPresentation = dict?["previousPresentationValue"] as? [Double],
              let property = AnimatableProperty(keyPath: event, valueCount: previous.count) else { return }
        if let keyframes = context.keyframes {
            keyframes.record(layer, property, previous: previous, frame: context.currentKeyframe)
            return
        }
        // Beside one in flight only if that one is additive too: a sum with an
        // animation that sets the value outright would jump.
        let inFlight = layer.animation(forKey: event) as? CAPropertyAnimation
        let additive = context.isAdditive(property) && inFlight?.isAdditive != false
        let animation = context.animation(for: property, on: layer, previous: previous, previousPresentation: previousPresentation,
                                          additive: additive)
        if additive, inFlight != nil {
            // Beside the one in flight, under a key of its own.
            ViewPropertyAction.additiveSerial += 1
            layer.add(animation, forKey: "\(event)-\(ViewPropertyAction.additiveSerial)")
        } else {
            // Replacing: the additive animations of this property go too.
            for key in layer.animationKeys() ?? [] where Self.isAdditiveKey(key, of: event) { layer.removeAnimation(forKey: key) }
            layer.add(animation, forKey: event)
        }
    }
}

extension UIView {
    func viewAnimationAction(for layer: CALayer, forKey event: String) -> CAAction? {
        // A duration of 0 or less makes the changes at once (UIKit's documented behaviour).
        guard ViewAnimationContext.animationsEnabled, let context = ViewAnimationContext.stack.last,
              context.animationsEnabled, context.duration > 0 || context.keyframes != nil,
              let property = AnimatableProperty(rawValue: event),
              // Of the layer styling, UIKit's blocks animate only the corner radius (since iOS 11)
              // and a visual effect's blur; borders, shadows, paths and gradients change at once, as there.
              property.sinceVersion < 3 || property == .cornerRadius
                || [.backdropRadius, .backdropSaturation, .backdropTintColor].contains(property) else { return NSNull() }
        return ViewPropertyAction(context: context)
    }

    /// Whether an animation of a block without `.allowUserInteraction` is
    /// running on this view: UIKit's animated views take no touches then.
    var isAnimatingWithoutInteraction: Bool {
        layer.animationEntries.contains { !$0.hasEnded && $0.animation.blocksUserInteraction }
    }
}

/// The changes made in an animateKeyframes block, by layer and property:
/// each keyframe's value and when, in the block's relative time, it is
/// reached, to become one keyframe animation per property.
final class KeyframeRecorder {
    struct Track {
        let layer: CALayer
        let property: AnimatableProperty
        let initial: [Double]
        var frames: [(start: Double, end: Double, value: [Double])] = []
    }
    private(set) var tracks: [Track] = []

    func record(_ layer: CALayer, _ property: AnimatableProperty, previous: [Double], frame: (start: Double, duration: Double)) {
        let value = layer.modelValue(of: property)
        let start = min(max(frame.start, 0), 1), end = min(max(frame.start + frame.duration, start), 1)
        if let index = tracks.firstIndex(where: { $0.layer === layer && $0.property == property }) {
            tracks[index].frames.append((start, end, value))
        } else {
            tracks.append(Track(layer: layer, property: property, initial: previous, frames: [(start, end, value)]))
        }
    }

    /// Values and key times: each value is held until its keyframe starts, then moves to the next.
    static func keyframes(of track: Track) -> (values: [[Double]], times: [Double]) {
        var values = [track.initial], times = [0.0]
        for frame in track.frames.sorted(by: { $0.start < $1.start }) {
            if frame.start > times.last! { values.append(values.last!); times.append(frame.start) }
            values.append(frame.value)
            times.append(max(frame.end, times.last!))
        }
        if times.last! < 1 { values.append(values.last!); times.append(1) }
        return (values, times)
    }
}
