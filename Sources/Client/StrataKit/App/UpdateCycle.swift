import Dispatch
import Foundation

/// The work at the end of each run-loop turn that changed something, in
/// UIKit's order: the layout pass (each window's `layoutIfNeeded`:
/// autoresizing, then `layoutSubviews`, top-down), the display pass
/// (`display()` of every layer that needs it), then one commit of every
/// changed layer. However many changes a turn makes, they reach the
/// compositor in one strata_layers_v1.commit.
///
/// Core Animation commits its implicit transaction from a run-loop
/// observer; here a change schedules the update as a block on the main
/// queue, which runs after the code that made the change has returned to
/// the run loop, so everything the current turn does lands in one update.
final class UpdateCycle {
    static let shared = UpdateCycle()

    private var isScheduled = false
    private var isRunning = false
    /// How many updates ran and how many commits they sent (for tests).
    private(set) var updateCount = 0
    private(set) var commitCount = 0

    /// Makes CATransaction schedule and run updates through this cycle.
    func install() {
        CATransaction.updateScheduler = { UpdateCycle.shared.schedule() }
        CATransaction.updateHandler = { UpdateCycle.shared.run() }
    }

    /// Asks for an update at the end of this turn (once, however often asked).
    func schedule() {
        guard !isScheduled else { return }
        isScheduled = true
        DispatchQueue.main.async { [self] in
            guard isScheduled else { return }
            run()
        }
    }

    /// Runs the update now.
    func run() {
        // Layout or drawing code that changes layers asks for another update;
        // what it changes is part of this one.
        guard !isRunning else { return }
        isRunning = true
        defer { isRunning = false }
        isScheduled = false
        CATransaction.implicitTransactionPending = false
        updateCount += 1

        let application = UIApplication.shared
        CompositorConnection.current?.dispatchPending()
        let windows = application.windows
        for window in windows { window.synchronizeVisibility() }
        let shown = windows.filter(\.isShownOnCompositor)
        for window in shown { layOut(window) }
        for window in shown { displayPass(window.layer) }
        if let compositor = CompositorConnection.current {
            if compositor.commitTransaction(shownWindows: shown) { commitCount += 1 }
        } else {
            // Nothing is shown: layers are sent in full when their window is.
            for layer in CATransaction.changedLayers { layer.completeAnimationsLocally() }
            CATransaction.changedLayers = []
        }
        CATransaction.didCommit()
        // Requests made by this update's own layout and drawing were served
        // by it. Layers changed after the encoder took its list (by code run
        // from the commit) need another update, unless flow control holds
        // commits back: then the next presented event asks for it.
        let heldBack = CompositorConnection.current?.isCommitHeldBack ?? false
        let workLeft = !CATransaction.changedLayers.isEmpty || shown.contains { hasPendingPasses($0.layer) }
            || LayoutEngine.shared.needsLayoutPass
        if !workLeft || heldBack { isScheduled = false }
    }

    /// The layout pass. Layout code may ask for more layout (a child that
    /// sizes itself makes its superview need layout again); that is part of
    /// this pass, repeated a few times at most so a view that always asks
    /// cannot hang the app.
    private func layOut(_ window: UIWindow) {
        for _ in 0..<8 {
            window.layoutIfNeeded()
            let root = window.layer
            // Constraints changed by this layout move views laid out before it.
            guard root.needsLayout() || root.descendantNeedsLayout || LayoutEngine.shared.needsLayoutPass else { return }
        }
    }

    /// Layout or display asked for after its pass (from `draw(_:)`, say) needs another update.
    private func hasPendingPasses(_ root: CALayer) -> Bool {
        root.needsLayout() || root.descendantNeedsLayout || root.needsDisplay() || root.descendantNeedsDisplay
    }

    /// Displays every layer of the tree that needs it, front to back in
    /// tree order. Damage from a display whose contents were not sent yet
    /// (a commit held back by flow control) is kept, not overwritten.
    private func displayPass(_ layer: CALayer) {
        if layer.needsDisplay() {
            let unsent = layer.changes.contains(.contents)
            let earlierDamage = layer.contentsDamage
            layer.displayIfNeeded()
            if unsent {
                if let earlierDamage, let newDamage = layer.contentsDamage {
                    layer.contentsDamage = earlierDamage + newDamage
                } else {
                    layer.contentsDamage = nil
                }
            }
        }
        guard layer.descendantNeedsDisplay else { return }
        layer.descendantNeedsDisplay = false
        for sublayer in layer.sublayers ?? [] { displayPass(sublayer) }
        if let mask = layer.mask { displayPass(mask) }
    }
}
