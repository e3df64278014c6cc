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
        wire = animation.layerAnimations(on: layer, begin: 0)
        beginTime = animation.beginTime == 0 ? CACurrentMediaTime() : animation.beginTime
        transition = (animation as? CATransition)?.layerTransition
        Self.nextSerial += 1
        let serial = Self.nextSerial
        wireKeys = (0..<(wire.count + (transition == nil ? 0 : 1))).map { "\(key)#\(serial).\($0)" }
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
