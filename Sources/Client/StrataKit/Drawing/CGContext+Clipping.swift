import CCairo
import Foundation

/// The clipping area: painting happens only inside it. Clipping narrows it;
/// restoreGState widens it back.
extension CGContext {
    /// Intersects the clip with the current path, and consumes the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        cairo_set_fill_rule(cairo, rule.cairo)
        cairo_clip(cairo)
    }

    public func eoClip() {
        clip(using: .evenOdd)
    }

    /// Intersects the clip with `rect` (the current path is left alone).
    public func clip(to rect: CGRect) {
        clip(to: [rect])
    }

    /// Intersects the clip with the union of `rects` (the current path is left alone).
    public func clip(to rects: [CGRect]) {
        preservingPath {
            addRects(rects)
            cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
            cairo_clip(cairo)
        }
    }

    /// The bounds of the clipping area, in user space.
    public var boundingBoxOfClipPath: CGRect {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cairo, &x1, &y1, &x2, &y2)
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }
}
