import Foundation
import StrataProtocol
import StrataWayland

/// One animation a layer holds under a key: the copy that was added, what
/// it plays on the compositor, and where it stands. Each add gets wire keys
/// of its own, so the events of an animation that was replaced cannot be
/// taken for its successor's.
final class LayerAnimationEntry {
    let key: String
    let animation: CAAnimation
    /// The animations the compositor plays, made when added; their begin
    /// times are relative to the entry's `beginTime`.
    var wire: [LayerAnimation]
    /// What a CATransition plays; its wire key is the last one.
    var transition: LayerTransition?
    let wireKeys: [String]
    weak var layer: CALayer?
    /// When it begins, in CACurrentMediaTime's clock: estimated when added,
    /// fixed by the commit that sends it.
    private(set) var beginTime: Double
    var isSent = false
    /// Played by a timer here, never sent (see completeLocally).
    private(set) var isLocal = false
    private var started = Set<String>()
    private var ended: [String: Bool] = [:]
    private(set) var hasEnded = false

    private static var nextSerial = 0
    /// Entries by wire key, until their compositor animations ended.
    private static var live: [String: LayerAnimationEntry] = [:]

    init(key: String, animation: CAAnimation, layer: CALayer) {
        self.key = key
        self.animation = animation
        self.layer = layer
        wire = animation.layerAnimations(on: layer, begin: 0).compactMap(Self.sendable)
        beginTime = animation.beginTime == 0 ? CACurrentMediaTime() : animation.beginTime
        transition = (animation as? CATransition)?.layerTransition
        if transition?.problem != nil { transition = nil }
        Self.nextSerial += 1
        let serial = Self.nextSerial
        // Within the protocol's 255 bytes however long the app's key.
        let prefix = String(decoding: key.utf8.prefix(100), as: UTF8.self)
        wireKeys = (0..<(wire.count + (transition == nil ? 0 : 1))).map { "\(prefix)#\(serial).\($0)" }
        for wireKey in wireKeys { Self.live[wireKey] = self }
    }

    /// Fixes the begin time at the commit that sends it: beginTime 0 means
    /// "now", as Core Animation sets it when the transaction commits.
    func fixBegin(now: Double) {
        if animation.beginTime == 0 { animation.beginTime = now }
        beginTime = animation.beginTime
    }

    /// The compositor's animations with absolute begin times.
    var scheduledWire: [LayerAnimation] {
        wire.map { var a = $0; a.timing.beginTime += beginTime; return a }
    }

    /// An animation as the compositor will take it, or nil for one it must
    /// refuse (a timing out of range): what Core Animation ignores (bad key
    /// times, a curve's x outside 0...1) is dropped or clamped, and a long
    /// keyframe list is thinned to fit one 4 KiB Wayland message.
    static func sendable(_ animation: LayerAnimation) -> LayerAnimation? {
        var a = animation
        let limit = 16_777_216.0
        a.values = a.values.map { $0.map { min(max($0, -limit), limit) } }
        if a.values.contains(where: { $0.contains(where: \.isNaN) }) { return nil }
        let timesFit = a.keyTimes.count == a.values.count || (a.isDiscrete && a.keyTimes.count == a.values.count + 1)
        if !timesFit || a.keyTimes.contains(where: { !(0...1).contains($0) })
            || zip(a.keyTimes, a.keyTimes.dropFirst()).contains(where: { $0 > $1 }) { a.keyTimes = [] }
        func clamped(_ curve: TimingCurve) -> TimingCurve {
            guard case .bezier(let x1, let y1, let x2, let y2) = curve, !curve.isValid else { return curve }
            func unit(_ x: Double) -> Double { x.isNaN ? 0 : min(max(x, 0), 1) }
            func bounded(_ y: Double) -> Double { y.isNaN ? 0 : min(max(y, -1000), 1000) }
            return .bezier(x1: unit(x1), y1: bounded(y1), x2: unit(x2), y2: bounded(y2))
        }
        a.curve = clamped(a.curve)
        a.segmentCurves = a.segmentCurves.count == a.values.count - 1 ? a.segmentCurves.map(clamped) : []
        // About 3.5 KiB of doubles: the message's other parts fit in the rest.
        let budget = 440 - 4 * (a.segmentCurves.count + 1) - 12
        if a.property.isVariableLength {
            // Paths, colors, locations: as many keyframes as fit, first and last
            // kept; an animation whose two ends do not fit is not sent.
            let sizes = a.values.map { $0.count + 2 }
            if sizes.reduce(0, +) > budget {
                guard a.values.count > 1, sizes[0] + sizes[sizes.count - 1] <= budget else { return nil }
                a.values = [a.values[0], a.values[a.values.count - 1]]
                a.keyTimes = []
                a.segmentCurves = []
            }
            return a.problem == nil ? a : nil
        }
        let perValue = a.property.components + 1
        if a.values.count * perValue > budget {
            let count = max(2, budget / perValue)
            let times = a.keyTimes.isEmpty ? (0..<a.values.count).map { Double($0) / Double(max(a.values.count - 1, 1)) } : a.keyTimes
            let picks = (0..<count).map { Int((Double($0) * Double(a.values.count - 1) / Double(count - 1)).rounded()) }
            a.values = picks.map { a.values[$0] }
            a.keyTimes = picks.map { times[$0] }
            a.segmentCurves = []
        }
        return a.problem == nil ? a : nil
    }

