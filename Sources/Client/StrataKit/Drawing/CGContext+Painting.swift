import CCairo
import Foundation

/// Painting paths and rectangles with the fill and stroke colors, the global
/// alpha and the blend mode. Painting the current path consumes it, as in
/// Core Graphics; so do the rectangle and ellipse conveniences (Core Graphics
/// documents that fill(_:[CGRect]) "clears the current path").
extension CGContext {
    public func fillPath(using rule: CGPathFillRule = .winding) {
        cairo_set_fill_rule(cairo, rule.cairo)
        paintCastingShadow { cr in
            useSource(state.fillColor, on: cr)
            cairo_fill(cr)
        }
    }

    public func eoFillPath() {
        fillPath(using: .evenOdd)
    }

    public func strokePath() {
        paintCastingShadow { cr in
            useSource(state.strokeColor, on: cr)
            cairo_stroke(cr)
        }
    }

    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: fillPath(using: .winding)
        case .eoFill: fillPath(using: .evenOdd)
        case .stroke: strokePath()
        case .fillStroke, .eoFillStroke:
            cairo_set_fill_rule(cairo, mode == .fillStroke ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD)
            // One shape, one shadow.
            paintCastingShadow { cr in
                useSource(state.fillColor, on: cr)
                cairo_fill_preserve(cr)
                useSource(state.strokeColor, on: cr)
                cairo_stroke(cr)
            }
        }
    }

    public func fill(_ rect: CGRect) {
        fill([rect])
    }

    public func fill(_ rects: [CGRect]) {
        beginPath()
        addRects(rects)
        fillPath()
    }

    public func stroke(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        strokePath()
    }

    public func stroke(_ rect: CGRect, width: CGFloat) {
        cairo_save(cairo)
        setLineWidth(width)
        stroke(rect)
        cairo_restore(cairo)
    }

    public func fillEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        fillPath()
    }

    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        strokePath()
    }

    /// Makes `rect` transparent, whatever the blend mode and alpha (CGContextClearRect).
    public func clear(_ rect: CGRect) {
        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        beginPath()
        addRect(rect)
        cairo_fill(cairo)
        cairo_restore(cairo)
    }
}
