import Foundation

/// Core Animation's time interval, in seconds.
public typealias CFTimeInterval = Double

/// Groups layer changes into one update of the compositor's tree. Every turn
/// of the run loop that changes a layer has an implicit transaction, committed
/// at its end by the app's update cycle (installed as `updateScheduler` /
/// `updateHandler`); explicit begin()/commit() pairs nest inside it.
open class CATransaction {
    /// Layers changed since the encoder last ran, in order, each once.
    static var changedLayers: [CALayer] = [] {
        didSet { if !isRecording { recordedLayers = Set(changedLayers.map(ObjectIdentifier.init)) } }
    }
    private static var recordedLayers = Set<ObjectIdentifier>()

    /// Layers freed since the encoder last looked, so it destroys their
    /// compositor layers without checking every layer it knows. Recorded
    /// only once a compositor connection wants them.
    static var recordsDeallocations = false
    static var deallocatedLayers: [ObjectIdentifier] = []
    private static var isRecording = false

    /// Schedules the end-of-turn update (installed by the app; nil in unit tests).
    static var updateScheduler: (() -> Void)?
    /// Runs the update now: layout, display, send (installed by the app).
    static var updateHandler: (() -> Void)?

    /// How many explicit transactions are open.
    static private(set) var depth = 0
    /// Whether the scheduler was asked for an update that has not run yet.
    static var implicitTransactionPending = false

    /// Counts committed transactions: a layer made in the current one has
    /// no presentation yet, so its changes are not animated.
    static private(set) var transactionNumber = 0

    /// Explicit transactions' settings, innermost last; the implicit
    /// transaction's are the outermost.
    private struct Settings {
        var actionsDisabled = false
        var duration: CFTimeInterval = 0.25
        var timingFunction: CAMediaTimingFunction?
        var completion: (() -> Void)?
        /// Animations added while this transaction was open, whose end runs the completion block.
        var group: ViewAnimationGroup?
    }
    private static var settings: [Settings] = [Settings()]

    static func layerDidChange(_ layer: CALayer) {
        let id = ObjectIdentifier(layer)
        if !recordedLayers.contains(id) {
            isRecording = true
            recordedLayers.insert(id)
            changedLayers.append(layer)
            isRecording = false
        }
        requestUpdate()
    }

    /// Something needs the end-of-turn update (a change, a layout or display request).
    static func requestUpdate() {
        implicitTransactionPending = true
        updateScheduler?()
    }

    public static func begin() {
        depth += 1
        var inner = settings.last!
        inner.completion = nil
        inner.group = nil
        settings.append(inner)
    }

    public static func commit() {
        guard depth > 0 else { return }
        depth -= 1
        let closed = settings.removeLast()
        if let completion = closed.completion { ViewAnimationGroup.finish(closed.group, completion) }
        if depth == 0 && !implicitTransactionPending {
            updateScheduler?()
        }
    }

    /// Commits now: runs the update without waiting for the end of the turn.
    public static func flush() {
        implicitTransactionPending = false
        if let updateHandler {
            updateHandler()
        } else {
            // No app and no compositor: animations play their events on timers here.
            for layer in changedLayers { layer.completeAnimationsLocally() }
            didCommit()
        }
    }

    /// The implicit transaction was committed (end of the update).
    static func didCommit() {
        transactionNumber += 1
        guard depth == 0 else { return }
        if let completion = settings[0].completion { ViewAnimationGroup.finish(settings[0].group, completion) }
        settings[0] = Settings()
    }

    /// The group that the current transaction's completion block waits for.
    static var currentGroup: ViewAnimationGroup? {
        guard settings[settings.count - 1].completion != nil else { return nil }
        if settings[settings.count - 1].group == nil { settings[settings.count - 1].group = ViewAnimationGroup() }
        return settings[settings.count - 1].group
    }

    // The innermost transaction's settings, which implicit animations use.
    public static func disableActions() -> Bool { settings.last!.actionsDisabled }
    public static func setDisableActions(_ flag: Bool) { settings[settings.count - 1].actionsDisabled = flag }
    public static func animationDuration() -> CFTimeInterval { settings.last!.duration }
    public static func setAnimationDuration(_ newDuration: CFTimeInterval) { settings[settings.count - 1].duration = newDuration }
    public static func animationTimingFunction() -> CAMediaTimingFunction? { settings.last!.timingFunction }
    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        settings[settings.count - 1].timingFunction = function
    }
    public static func completionBlock() -> (() -> Void)? { settings.last!.completion }
    /// Runs once every animation added to layers in this transaction has
    /// ended (at once, on the next turn, when none was added).
    public static func setCompletionBlock(_ block: (() -> Void)?) { settings[settings.count - 1].completion = block }
}
