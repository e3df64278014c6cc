import CStrataServerProtocol
import StrataProtocol
import StrataRender

/// Wire flags of add_animation.
struct AnimationFlags: OptionSet {
    let rawValue: UInt32
    static let autoreverses = AnimationFlags(rawValue: 1)
    static let additive = AnimationFlags(rawValue: 2)
    static let discrete = AnimationFlags(rawValue: 4)
    static let fillBackwards = AnimationFlags(rawValue: 8)
    static let fillForwards = AnimationFlags(rawValue: 16)
    static let absoluteBegin = AnimationFlags(rawValue: 32)
    static let keptOnCompletion = AnimationFlags(rawValue: 64)
    static let all = AnimationFlags(rawValue: 127)

    /// The wire's six timing doubles with these flags' autoreverse and fill.
    func timing(_ t: [Double]) -> MediaTiming {
        let fill: MediaTiming.FillMode = contains(.fillForwards)
            ? (contains(.fillBackwards) ? .both : .forwards)
            : (contains(.fillBackwards) ? .backwards : .removed)
        return MediaTiming(beginTime: t[0], duration: t[1], speed: t[2], timeOffset: t[3], repeatCount: t[4],
                           repeatDuration: t[5], autoreverses: contains(.autoreverses), fillMode: fill)
    }
}

/// add_animation's arguments, decoded from the wire.
struct AnimationRequest {
    var key: String
    var keyPath: String
    var values: [Double]
    var keyTimes: [Double]
    var curves: [Double]
    var spring: [Double]
    var timing: [Double]
    var flags: UInt32
}

extension ServerLayer {
    private func invalid(_ message: String) -> ProtocolViolation {
        .layer(resource, STRATA_LAYER_V1_ERROR_INVALID_ANIMATION, "layer \(id): \(message)")
    }

    // MARK: Requests

    func addAnimation(_ request: AnimationRequest) throws(ProtocolViolation) {
        guard var property = AnimatableProperty(rawValue: request.keyPath),
              property.sinceVersion <= UInt32(wl_resource_get_version(resource)) else {
            throw .layer(resource, STRATA_LAYER_V1_ERROR_INVALID_KEY_PATH,
                         "layer \(id): '\(request.keyPath)' is not an animatable key path")
        }
        if property == .transform, wl_resource_get_version(resource) >= 4, Self.transformValuesAreSixteen(request) {
            property = .transform3D
        }
        let key = request.key
        guard !key.isEmpty, key.utf8.count <= Limits.maxAnimationKeyBytes else {
            throw invalid("an animation key must have 1 to \(Limits.maxAnimationKeyBytes) bytes")
        }
        let flags = AnimationFlags(rawValue: request.flags)
        guard AnimationFlags.all.contains(flags) else { throw invalid("unknown animation flags \(request.flags)") }
        guard let values = property.values(fromWire: request.values, maxCount: Limits.maxKeyframes) else {
            let form = property.isVariableLength ? "runs of a count and that many doubles" : "values of \(property.components)"
            throw invalid("\(request.values.count) doubles are not 1 to \(Limits.maxKeyframes) \(form) for \(property.rawValue)")
        }
        guard request.curves.count % 4 == 0, request.spring.count == 0 || request.spring.count == 4,
              request.timing.count == 6 else {
            throw invalid("curves come in fours, a spring is four doubles and the timing six")
        }
        var curves = stride(from: 0, to: request.curves.count, by: 4).map {
            TimingCurve.bezier(x1: request.curves[$0], y1: request.curves[$0 + 1], x2: request.curves[$0 + 2], y2: request.curves[$0 + 3])
        }
        var curve = curves.isEmpty ? TimingCurve.linear : curves.removeFirst()
        if request.spring.count == 4 {
            let s = request.spring
            curve = .spring(Spring(mass: s[0], stiffness: s[1], damping: s[2], initialVelocity: s[3]))
        }
        let t = request.timing
        let timing = flags.timing(t)
        let animation = LayerAnimation(property: property, values: values, keyTimes: request.keyTimes, curve: curve,
                                       segmentCurves: curves, isDiscrete: flags.contains(.discrete), timing: timing,
                                       isAdditive: flags.contains(.additive))
        if let problem = animation.problem { throw invalid(problem) }

        try queue(.property(animation), key: key, flags: flags, begin: t[0])
    }

