import CCairo
import Foundation

/// A Core Graphics drawing context over a cairo image surface.
///
/// User space has UIKit's orientation: origin at the top left, y down. A
/// context made for a view or an image context starts with its CTM scaled by
/// the scale factor, so one unit is one point. Paths are built in user space
/// and transformed by the CTM as they are added, as in Core Graphics.
public final class CGContext {
    /// The cairo drawing state (one reference).
    let cairo: OpaquePointer
    /// The image surface drawn into (one reference).
    let surface: OpaquePointer

    /// The parts of the graphics state cairo does not keep: cairo has one
    /// source, Core Graphics separate fill and stroke colors and a global alpha.
    struct State {
        var fillColor = CGColor.black
        var strokeColor = CGColor.black
        var alpha: CGFloat = 1
        var blendMode = CGBlendMode.normal
        var interpolationQuality = CGInterpolationQuality.default
        var shadow: Shadow?
    }
    var state = State()
    var savedStates: [State] = []

    /// The base space shadows are measured in: the CTM the context started
    /// with (points, y down for UIKit contexts; y up for bitmap contexts).
    var baseTransform = CGAffineTransform.identity

    /// A context drawing into `surface` (an ARGB32 cairo image surface), with
    /// the CTM scaled by `scale` and Core Graphics' default state (1-unit lines).
    init(surface: OpaquePointer, scale: CGFloat = 1) {
        self.surface = cairo_surface_reference(surface)
        cairo = cairo_create(surface)
        cairo_set_line_width(cairo, 1)
        cairo_set_miter_limit(cairo, 10)
        if scale != 1 { cairo_scale(cairo, Double(scale), Double(scale)) }
        baseTransform = ctm
    }

    /// A context drawing into `image`'s pixels.
    convenience init(image: CGImage, scale: CGFloat = 1) {
        self.init(surface: image.surface, scale: scale)
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        cairo_surface_destroy(surface)
    }

    /// The size of the drawing surface, in pixels.
    public var width: Int { Int(cairo_image_surface_get_width(surface)) }
    public var height: Int { Int(cairo_image_surface_get_height(surface)) }

    /// A copy of the pixels drawn so far.
    public func makeImage() -> CGImage? {
        cairo_surface_flush(surface)
        guard cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 else {
            // An RGB24 bitmap over caller memory: converted, alpha made opaque.
            return CGImage(convertingSurface: cairo_surface_reference(surface))
        }
        return CGImage(adoptingSurface: cairo_surface_reference(surface)).copy()
    }

    /// Makes sure everything drawn so far is in the surface's pixels.
    public func flush() {
        cairo_surface_flush(surface)
    }

    // MARK: Graphics state

    public func saveGState() {
        cairo_save(cairo)
        savedStates.append(state)
    }

    public func restoreGState() {
        guard let saved = savedStates.popLast() else { return }
        cairo_restore(cairo)
        state = saved
    }

    public func setLineWidth(_ width: CGFloat) {
        cairo_set_line_width(cairo, Double(max(0, width)))
    }

    public func setLineCap(_ cap: CGLineCap) {
        cairo_set_line_cap(cairo, cap.cairo)
    }

    public func setLineJoin(_ join: CGLineJoin) {
        cairo_set_line_join(cairo, join.cairo)
    }

    public func setMiterLimit(_ limit: CGFloat) {
        cairo_set_miter_limit(cairo, Double(limit))
    }

    /// Dashes lines: `lengths` alternate painted and unpainted lengths,
    /// starting `phase` into the pattern; an empty array makes lines solid.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        let dashes = lengths.map { Double($0) }
        // cairo rejects all-zero patterns; Core Graphics draws those solid.
        guard dashes.contains(where: { $0 > 0 }), !dashes.contains(where: { $0 < 0 }) else {
            cairo_set_dash(cairo, nil, 0, 0)
            return
        }
        dashes.withUnsafeBufferPointer { cairo_set_dash(cairo, $0.baseAddress, Int32($0.count), Double(phase)) }
    }

    public func setFillColor(_ color: CGColor) {
        state.fillColor = color
    }

    public func setStrokeColor(_ color: CGColor) {
        state.strokeColor = color
    }

    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    public func setFillColor(gray: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(gray: gray, alpha: alpha)
    }

    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(gray: gray, alpha: alpha)
    }

    /// The global alpha every painting operation is multiplied by.
    public func setAlpha(_ alpha: CGFloat) {
        state.alpha = min(1, max(0, alpha))
    }

    public func setBlendMode(_ mode: CGBlendMode) {
        state.blendMode = mode
        cairo_set_operator(cairo, mode.cairo)
    }

    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

    public func setShouldAntialias(_ shouldAntialias: Bool) {
        cairo_set_antialias(cairo, shouldAntialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
    }

    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {
        setShouldAntialias(allowsAntialiasing)
    }

    /// Makes `color` (times the global alpha) the source of `cr` (by default this context's).
    func useSource(_ color: CGColor, on cr: OpaquePointer? = nil) {
        if let tile = color.patternImage, let pattern = cairo_pattern_create_for_surface(tile.surface) {
            // Tiles repeat from user space's origin, `patternScale` pixels to a unit.
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
            var matrix = cairo_matrix_t()
            cairo_matrix_init_scale(&matrix, Double(color.patternScale), Double(color.patternScale))
            cairo_pattern_set_matrix(pattern, &matrix)
            cairo_set_source(cr ?? cairo, pattern)
            cairo_pattern_destroy(pattern)
            return
        }
        let c = color.rgba
        cairo_set_source_rgba(cr ?? cairo, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha * state.alpha))
    }
}
