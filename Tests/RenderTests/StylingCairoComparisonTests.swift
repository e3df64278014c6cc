import CCairo
import CPixman
import StrataProtocol
import StrataRender
import TestSupport
import XCTest

/// The render server's shapes, strokes, rounded corners and shadows
/// against cairo drawing the same figure directly (cairo's own arcs and
/// trimming, and a true Gaussian blur written here), so the geometry of
/// layers — placement, scale, corner curves, stroke ranges, blur — is
/// checked by a renderer that is not Strata's.
final class StylingCairoComparisonTests: XCTestCase {
    /// Draws with cairo into an image of the output's size (white, scaled
    /// by `scale`), returned as a pixman image for the comparison.
    private func cairoReference(width: Int, height: Int, scale: Double, background: Color = .white,
                                _ draw: (OpaquePointer) -> Void) -> OpaquePointer {
        let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), nil, 0)!
        let surface = cairo_image_surface_create_for_data(
            UnsafeMutableRawPointer(pixman_image_get_data(image)!).assumingMemoryBound(to: UInt8.self),
            CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), pixman_image_get_stride(image))!
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, background.red, background.green, background.blue)
        cairo_paint(cr)
        cairo_scale(cr, scale, scale)
        draw(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        cairo_surface_destroy(surface)
        return image
    }

    private func append(_ path: LayerPath, to cr: OpaquePointer) {
        for element in path.elements {
            switch element {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .quad(let c, let p):
                var x = 0.0, y = 0.0
                cairo_get_current_point(cr, &x, &y)
                cairo_curve_to(cr, x + 2 / 3 * (c.x - x), y + 2 / 3 * (c.y - y), p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y), p.x, p.y)
            case .cubic(let c1, let c2, let p): cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .close: cairo_close_path(cr)
            }
        }
    }

    private func set(_ color: Color, on cr: OpaquePointer) { cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha) }

    /// Fills and strokes with every cap, join, dash and fill rule, at scale 1 and 2.
    /// Tolerance: 2 of 255 per channel (rounding of the compositing), no pixel beyond it.
    func testShapesMatchCairo() {
        let star = LayerPath([.move(Point(x: 40, y: 4)), .line(Point(x: 62, y: 70)), .line(Point(x: 6, y: 28)),
                              .line(Point(x: 74, y: 28)), .line(Point(x: 18, y: 70)), .close])
        var cases: [(String, ShapeStyle)] = []
        for rule in [FillRule.nonZero, .evenOdd] {
            var s = ShapeStyle()
            (s.path, s.fillRule, s.fillColor) = (star, rule, Color(red: 0.8, green: 0.3, blue: 0.1))
            (s.strokeColor, s.lineWidth, s.lineJoin) = (Color(red: 0.1, green: 0.2, blue: 0.6, alpha: 0.8), 3, .miter)
            cases.append(("star-\(rule)", s))
        }
        for (cap, join) in [(LineCap.butt, LineJoin.miter), (.round, .round), (.square, .bevel)] {
            var s = ShapeStyle()
            s.path = LayerPath([.move(Point(x: 10, y: 60)), .line(Point(x: 30, y: 14)), .quad(Point(x: 50, y: 80), Point(x: 70, y: 20))])
            (s.fillColor, s.strokeColor, s.lineWidth, s.lineCap, s.lineJoin) = (nil, .blue, 7, cap, join)
            s.lineDashPattern = cap == .butt ? [] : [9, 5, 2, 5]
            s.lineDashPhase = 4
            cases.append(("stroke-\(cap)-\(join)", s))
        }
        for (name, shape) in cases {
            for scale in [1.0, 2.0] {
                let size = Int(80 * scale)
                let root = makeRoot(width: 80, height: 80)
                let layer = RenderLayer(frame: Rect(x: 0, y: 0, width: 80, height: 80))
                layer.shape = shape
                root.addSublayer(layer)
                let r = renderFrame(root, width: size, height: size, scale: scale)
                let expected = cairoReference(width: size, height: size, scale: scale) { cr in
                    append(shape.path, to: cr)
                    if let fill = shape.fillColor {
                        set(fill, on: cr)
                        cairo_set_fill_rule(cr, shape.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
                        cairo_fill_preserve(cr)
                    }
                    if let stroke = shape.strokeColor {
                        set(stroke, on: cr)
                        cairo_set_line_width(cr, shape.lineWidth)
                        cairo_set_line_cap(cr, [CAIRO_LINE_CAP_BUTT, CAIRO_LINE_CAP_ROUND, CAIRO_LINE_CAP_SQUARE][Int(shape.lineCap.rawValue)])
                        cairo_set_line_join(cr, [CAIRO_LINE_JOIN_MITER, CAIRO_LINE_JOIN_ROUND, CAIRO_LINE_JOIN_BEVEL][Int(shape.lineJoin.rawValue)])
                        cairo_set_miter_limit(cr, shape.miterLimit)
                        if !shape.lineDashPattern.isEmpty {
                            cairo_set_dash(cr, shape.lineDashPattern, Int32(shape.lineDashPattern.count), shape.lineDashPhase)
                        }
                        cairo_stroke(cr)
                    }
                    cairo_new_path(cr)
                }
                ImageComparison.assertMatches(r.framebuffer, expected: expected, name: "cairo-\(name)@\(Int(scale))x", tolerance: 2)
                pixman_image_unref(expected)
            }
        }
    }

    /// strokeEnd trims the path by length: a ring stroked to 0.7 is cairo's
    /// arc from 0 to 0.7 of a turn (drawn by cairo, not from curves).
    /// Tolerance: 12 of 255 on edge pixels (the ring is four cubic curves,
    /// within 0.03% of a circle, and trimmed on their flattening), at most 1% of the ring's pixels.
    func testStrokeEndMatchesCairoArc() {
        for (start, end) in [(0.0, 0.7), (0.25, 0.6)] {
            let root = makeRoot(width: 80, height: 80)
            let ring = RenderLayer(frame: Rect(x: 0, y: 0, width: 80, height: 80))
            var shape = ShapeStyle()
            shape.path = StylingRenderTests.circle(center: Point(x: 40, y: 40), radius: 30)
            (shape.fillColor, shape.strokeColor, shape.lineWidth, shape.lineCap) = (nil, .blue, 8, .round)
            (shape.strokeStart, shape.strokeEnd) = (start, end)
            ring.shape = shape
            root.addSublayer(ring)
            let r = renderFrame(root, width: 160, height: 160, scale: 2)
            let expected = cairoReference(width: 160, height: 160, scale: 2) { cr in
                cairo_arc(cr, 40, 40, 30, start * 2 * .pi, end * 2 * .pi)
                set(.blue, on: cr)
                cairo_set_line_width(cr, 8)
                cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
                cairo_stroke(cr)
            }
            ImageComparison.assertMatches(r.framebuffer, expected: expected, name: "cairo-ring-\(start)-\(end)", tolerance: 12,
                                          maxDifferingPixels: 60)
            pixman_image_unref(expected)
        }
    }

    /// Rounded corners are cairo's quarter circles (cairo_arc), within the
    /// cubic approximation: tolerance 3 of 255, at every pixel.
    func testRoundedCornersMatchCairoArcs() {
        for (radius, corners) in [(12.0, CornerMask.all), (20, [.minXMinY, .maxXMaxY]), (100, .all)] {
            for scale in [1.0, 2.0] {
                let root = makeRoot(width: 96, height: 72)
                let layer = RenderLayer(frame: Rect(x: 8.5, y: 8, width: 80, height: 56), color: Color(red: 0.2, green: 0.6, blue: 0.3))
                layer.style.cornerRadius = radius
                layer.style.maskedCorners = corners
                root.addSublayer(layer)
                let r = renderFrame(root, width: Int(96 * scale), height: Int(72 * scale), scale: scale)
                let expected = cairoReference(width: Int(96 * scale), height: Int(72 * scale), scale: scale) { cr in
                    let (x0, y0, x1, y1) = (8.5, 8.0, 88.5, 64.0)
                    let rr = min(radius, 28)
                    func corner(_ mask: CornerMask, _ cx: Double, _ cy: Double, _ a0: Double, _ px: Double, _ py: Double) {
                        if corners.contains(mask) { cairo_arc(cr, cx, cy, rr, a0, a0 + .pi / 2) } else { cairo_line_to(cr, px, py) }
                    }
                    corner(.maxXMinY, x1 - rr, y0 + rr, -.pi / 2, x1, y0)
                    corner(.maxXMaxY, x1 - rr, y1 - rr, 0, x1, y1)
                    corner(.minXMaxY, x0 + rr, y1 - rr, .pi / 2, x0, y1)
                    corner(.minXMinY, x0 + rr, y0 + rr, .pi, x0, y0)
                    cairo_close_path(cr)
                    cairo_set_source_rgb(cr, 0.2, 0.6, 0.3)
                    cairo_fill(cr)
                }
                ImageComparison.assertMatches(r.framebuffer, expected: expected, name: "cairo-corners-\(radius)@\(Int(scale))x",
                                              tolerance: 3)
                pixman_image_unref(expected)
            }
        }
    }

    /// A shadow is the Gaussian blur (σ = shadowRadius / 2) of the layer's
    /// alpha, offset, in shadowColor × shadowOpacity. The reference blurs
    /// cairo's rounded rect with an exact Gaussian kernel; the renderer's
    /// three box blurs stay within 3 of 255 at every pixel (2 measured).
    func testShadowMatchesGaussianBlurOfTheShape() {
        for scale in [1.0, 2.0] {
            let (w, h) = (Int(140 * scale), Int(110 * scale))
            let root = makeRoot(width: 140, height: 110)
            let card = RenderLayer(frame: Rect(x: 30, y: 24, width: 80, height: 56), color: .white)
            card.style.cornerRadius = 10
            card.style.shadowOpacity = 0.5
            card.style.shadowRadius = 12
            card.style.shadowOffset = Size(width: 3, height: 6)
            card.style.shadowColor = Color(red: 0.1, green: 0, blue: 0.3)
            root.addSublayer(card)
            let r = renderFrame(root, width: w, height: h, scale: scale)

            // The shape's coverage at pixel density, blurred exactly, composited, then the card over it.
            let shape = pixman_image_create_bits(PIXMAN_a8, Int32(w), Int32(h), nil, 0)!
            let surface = cairo_image_surface_create_for_data(
                UnsafeMutableRawPointer(pixman_image_get_data(shape)!).assumingMemoryBound(to: UInt8.self),
                CAIRO_FORMAT_A8, Int32(w), Int32(h), pixman_image_get_stride(shape))!
            let cr = cairo_create(surface)!
            cairo_scale(cr, scale, scale)
            roundedRect(cr, x: 33, y: 30, w: 80, h: 56, r: 10)
            cairo_fill(cr)
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
            gaussianBlur(shape, sigma: 6 * scale)
            let expected = cairoReference(width: w, height: h, scale: scale) { _ in }
            var color = pixman_color_t(red: UInt16(0.1 * 0.5 * 65535), green: 0, blue: UInt16(0.3 * 0.5 * 65535), alpha: 32768)
            let solid = pixman_image_create_solid_fill(&color)!
            pixman_image_composite32(PIXMAN_OP_OVER, solid, shape, expected, 0, 0, 0, 0, 0, 0, Int32(w), Int32(h))
            pixman_image_unref(solid)
            pixman_image_unref(shape)
            let withCard = cairoOver(expected, scale: scale) { cr in
                roundedRect(cr, x: 30, y: 24, w: 80, h: 56, r: 10)
                cairo_set_source_rgb(cr, 1, 1, 1)
                cairo_fill(cr)
            }
            let result = ImageComparison.assertMatches(r.framebuffer, expected: withCard, name: "cairo-shadow@\(Int(scale))x",
                                                       tolerance: 3)
            print("shadow against an exact Gaussian at scale \(scale): largest difference \(result.largest) of 255")
            pixman_image_unref(withCard)
        }
    }

    private func roundedRect(_ cr: OpaquePointer, x: Double, y: Double, w: Double, h: Double, r: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + w - r, y + r, r, -.pi / 2, 0)
        cairo_arc(cr, x + w - r, y + h - r, r, 0, .pi / 2)
        cairo_arc(cr, x + r, y + h - r, r, .pi / 2, .pi)
        cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    /// Draws over `image` with cairo and returns it (same reference).
    private func cairoOver(_ image: OpaquePointer, scale: Double, _ draw: (OpaquePointer) -> Void) -> OpaquePointer {
        let surface = cairo_image_surface_create_for_data(
            UnsafeMutableRawPointer(pixman_image_get_data(image)!).assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
            pixman_image_get_width(image), pixman_image_get_height(image), pixman_image_get_stride(image))!
        let cr = cairo_create(surface)!
        cairo_scale(cr, scale, scale)
        draw(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        cairo_surface_destroy(surface)
        return image
    }

    /// An exact separable Gaussian blur of an a8 image (kernel to 4σ).
    private func gaussianBlur(_ image: OpaquePointer, sigma: Double) {
        let w = Int(pixman_image_get_width(image)), h = Int(pixman_image_get_height(image))
        let stride = Int(pixman_image_get_stride(image))
        let data = UnsafeMutableRawPointer(pixman_image_get_data(image)!).assumingMemoryBound(to: UInt8.self)
        let radius = Int((sigma * 4).rounded(.up))
        var kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        var values = [Double](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { values[y * w + x] = Double(data[y * stride + x]) } }
        var pass = values
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0.0
                for k in -radius...radius where (0..<w).contains(x + k) { sum += values[y * w + x + k] * kernel[k + radius] }
                pass[y * w + x] = sum
            }
        }
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0.0
                for k in -radius...radius where (0..<h).contains(y + k) { sum += pass[(y + k) * w + x] * kernel[k + radius] }
                data[y * stride + x] = UInt8(min(255, max(0, sum.rounded())))
            }
        }
    }
}
