import Foundation
import StrataProtocol

// CALayer's animation API. Adding an animation changes nothing of the
// model: the next transaction sends it to the compositor, which plays it
// on its own clock, frame by frame, without the app; `presentation()`
// computes the same values here with the same timing math.

extension CALayer {
    /// Adds a copy of `anim` under `key` (nil: a key of its own), replacing
    /// any animation under the same key. A duration of 0 or less becomes the
    /// transaction's animation duration (0.25 s unless set), as the CALayer
    /// reference says; the copy reports it.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        let key = key ?? "animation-\(ObjectIdentifier(anim).hashValue)-\(animationEntries.count)"
        let copy = anim.copy() as! CAAnimation
        if !(copy.duration > 0) {
            let duration = CATransaction.animationDuration()
            copy.duration = duration > 0 ? duration : 0.25
        }
        removeEntry(forKey: key)
        if let group = CATransaction.currentGroup { copy.viewAnimationGroups.append(group) }
        for group in copy.viewAnimationGroups { group.animationAdded() }
        let entry = LayerAnimationEntry(key: key, animation: copy, layer: self)
        animationEntries.append(entry)
        if !entry.isPlayable { entry.completeLocally() }
        didChange(.animations)
    }

    /// The animation under `key`, as added (a copy of what was passed to `add`).
    public func animation(forKey key: String) -> CAAnimation? {
        animationEntries.first { $0.key == key }?.animation
    }

    public func animationKeys() -> [String]? {
        animationEntries.isEmpty ? nil : animationEntries.map(\.key)
    }

    public func removeAnimation(forKey key: String) {
        if removeEntry(forKey: key) { didChange(.animations) }
    }

    public func removeAllAnimations() {
        guard !animationEntries.isEmpty else { return }
        for entry in animationEntries { retire(entry) }
        animationEntries.removeAll()
        didChange(.animations)
    }

    @discardableResult
    private func removeEntry(forKey key: String) -> Bool {
        guard let index = animationEntries.firstIndex(where: { $0.key == key }) else { return false }
        retire(animationEntries.remove(at: index))
        return true
    }

    private func retire(_ entry: LayerAnimationEntry) {
        if entry.isSent { pendingWireRemovals += entry.wireKeys }
        entry.cancel()
    }

    /// An animation ran to its end and goes (isRemovedOnCompletion); the
    /// compositor dropped it already.
    func animationDidComplete(_ entry: LayerAnimationEntry) {
        animationEntries.removeAll { $0 === entry }
    }

    /// Whether the layer is in a window that is not hidden (shown, or about to be).
    var isInVisibleWindow: Bool {
        var top = self
        while let parent = top.containingLayer { top = parent }
        return (top.delegate as? UIWindow).map { !$0.isHidden } ?? false
    }

    /// Animations that will not reach a compositor (the layer is in no
    /// shown window) play their events on a timer instead.
    func completeAnimationsLocally() {
        for entry in animationEntries where !entry.isSent { entry.completeLocally() }
        pendingWireRemovals = []
    }

    // MARK: Presentation

    /// A copy of the layer with the values on screen now: the model values
    /// with every running animation applied, computed with the compositor's
    /// timing math. Nil before the layer was ever committed.
    public func presentation() -> Self? {
        guard committedOnce else { return nil }
        let copy = type(of: self).init()
        copy.isDetachedCopy = true
        copy.copyAppearance(from: self)
        let values = presentationValues(at: CACurrentMediaTime())
        copy.animatableValues = values
        for property in animatedVariableProperties { copy.setVariableValue(values.value(of: property), of: property) }
        return copy
    }

    /// The model layer: for a model layer, itself.
    public func model() -> Self { self }

    /// The animatable values at `time`, model values with animations applied.
    func presentationValues(at time: Double) -> AnimatableValues {
        var values = animatableValues
        // Paths, colors and locations are left out of `animatableValues` (converting them costs): brought in when animated.
        for property in animatedVariableProperties { values.apply(property, modelValue(of: property)) }
        for entry in animationEntries {
            for animation in entry.scheduledWire {
                if let value = animation.value(at: time) { values.apply(animation.property, value, additive: animation.isAdditive) }
            }
        }
        return values
    }

    /// The variable-length properties (paths, colors, locations) some animation drives.
    private var animatedVariableProperties: Set<AnimatableProperty> {
        Set(animationEntries.flatMap { $0.wire.map(\.property) }.filter(\.isVariableLength))
    }

    /// Sets a path, colors or locations from wire doubles (a presentation copy's).
    private func setVariableValue(_ value: [Double], of property: AnimatableProperty) {
        switch property {
        case .path: (self as? CAShapeLayer)?.path = (try? LayerPath(wire: value)).map(CGPath.init)
        case .shadowPath: shadowPath = (try? LayerPath(wire: value)).flatMap { $0.isEmpty ? nil : CGPath($0) }
        case .colors:
            (self as? CAGradientLayer)?.colors = stride(from: 0, to: value.count - value.count % 4, by: 4).map {
                CGColor(red: value[$0], green: value[$0 + 1], blue: value[$0 + 2], alpha: value[$0 + 3])
            }
        case .locations: (self as? CAGradientLayer)?.locations = value.map { NSNumber(value: $0) }
        default: break
        }
    }

    /// The presentation value of one property now.
    func presentationValue(of property: AnimatableProperty) -> [Double] {
        animationEntries.isEmpty ? modelValue(of: property) : presentationValues(at: CACurrentMediaTime()).value(of: property)
    }

    private func copyAppearance(from layer: CALayer) {
        isHidden = layer.isHidden
        masksToBounds = layer.masksToBounds
        contents = layer.contents
        contentsScale = layer.contentsScale
        contentsGravity = layer.contentsGravity
        isOpaque = layer.isOpaque
        name = layer.name
        material = layer.material
        copyStyle(from: layer)
    }

    // MARK: Actions

    /// Runs the action for a change of an animatable property, as Core
    /// Animation does after the value changed. Layers new in this
    /// transaction (no presentation yet), except a view's inside an
    /// animation block, and changes with actions disabled run none.
    func runAction(for property: AnimatableProperty, previous: [Double]) {
        // A view's own layer animates in a block even when new (UIKit's fade-in
        // of a view just added); other new layers have nothing to animate from.
        let inViewBlock = delegate is UIView && !ViewAnimationContext.stack.isEmpty
        guard committedOnce || inViewBlock, !isDetachedCopy, !CATransaction.disableActions(),
              let action = action(forKey: property.keyPath) else { return }
        action.run(forKey: property.keyPath, object: self,
                   arguments: ["previousValue": previous, "previousPresentationValue": presentationValue(of: property, model: previous)])
    }

    /// The presentation value now, had the model value still been `model`.
    func presentationValue(of property: AnimatableProperty, model: [Double]) -> [Double] {
        guard !animationEntries.isEmpty else { return model }
        var values = animatableValues
        values.apply(property, model)
        let now = CACurrentMediaTime()
        for entry in animationEntries {
            for animation in entry.scheduledWire {
                if let value = animation.value(at: now) { values.apply(animation.property, value, additive: animation.isAdditive) }
            }
        }
        return values.value(of: property)
    }

    /// What an implicit animation of a layer no view owns looks like: the
    /// transaction's duration and timing function, from the value on
    /// screen when it changed.
    static func implicitAnimation(forKey key: String) -> CAAction? {
        guard AnimatableProperty(rawValue: key) != nil else { return nil }
        let animation = ImplicitAnimation(keyPath: key)
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return animation
    }
}

/// The action Core Animation runs for a changed property: a basic animation
/// from the value before the change, which it learns when run.
final class ImplicitAnimation: CABasicAnimation {
    override func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer, let previous = dict?["previousPresentationValue"] as? [Double],
              let property = AnimatableProperty(keyPath: event, valueCount: previous.count) else { return }
        let animation = copy() as! CABasicAnimation
        animation.fromValue = WireValue(previous)
        animation.toValue = WireValue(layer.modelValue(of: property))
        layer.add(animation, forKey: event)
    }
}

/// A value already in wire doubles (what actions learn of the previous value).
struct WireValue {
    let values: [Double]
    init(_ values: [Double]) { self.values = values }
}
