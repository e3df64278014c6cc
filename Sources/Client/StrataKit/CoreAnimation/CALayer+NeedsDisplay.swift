import Foundation

extension CALayer {
    /// Invalidates the whole bounds.
    public func setNeedsDisplay() {
        setNeedsDisplay(bounds)
    }

    /// Invalidates `r` (bounds coordinates); invalidations accumulate as a
    /// union until the next display pass.
    public func setNeedsDisplay(_ r: CGRect) {
        let rect = r.standardized
        if rect.isNull { return }
        needsDisplayRect = needsDisplayRect.isNull ? rect : needsDisplayRect.union(rect)
        CATransaction.requestUpdate()
    }

    public func needsDisplay() -> Bool { !needsDisplayRect.isNull }

    /// Calls `display()` when invalidated, then marks the layer clean.
    public func displayIfNeeded() {
        guard needsDisplay() else { return }
        display()
        needsDisplayRect = .null
    }

    /// The display pass of the update cycle: every layer of the subtree that
    /// needs display, parents before children.
    func displayLayersIfNeeded() {
        displayIfNeeded()
        guard descendantNeedsDisplay else { return }
        descendantNeedsDisplay = false
        for sublayer in sublayerStorage { sublayer.displayLayersIfNeeded() }
        mask?.displayLayersIfNeeded()
    }

    /// Marks this layer and its superlayers (or the layer it masks) as having a descendant to display.
    func markDescendantNeedsDisplay() {
        var layer: CALayer? = self
        while let current = layer, !current.descendantNeedsDisplay {
            current.descendantNeedsDisplay = true
            layer = current.containingLayer
        }
    }
}
