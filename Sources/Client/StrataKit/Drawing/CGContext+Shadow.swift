import CCairo
import Foundation

/// A shadow in the graphics state: what is painted casts it, offset and
/// blurred in base space.
struct Shadow {
    var offset: CGSize
    var blur: CGFloat
    var color: CGColor
}

/// Shadows (Core Graphics: "After shadowing is set, all objects drawn are
/// shadowed"). Offsets and blur are in the context's base space and not
/// affected by the CTM; in UIKit's contexts that is points with y down, so a
/// positive height casts the shadow downwards (Apple QA1706: since iOS 3.2
/// "positive values indicate downward displacement"), while a bitmap
/// context's base space has y up. Paths, rects, ellipses and images cast
/// shadows; gradients and clear(_:) do not.
extension CGContext {
    /// Shadows in black with 1/3 alpha, as Core Graphics' default.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3.0))
    }

    /// A nil or fully transparent color turns shadows off.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, color.alpha > 0 else {
            state.shadow = nil
            return
        }
        state.shadow = Shadow(offset: offset, blur: max(0, blur), color: color)
    }

    /// Runs `paint`, which paints with the cairo context it is given (the
    /// current path and line settings present on it), and casts the state's
    /// shadow beneath what it paints. Painting consumes the current path
    /// unless `keepingPath`.
    func paintCastingShadow(keepingPath: Bool = false, _ paint: (OpaquePointer) -> Void) {
        guard let shadow = state.shadow else {
            if keepingPath {
                let saved = cairo_copy_path(cairo)
                paint(cairo)
                cairo_new_path(cairo)
                if let saved {
                    if saved.pointee.status == CAIRO_STATUS_SUCCESS { cairo_append_path(cairo, saved) }
                    cairo_path_destroy(saved)
                }
            } else {
                paint(cairo)
            }
            return
        }
        // Paint into a transparent surface of the same size, unclipped, with
        // the same CTM, path and line settings.
        let layer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(layer) }
        let cr = cairo_create(layer)!
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        cairo_set_matrix(cr, &matrix)
        copyPathAndLineSettings(to: cr)
        paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(layer)
        if !keepingPath { cairo_new_path(cairo) }

        let (dx, dy, sigma) = deviceShadowGeometry(shadow)
        let mask = blurredAlpha(of: layer, sigma: sigma)
        defer { cairo_surface_destroy(mask) }
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        useSource(shadow.color)
        cairo_mask_surface(cairo, mask, dx, dy)
        cairo_set_source_surface(cairo, layer, 0, 0)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }

    /// The shadow's offset and Gaussian sigma in device pixels.
    private func deviceShadowGeometry(_ shadow: Shadow) -> (Double, Double, Double) {
        let b = baseTransform
        let dx = b.a * shadow.offset.width + b.c * shadow.offset.height
        let dy = b.b * shadow.offset.width + b.d * shadow.offset.height
        let scale = abs(b.a * b.d - b.b * b.c).squareRoot()
        // Core Graphics' blur reads like a blur radius of about two sigmas.
        return (Double(dx), Double(dy), Double(shadow.blur * scale / 2))
    }

    private func copyPathAndLineSettings(to cr: OpaquePointer) {
        cairo_set_line_width(cr, cairo_get_line_width(cairo))
        cairo_set_line_cap(cr, cairo_get_line_cap(cairo))
        cairo_set_line_join(cr, cairo_get_line_join(cairo))
        cairo_set_miter_limit(cr, cairo_get_miter_limit(cairo))
        cairo_set_fill_rule(cr, cairo_get_fill_rule(cairo))
        cairo_set_antialias(cr, cairo_get_antialias(cairo))
        let dashCount = Int(cairo_get_dash_count(cairo))
        if dashCount > 0 {
            var dashes = [Double](repeating: 0, count: dashCount)
            var offset = 0.0
            cairo_get_dash(cairo, &dashes, &offset)
            cairo_set_dash(cr, dashes, Int32(dashCount), offset)
        }
        if let path = cairo_copy_path(cairo) {
            if path.pointee.status == CAIRO_STATUS_SUCCESS { cairo_append_path(cr, path) }
            cairo_path_destroy(path)
        }
    }

    /// The alpha of `surface` blurred by three box blurs approximating a
    /// Gaussian of `sigma` pixels, as a new A8 surface.
    private func blurredAlpha(of surface: OpaquePointer, sigma: Double) -> OpaquePointer {
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let alpha = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h))!
        let cr = cairo_create(alpha)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(alpha)
        guard sigma >= 0.5 else { return alpha }
        // Box width for three passes: sqrt(12σ²/3 + 1), made odd.
        var box = Int((4 * sigma * sigma + 1).squareRoot())
        if box % 2 == 0 { box += 1 }
        let radius = box / 2
        let stride = Int(cairo_image_surface_get_stride(alpha))
        let data = cairo_image_surface_get_data(alpha)!
        var line = [Int](repeating: 0, count: max(w, h))
        func blurLine(count: Int, at index: (Int) -> Int) {
            for i in 0..<count { line[i] = Int(data[index(i)]) }
            var sum = 0
            for i in -radius...radius where i >= 0 && i < count { sum += line[i] }
            for i in 0..<count {
                data[index(i)] = UInt8(min(255, (sum + box / 2) / box))
                let leaving = i - radius, entering = i + radius + 1
                if leaving >= 0 { sum -= line[leaving] }
                if entering < count { sum += line[entering] }
            }
        }
        for _ in 0..<3 {
            for y in 0..<h { blurLine(count: w) { y * stride + $0 } }
            for x in 0..<w { blurLine(count: h) { $0 * stride + x } }
        }
        cairo_surface_mark_dirty(alpha)
        return alpha
    }
}
