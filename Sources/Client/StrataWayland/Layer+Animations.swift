import CStrataClientProtocol
import StrataProtocol

/// What the compositor says of an animation (strata_layer_v1 version 2).
public enum AnimationEvent: Hashable, Sendable {
    /// Began at this presentation time, in seconds of the presented clock.
    case started(key: String, time: Double)
    /// Stopped: ran to its end, or was removed or replaced before.
    case ended(key: String, finished: Bool)
}

extension Layer {
    /// Starts receiving animation events on `onAnimationEvent`.
    public func listen() {
        guard let proxy, !isListening else { return }
        isListening = true
        // Unretained: the proxy, and with it the listener, goes in deinit.
        strata_layer_v1_add_listener(proxy, layerListener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Adds `animation` under `key` (strata_layer_v1.add_animation). Its
    /// begin time is a delay after the commit is shown, unless
    /// `absoluteBegin`; `keptOnCompletion` is CAAnimation.isRemovedOnCompletion false.
    public func addAnimation(_ animation: LayerAnimation, forKey key: String, absoluteBegin: Bool = false,
                             keptOnCompletion: Bool = false) {
        var curves: [Double] = []
        var spring: [Double] = []
        switch animation.curve {
        case .bezier(let x1, let y1, let x2, let y2): curves = [x1, y1, x2, y2]
        case .spring(let s):
            spring = [s.mass, s.stiffness, s.damping, s.initialVelocity]
            if !animation.segmentCurves.isEmpty { curves = [0, 0, 1, 1] }
        }
        for case .bezier(let x1, let y1, let x2, let y2) in animation.segmentCurves { curves += [x1, y1, x2, y2] }
        let t = animation.timing
        var flags = Self.timingFlags(t)
        if animation.isAdditive { flags |= 2 }
        if animation.isDiscrete { flags |= 4 }
        if absoluteBegin { flags |= 32 }
        if keptOnCompletion { flags |= 64 }
        addAnimation(rawKey: key, keyPath: animation.property.keyPath, values: animation.property.wireValues(animation.values),
                     keyTimes: animation.keyTimes, curves: curves, spring: spring,
                     timing: Self.wireTiming(t), flags: flags)
    }

    /// CAMediaTiming as the wire's six doubles, and its autoreverse and fill as flags.
    static func wireTiming(_ t: MediaTiming) -> [Double] {
        [t.beginTime, t.duration, t.speed, t.timeOffset, t.repeatCount, t.repeatDuration]
    }

    static func timingFlags(_ t: MediaTiming) -> UInt32 {
        var flags: UInt32 = 0
        if t.autoreverses { flags |= 1 }
        if t.fillMode == .backwards || t.fillMode == .both { flags |= 8 }
        if t.fillMode == .forwards || t.fillMode == .both { flags |= 16 }
        return flags
    }

    /// Sends add_animation exactly as given, so tests can send what the compositor must refuse.
    public func addAnimation(rawKey key: String, keyPath: String, values: [Double], keyTimes: [Double] = [],
                             curves: [Double] = [], spring: [Double] = [], timing: [Double], flags: UInt32 = 0) {
        guard let proxy, display.isConnected else { return }
        withDoubleArrays([values, keyTimes, curves, spring, timing][...]) { arrays in
            strata_layer_v1_add_animation(proxy, key, keyPath, arrays[0], arrays[1], arrays[2], arrays[3], arrays[4], flags)
        }
    }

    /// Adds a transition under `key` (strata_layer_v1.add_transition): from
    /// the layer's appearance before the next commit to the one after it.
    public func addTransition(_ transition: LayerTransition, forKey key: String) {
        var curves: [Double] = []
        if case .bezier(let x1, let y1, let x2, let y2) = transition.curve { curves = [x1, y1, x2, y2] }
        addTransition(rawKey: key, kind: transition.kind.rawValue, direction: transition.direction.rawValue,
                      timing: Self.wireTiming(transition.timing),
                      curves: curves, progress: [transition.startProgress, transition.endProgress], flags: Self.timingFlags(transition.timing))
    }

    /// Sends add_transition exactly as given.
    public func addTransition(rawKey key: String, kind: UInt32, direction: UInt32, timing: [Double], curves: [Double] = [],
                              progress: [Double] = [0, 1], flags: UInt32 = 0) {
        guard let proxy, display.isConnected else { return }
        withDoubleArrays([timing, curves, progress][...]) { arrays in
            strata_layer_v1_add_transition(proxy, key, kind, direction, arrays[0], arrays[1], arrays[2], flags)
        }
    }

    public func removeAnimation(forKey key: String) {
        guard let proxy, display.isConnected else { return }
        strata_layer_v1_remove_animation(proxy, key)
    }

    /// The part of the contents shown, in unit coordinates.
    public func setContentsRect(_ rect: Rect) {
        guard let proxy, display.isConnected else { return }
        strata_layer_v1_set_contents_rect(proxy, wl_fixed_from_double(rect.minX), wl_fixed_from_double(rect.minY),
                                          wl_fixed_from_double(rect.width), wl_fixed_from_double(rect.height))
    }

    fileprivate func deliver(_ event: AnimationEvent) { onAnimationEvent?(event) }
}

/// Runs `body` with a wl_array over each list of doubles, valid only inside it.
func withDoubleArrays(_ lists: ArraySlice<[Double]>, _ collected: [UnsafeMutablePointer<wl_array>] = [],
                              _ body: ([UnsafeMutablePointer<wl_array>]) -> Void) {
    guard var first = lists.first else { return body(collected) }
    first.withUnsafeMutableBytes { bytes in
        var array = wl_array(size: bytes.count, alloc: bytes.count, data: bytes.baseAddress)
        withUnsafeMutablePointer(to: &array) { withDoubleArrays(lists.dropFirst(), collected + [$0], body) }
    }
}

private let layerListener: UnsafeMutablePointer<strata_layer_v1_listener> = {
    let listener = UnsafeMutablePointer<strata_layer_v1_listener>.allocate(capacity: 1)
    listener.initialize(to: strata_layer_v1_listener(
        animation_started: { data, _, key, secondsHigh, secondsLow, nanoseconds in
            let seconds = Double(UInt64(secondsHigh) << 32 | UInt64(secondsLow)) + Double(nanoseconds) / 1e9
            target(data)?.deliver(.started(key: String(cString: key!), time: seconds))
        },
        animation_ended: { data, _, key, finished in
            target(data)?.deliver(.ended(key: String(cString: key!), finished: finished != 0))
        }))
    return listener
}()

private func target(_ data: UnsafeMutableRawPointer?) -> Layer? {
    data.map { Unmanaged<Layer>.fromOpaque($0).takeUnretainedValue() }
}
