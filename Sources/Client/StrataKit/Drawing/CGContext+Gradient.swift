import CCairo
import Foundation

/// Gradients fill the whole clipping area (and leave the current path alone).
extension CGContext {
    /// Paints the gradient along the line from `start` to `end`; past the
    /// ends only where `options` says so.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint,
                                   options: CGGradientDrawingOptions) {
        let pattern = cairo_pattern_create_linear(Double(start.x), Double(start.y), Double(end.x), Double(end.y))!
        defer { cairo_pattern_destroy(pattern) }
        gradient.addStops(to: pattern, alpha: state.alpha)
        let direction = CGPoint(x: end.x - start.x, y: end.y - start.y)
        let length = (direction.x * direction.x + direction.y * direction.y).squareRoot()
        guard length > 0 else { return }
        let u = CGPoint(x: direction.x / length, y: direction.y / length), n = CGPoint(x: -u.y, y: u.x)
        // cairo pads both ends or neither; one open end is the padded
        // gradient clipped to the half-plane on the drawn side.
        let far: CGFloat = 1e6
        func halfPlane(from p: CGPoint, towards s: CGFloat) {
            let a = CGPoint(x: p.x + n.x * far, y: p.y + n.y * far), b = CGPoint(x: p.x - n.x * far, y: p.y - n.y * far)
            addLines(between: [a, b, CGPoint(x: b.x + u.x * far * s, y: b.y + u.y * far * s),
                               CGPoint(x: a.x + u.x * far * s, y: a.y + u.y * far * s)])
            closePath()
            cairo_clip(cairo)
        }
        paint(pattern) {
            if !options.contains(.drawsBeforeStartLocation) { halfPlane(from: start, towards: 1) }
            if !options.contains(.drawsAfterEndLocation) { halfPlane(from: end, towards: -1) }
        }
    }

    /// Paints the gradient between the start circle and the end circle;
    /// inside the start / outside the end only where `options` says so.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        let pattern = cairo_pattern_create_radial(Double(startCenter.x), Double(startCenter.y), Double(startRadius),
                                                  Double(endCenter.x), Double(endCenter.y), Double(endRadius))!
        defer { cairo_pattern_destroy(pattern) }
        gradient.addStops(to: pattern, alpha: state.alpha)
        paint(pattern) {
            if !options.contains(.drawsAfterEndLocation) {
                addEllipse(in: CGRect(x: endCenter.x - endRadius, y: endCenter.y - endRadius,
                                      width: 2 * endRadius, height: 2 * endRadius))
                cairo_clip(cairo)
            }
            if !options.contains(.drawsBeforeStartLocation), startRadius > 0 {
                addRect(CGRect(x: -1e6, y: -1e6, width: 2e6, height: 2e6))
                addEllipse(in: CGRect(x: startCenter.x - startRadius, y: startCenter.y - startRadius,
                                      width: 2 * startRadius, height: 2 * startRadius))
                cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
                cairo_clip(cairo)
            }
        }
    }

    /// Paints `pattern` (padded at both ends) over the clip narrowed by `clip`.
    private func paint(_ pattern: OpaquePointer, clip: () -> Void) {
        preservingPath {
            cairo_save(cairo)
            clip()
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_set_source(cairo, pattern)
            cairo_paint(cairo)
            cairo_restore(cairo)
        }
    }
}
