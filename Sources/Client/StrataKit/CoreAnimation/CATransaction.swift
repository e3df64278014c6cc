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

    private static var actionsDisabled = false
    private static var duration: CFTimeInterval = 0.25
    private static var completion: (() -> Void)?

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
    }

    public static func commit() {
        guard depth > 0 else { return }
        depth -= 1
        if depth == 0 && !implicitTransactionPending {
            updateScheduler?()
        }
    }

    /// Commits now: runs the update without waiting for the end of the turn.
    public static func flush() {
        implicitTransactionPending = false
        updateHandler?()
    }

    // Stored, not yet acted on: protocol v1 has no animations.
    public static func disableActions() -> Bool { actionsDisabled }
    public static func setDisableActions(_ flag: Bool) { actionsDisabled = flag }
    public static func animationDuration() -> CFTimeInterval { duration }
    public static func setAnimationDuration(_ newDuration: CFTimeInterval) { duration = newDuration }
    public static func completionBlock() -> (() -> Void)? { completion }
    public static func setCompletionBlock(_ block: (() -> Void)?) { completion = block }
}
