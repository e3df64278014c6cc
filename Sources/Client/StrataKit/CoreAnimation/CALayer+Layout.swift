import Foundation

extension CALayer {
    public func setNeedsLayout() {
        needsLayoutFlag = true
        CATransaction.requestUpdate()
    }

    public func needsLayout() -> Bool { needsLayoutFlag }

    /// As CA documents: the superlayers are walked up while they need layout,
    /// and the whole tree below the topmost of them is laid out, top-down.
    public func layoutIfNeeded() {
        var top = self
        while let parent = top.superlayer, parent.needsLayoutFlag { top = parent }
        top.layoutRecursively()
    }

    /// Lays out this layer if it needs it, then its sublayers.
    func layoutRecursively() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        guard descendantNeedsLayout else { return }
        descendantNeedsLayout = false
        for sublayer in sublayerStorage { sublayer.layoutRecursively() }
        mask?.layoutRecursively()
    }

    /// Marks this layer and its superlayers (or the layer it masks) as having a descendant to lay out.
    func markDescendantNeedsLayout() {
        var layer: CALayer? = self
        while let current = layer, !current.descendantNeedsLayout {
            current.descendantNeedsLayout = true
            layer = current.containingLayer
        }
    }
}
