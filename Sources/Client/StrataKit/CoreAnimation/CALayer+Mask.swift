import Foundation

// CALayer.mask: a layer outside the sublayer tree whose alpha masks its
// owner. The mask is still part of the owner's tree for everything but
// drawing: it is laid out, displayed and sent with it (its node is made
// when the owner's set_mask is sent), and it belongs to the owner's window.

extension CALayer {
    /// The layer this one is drawn within: its superlayer, or the layer it masks.
    var containingLayer: CALayer? { superlayer ?? maskedLayer }

    /// `mask` was set: the old mask is let go; the new one leaves any
    /// superlayer and any layer it masked (Core Animation leaves both
    /// undefined; the compositor refuses them), and carries its pending
    /// layout and display up, as a new sublayer does.
    func maskDidChange(from old: CALayer?) {
        if let old, old.maskedLayer === self { old.maskedLayer = nil }
        if let mask {
            precondition(!isWithin(mask), "a layer cannot be masked by itself or by a layer it is drawn within")
            mask.removeFromSuperlayer()
            if let previous = mask.maskedLayer, previous !== self { previous.mask = nil }
            mask.maskedLayer = self
            if mask.needsLayoutFlag || mask.descendantNeedsLayout { markDescendantNeedsLayout() }
            if !mask.needsDisplayRect.isNull || mask.descendantNeedsDisplay { markDescendantNeedsDisplay() }
        }
        didChange(.mask)
    }

    /// Whether `self` is `layer` or drawn within it (a sublayer or mask, at any depth).
    func isWithin(_ layer: CALayer) -> Bool {
        var current: CALayer? = self
        while let node = current {
            if node === layer { return true }
            current = node.containingLayer
        }
        return false
    }

    /// A mask joining a tree as a sublayer stops masking (see `maskDidChange`).
    func stopMasking() {
        guard let owner = maskedLayer else { return }
        owner.mask = nil
    }
}
