import CCairo
import CPixman
import StrataProtocol

/// Rasterises shapes into a8 coverage with cairo, whose image backend is
/// pixman: fills, strokes (caps, joins, dashes, a trimmed range), rounded
/// rects. Paths are given in layer coordinates; the raster's placement maps
/// them to its pixels.
enum PathRasterizer {
    /// A cairo context drawing into `raster` in layer coordinates.
    private static func withContext(_ raster: CoverageRaster, _ body: (OpaquePointer) -> Void) {
        let surface = cairo_image_surface_create_for_data(raster.bytes, CAIRO_FORMAT_A8, Int32(raster.placement.width),
                                                          Int32(raster.placement.height), Int32(raster.stride))!
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else { return }
        defer { cairo_destroy(cr) }
        let t = raster.placement.layerToRaster
        var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_set_matrix(cr, &matrix)
        body(cr)
        cairo_surface_flush(surface)
    }

    /// Fills `path` with `alpha` coverage (over what is there).
    static func fill(_ path: LayerPath, rule: FillRule, alpha: Double = 1, into raster: CoverageRaster) {
        withContext(raster) { cr in
            append(path, to: cr)
            cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_set_source_rgba(cr, 0, 0, 0, alpha)
            cairo_fill(cr)
        }
    }

    /// Strokes `shape`'s path as CAShapeLayer does: the part between
    /// strokeStart and strokeEnd, dashed, with its caps and joins.
    static func stroke(_ shape: ShapeStyle, alpha: Double = 1, into raster: CoverageRaster) {
        withContext(raster) { cr in
            if shape.strokeStart > 0 || shape.strokeEnd < 1 {
                let parts = StrokeTrimming.trimmed(shape.path, from: shape.strokeStart, to: shape.strokeEnd,
                                                   flattenedWith: cr)
                cairo_new_path(cr)
                for polyline in parts where polyline.count > 1 {
                    cairo_move_to(cr, polyline[0].x, polyline[0].y)
                    for p in polyline.dropFirst() { cairo_line_to(cr, p.x, p.y) }
                }
            } else {
                append(shape.path, to: cr)
            }
            cairo_set_line_width(cr, shape.lineWidth)
            cairo_set_line_cap(cr, [CAIRO_LINE_CAP_BUTT, CAIRO_LINE_CAP_ROUND, CAIRO_LINE_CAP_SQUARE][Int(shape.lineCap.rawValue)])
            cairo_set_line_join(cr, [CAIRO_LINE_JOIN_MITER, CAIRO_LINE_JOIN_ROUND, CAIRO_LINE_JOIN_BEVEL][Int(shape.lineJoin.rawValue)])
            cairo_set_miter_limit(cr, shape.miterLimit)
            var coverage = alpha
            if shape.lineDashPattern.contains(where: { $0 > 0 }) {
                if dashCount(shape) <= maximumDashes {
                    cairo_set_dash(cr, shape.lineDashPattern, Int32(shape.lineDashPattern.count), shape.lineDashPhase)
                } else {
                    // Dashes too fine to count: a solid line as dark as their painted share.
                    coverage *= paintedShare(of: shape.lineDashPattern)
                }
            }
            cairo_set_source_rgba(cr, 0, 0, 0, coverage)
            cairo_stroke(cr)
        }
    }

    /// More dashes than this along one path are drawn as a solid line
    /// instead: a client's dash of 0.001 point along a path of a million
    /// points must not cost the compositor a billion dashes.
    static let maximumDashes = 100_000.0

    /// How many dashes a stroke has at most: its control polygon's length
    /// (no shorter than the curve) over the pattern's period.
    static func dashCount(_ shape: ShapeStyle) -> Double {
        var length = 0.0
        var current = Point.zero, start = Point.zero
        for element in shape.path.elements {
            for p in element.points {
                let dx = p.x - current.x, dy = p.y - current.y
                length += (dx * dx + dy * dy).squareRoot()
                current = p
            }
            if case .move(let p) = element { (current, start) = (p, p) }
            if case .close = element { current = start }
        }
        let period = shape.lineDashPattern.reduce(0, +) * (shape.lineDashPattern.count % 2 == 1 ? 2 : 1)
        return period > 0 ? length / period : .infinity
    }

    /// The part of a dash pattern that is painted (an odd pattern repeats once more, swapping on and off).
    static func paintedShare(of pattern: [Double]) -> Double {
        let doubled = pattern.count % 2 == 1 ? pattern + pattern : pattern
        let total = doubled.reduce(0, +)
        guard total > 0 else { return 1 }
        return stride(from: 0, to: doubled.count, by: 2).reduce(0) { $0 + doubled[$1] } / total
    }

    /// The path as cairo path operations (a quadratic curve becomes the cubic it is).
    static func append(_ path: LayerPath, to cr: OpaquePointer) {
        cairo_new_path(cr)
        var current = Point.zero, start = Point.zero
        for element in path.elements {
            switch element {
            case .move(let p):
                cairo_move_to(cr, p.x, p.y)
                (current, start) = (p, p)
            case .line(let p):
                cairo_line_to(cr, p.x, p.y)
                current = p
            case .quad(let c, let p):
                let c1 = Point(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
                let c2 = Point(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .cubic(let c1, let c2, let p):
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .close:
                cairo_close_path(cr)
                current = start
            }
        }
    }
}
