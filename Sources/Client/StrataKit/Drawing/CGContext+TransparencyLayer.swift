import CCairo
import Foundation

/// Core Graphics' transparency layers: what is drawn between begin and end
/// is composited as one image, with the alpha (and blend mode) in effect
/// at `beginTransparencyLayer`, so overlapping shapes inside do not show
/// through each other. Inside, alpha starts at 1 again. Layers nest.
extension CGContext {
    /// Begins a transparency layer; auxiliary information is ignored, as Core Graphics ignores it.
    public func beginTransparencyLayer(auxiliaryInfo: [AnyHashable: Any]?) {
        saveGState()
        cairo_push_group(cairo)
        state.alpha = 1
        state.shadow = nil
    }

    /// Begins a transparency layer whose drawing is limited to `rect` (user space).
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: [AnyHashable: Any]?) {
        saveGState()
        clip(to: rect)
        cairo_push_group(cairo)
        state.alpha = 1
        state.shadow = nil
    }

    /// Composites the layer's drawing with the alpha and the shadow in effect when it began.
    public func endTransparencyLayer() {
        guard let outer = savedStates.last, let group = cairo_pop_group(cairo) else { return }
        defer { cairo_pattern_destroy(group) }
        restoreGState()
        paintCastingShadow { cr in
            cairo_set_source(cr, group)
            cairo_paint_with_alpha(cr, Double(outer.alpha))
        }
    }
}
