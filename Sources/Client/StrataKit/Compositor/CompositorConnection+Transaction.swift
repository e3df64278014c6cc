import Foundation
import StrataWayland

extension CompositorConnection {
    /// Sends the turn's changes as one transaction: every changed layer of
    /// the shown windows, new roots, and the destruction of layers that are
    /// gone; then one strata_layers_v1.commit and a flush.
    ///
    /// Flow control: while max_pending_commits commits are unanswered, the
    /// changes stay recorded on their layers and go with the commit after
    /// the next presented event. Returns whether a commit was sent.
    func commitTransaction(shownWindows windows: [UIWindow]) -> Bool {
        guard layerManager.canCommit else {
            isCommitHeldBack = true
            flush()
            return false
        }
        isCommitHeldBack = false

        var surfaces: [ObjectIdentifier: WindowSurface] = [:]
        for window in windows { if let surface = window.surface { surfaces[ObjectIdentifier(window.layer)] = surface } }
        func surface(of layer: CALayer) -> WindowSurface? {
            var top = layer
            while let superlayer = top.superlayer { top = superlayer }
            return surfaces[ObjectIdentifier(top)]
        }
        let sharedPool = fallbackBufferPool
        encoder.bufferPool = { layer in surface(of: layer)?.bufferPool ?? sharedPool }
        encoder.rootLayers = Set(surfaces.keys)

        encoder.begin()
        do {
            let changed = CATransaction.changedLayers
            CATransaction.changedLayers = []
            encoder.encode(changed, isShown: { surface(of: $0) != nil })
        }
        // After the changed list is let go: layers removed this turn are freed now.
        encoder.sweepDeadLayers()
        for window in windows {
            guard let surface = window.surface, surface.isConfigured, !surface.isRootSent else { continue }
            surface.context.setRootLayer(encoder.materialize(window.layer))
            surface.isRootSent = true
            needsCommit = true
        }
        var committed = false
        if needsCommit || !encoder.summary.isEmpty {
            encoder.flushIfNeeded(force: true)
            lastCommitSerial = layerManager.commit()
            lastSummary = encoder.summary
            needsCommit = false
            committed = true
        }
        for surface in surfaces.values { surface.bufferPool.trim() }
        flush()
        return committed
    }
}