    func addTransition(key: String, kind rawKind: UInt32, direction rawDirection: UInt32, timing t: [Double],
                       curves: [Double], progress: [Double], flags rawFlags: UInt32) throws(ProtocolViolation) {
        guard let kind = LayerTransition.Kind(rawValue: rawKind) else {
            throw .layer(resource, STRATA_LAYER_V1_ERROR_INVALID_ENUM, "layer \(id): \(rawKind) is not a transition kind")
        }
        guard let direction = LayerTransition.Direction(rawValue: rawDirection) else {
            throw .layer(resource, STRATA_LAYER_V1_ERROR_INVALID_ENUM, "layer \(id): \(rawDirection) is not a transition direction")
        }
        guard !key.isEmpty, key.utf8.count <= Limits.maxAnimationKeyBytes else {
            throw invalid("an animation key must have 1 to \(Limits.maxAnimationKeyBytes) bytes")
        }
        let flags = AnimationFlags(rawValue: rawFlags)
        guard AnimationFlags.all.contains(flags) else { throw invalid("unknown animation flags \(rawFlags)") }
        guard t.count == 6, curves.count == 0 || curves.count == 4, progress.count == 2 else {
            throw invalid("a transition has a timing of six, at most one curve of four, and two progress values")
        }
        let curve = curves.isEmpty ? TimingCurve.easeInEaseOut
            : TimingCurve.bezier(x1: curves[0], y1: curves[1], x2: curves[2], y2: curves[3])
        let timing = flags.timing(t)
        let transition = LayerTransition(kind: kind, direction: direction, timing: timing, curve: curve,
                                         startProgress: progress[0], endProgress: progress[1])
        if let problem = transition.problem { throw invalid(problem) }
        try queue(.transition(transition), key: key, flags: flags, begin: t[0])
    }

    private func queue(_ effect: RunningAnimation.Effect, key: String, flags: AnimationFlags, begin: Double) throws(ProtocolViolation) {
        try limitPendingChanges()
        try manager?.reserveAnimation(on: self, key: key)
        let delay: Double? = flags.contains(.absoluteBegin) ? nil : begin
        pendingAnimationChanges.append(.add(RunningAnimation(key: key, effect: effect, delay: delay,
                                                            keptOnCompletion: flags.contains(.keptOnCompletion))))
        manager?.markDirty(self)
    }

    func removeAnimation(key: String) throws(ProtocolViolation) {
        guard key.utf8.count <= Limits.maxAnimationKeyBytes else {
            throw invalid("an animation key must have 1 to \(Limits.maxAnimationKeyBytes) bytes")
        }
        try limitPendingChanges()
        pendingAnimationChanges.append(.remove(key: key))
        manager?.markDirty(self)
    }

    /// Adds and removes waiting for one commit, per layer: more is a client
    /// growing the compositor's memory without committing.
    private func limitPendingChanges() throws(ProtocolViolation) {
        let limit = 4 * Int(manager?.limits.maxAnimationsPerLayer ?? 64)
        guard pendingAnimationChanges.count < limit else {
            throw invalid("more than \(limit) animation changes wait for a commit")
        }
    }

    /// Animations this layer will hold after the next commit, counted for quotas.
    var animationCountAfterCommit: Int {
        var keys = Set(animations.map(\.key))
        for change in pendingAnimationChanges {
            switch change {
            case .add(let animation): keys.insert(animation.key)
            case .remove(let key): keys.remove(key)
            }
        }
        return keys.count
    }
}