    /// Whether the compositor can play it: it animates something it draws.
    var isPlayable: Bool { !wire.isEmpty || transition != nil }

    /// When it ends, in media time (infinite when it repeats forever).
    var endTime: Double {
        let ends = scheduledWire.map(\.timing.endTime) + (transition.map { [$0.timing.endTime + beginTime] } ?? [])
        return ends.max() ?? animation.mediaTiming(begin: beginTime).endTime
    }

    // MARK: Events

    static func handle(_ event: AnimationEvent) {
        switch event {
        case .started(let wireKey, let time):
            live[wireKey]?.wireStarted(wireKey, at: time)
        case .ended(let wireKey, let finished):
            guard let entry = live.removeValue(forKey: wireKey) else { return }
            entry.wireEnded(wireKey, finished: finished)
        }
    }

    private func wireStarted(_ wireKey: String, at time: Double) {
        let first = started.isEmpty
        started.insert(wireKey)
        // The compositor's begin time, on the clock CACurrentMediaTime reads
        // (unless the compositor runs a manual clock, which is far off): then
        // presentation() matches the screen to the frame.
        let index = wireKeys.firstIndex(of: wireKey) ?? 0
        let offset = index < wire.count ? wire[index].timing.beginTime : (transition?.timing.beginTime ?? 0)
        if first, abs(time - (beginTime + offset)) < 1 { beginTime = time - offset }
        if first { didStart() }
    }

    private func wireEnded(_ wireKey: String, finished: Bool) {
        if !started.contains(wireKey) && finished { wireStarted(wireKey, at: 0) }
        ended[wireKey] = finished
        if ended.count == wireKeys.count { didEnd(finished: ended.values.allSatisfy { $0 }) }
    }

    /// Plays the events here, on a timer, for an animation the compositor
    /// does not play (nothing to draw, or no compositor).
    func completeLocally() {
        guard !isLocal, !isSent else { return }
        isLocal = true
        for wireKey in wireKeys { Self.live[wireKey] = nil }
        let now = CACurrentMediaTime()
        fixBegin(now: now)
        let start = max(beginTime - now, 0), end = endTime
        DispatchQueue.main.asyncAfter(deadline: .now() + start) { [self] in
            guard !hasEnded else { return }
            didStart()
            guard end.isFinite else { return }
            DispatchQueue.main.asyncAfter(deadline: .now() + max(end - CACurrentMediaTime(), 0)) { [self] in
                guard !hasEnded else { return }
                didEnd(finished: true)
            }
        }
    }

    /// Removed before it ended: the delegate hears finished == false, from
    /// the compositor if it has it, else on the next turn.
    func cancel() {
        guard !hasEnded else { return }
        if isSent { return }
        for wireKey in wireKeys { Self.live[wireKey] = nil }
        DispatchQueue.main.async { [self] in if !hasEnded { didEnd(finished: false) } }
    }

    /// Its layer was freed: the compositor's layer goes with it, without
    /// events, so the delegate and completion hear finished == false here.
    func layerWasFreed() {
        for wireKey in wireKeys { Self.live[wireKey] = nil }
        guard !hasEnded else { return }
        DispatchQueue.main.async { [self] in if !hasEnded { didEnd(finished: false) } }
    }

    private var didSignalStart = false

    private func didStart() {
        guard !didSignalStart else { return }
        didSignalStart = true
        animation.delegate?.animationDidStart(animation)
    }

    private func didEnd(finished: Bool) {
        guard !hasEnded else { return }
        hasEnded = true
        if finished, animation.isRemovedOnCompletion { layer?.animationDidComplete(self) }
        animation.delegate?.animationDidStop(animation, finished: finished)
        for group in animation.viewAnimationGroups { group.animationEnded(finished: finished) }
    }
}
