import Foundation
import StrataWayland

extension CompositorConnection {
    /// Sends the turn's changes as one transaction: every changed layer of
    /// the shown windows, new roots, and the destruction of layers that are
    /// gone; then one commit: strata_layers_v1.commit and a flush, or the
    /// local compositor's, which draws the frame.
    ///
    /// Flow control (Strata only): while max_pending_commits commits are
    /// unanswered, the changes stay recorded on their layers and go with
    /// the commit after the next presented event. Returns whether a commit was made.
    func commitTransaction(shownWindows windows: [UIWindow]) -> Bool {
        if let layerManager, !layerManager.canCommit {
            isCommitHeldBack = true
            flush()
            return false
        }
        isCommitHeldBack = false

        var surfaces: [ObjectIdentifier: WindowSurface] = [:]
        for window in windows { if let surface = window.surface { surfaces[ObjectIdentifier(window.layer)] = surface } }
        func surface(of layer: CALayer) -> WindowSurface? {
            // A mask belongs to the window of the layer it masks.
            var top = layer
            while let parent = top.containingLayer { top = parent }
            return surfaces[ObjectIdentifier(top)]
        }
        (encoder.transport as? WireLayerTransport)?.windowPool = { surface(of: $0)?.bufferPool }
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
            surface.show(encoder.materialize(window.layer))
            surface.isRootSent = true
            needsCommit = true
        }
        var committed = false
        if needsCommit || !encoder.summary.isEmpty {
            encoder.flushIfNeeded(force: true)
            if let layerManager {
                lastCommitSerial = layerManager.commit()
            } else {
                for window in windows { window.surface?.fitToWindow() }
                localCompositor?.commit()
            }
            lastSummary = encoder.summary
            needsCommit = false
            committed = true
        }
        for surface in surfaces.values { surface.bufferPool.trim() }
        // After the commit that mapped them (an activation names a mapped window).
        for window in windows {
            guard let surface = window.surface, !surface.wasMapped, surface.isMapped else { continue }
            surface.mapped()
        }
        flush()
        return committed
    }
}
