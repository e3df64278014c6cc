import CPixman
import StrataProtocol

// The thin layer between the renderer and pixman's C API: fixed-point
// conversion, transforms, regions and solid images.

/// `pixman_double_to_fixed` is a function-like macro and does not import.
/// The macro truncates; rounding keeps 0.1-style values from drifting down.
/// Values past 16.16's range (about ±32768) saturate rather than trap;
/// callers that need them exact check `fitsPixmanFixed` first.
@inline(__always)
func pixmanFixed(_ value: Double) -> pixman_fixed_t {
    let scaled = (value * 65536).rounded()
    guard !scaled.isNaN else { return 0 }
    return pixman_fixed_t(max(Double(Int32.min), min(Double(Int32.max), scaled)))
}

/// Largest magnitude pixman's 16.16 fixed point holds, with a margin for
/// the half-pixel offsets and filter reach pixman adds while sampling.
let pixmanFixedLimit = 16_384.0

/// Coordinates (in output pixels) beyond which a layer draws nothing: far
/// past any output, well inside Int32, so regions and rects never overflow.
let maximumPixelCoordinate = Double(1 << 24)

/// A Double as an Int for pixel arithmetic, saturating at ±2^30 (so sums of
/// two stay inside Int32); NaN becomes 0. Client values reach here, and
/// Int(_:) traps outside Int's range.
@inline(__always)
func clampedInt(_ value: Double) -> Int {
    guard !value.isNaN else { return 0 }
    return Int(max(-Double(1 << 30), min(Double(1 << 30), value)))
}

/// An Int as Int32 for pixman, saturating.
@inline(__always)
func clampedInt32(_ value: Int) -> Int32 { Int32(clamping: value) }

/// An Int as UInt32 for pixman sizes, saturating (negative is 0).
@inline(__always)
func clampedUInt32(_ value: Int) -> UInt32 { UInt32(clamping: value) }

/// Tolerance for "is this exactly on the pixel grid" after chains of
/// floating-point concatenation.
let gridEpsilon = 1e-6

@inline(__always)
func isNearlyInteger(_ value: Double) -> Bool { abs(value - value.rounded()) < gridEpsilon }

extension AffineTransform {
    /// pixman's transform maps destination pixel coordinates to source
    /// coordinates, so pass the inverse of the source→destination mapping.
    var pixmanTransform: pixman_transform_t {
        pixman_transform_t(matrix: (
            (pixmanFixed(a), pixmanFixed(c), pixmanFixed(tx)),
            (pixmanFixed(b), pixmanFixed(d), pixmanFixed(ty)),
            (0, 0, pixmanFixed(1))))
    }

    /// No rotation or skew, within floating-point noise.
    var isNearlyRectilinear: Bool { abs(b) < gridEpsilon && abs(c) < gridEpsilon }

    /// Moves whole pixels only: sampling needs no filtering.
    var isIntegerTranslation: Bool {
        isNearlyRectilinear && abs(a - 1) < gridEpsilon && abs(d - 1) < gridEpsilon
            && isNearlyInteger(tx) && isNearlyInteger(ty)
    }

    /// A quarter turn (with any scale or mirroring), within floating-point
    /// noise: axis-aligned rects stay axis-aligned, with width and height traded.
    var isNearlyQuarterTurn: Bool { abs(a) < gridEpsilon && abs(d) < gridEpsilon }

    /// Whole pixels onto whole pixels: unscaled, turned by quarters or
    /// mirrored (or neither) and moved by whole pixels, so nearest sampling
    /// copies each pixel exactly (a buffer transform at the output's scale).
    var isIntegerPixelPermutation: Bool {
        func isUnit(_ v: Double) -> Bool { abs(abs(v) - 1) < gridEpsilon }
        let unscaled = (isNearlyRectilinear && isUnit(a) && isUnit(d)) || (isNearlyQuarterTurn && isUnit(b) && isUnit(c))
        return unscaled && isNearlyInteger(tx) && isNearlyInteger(ty)
    }

    /// The axis-aligned bounding box of `rect` mapped through the transform
    /// (AffineTransform.apply(Rect) without its temporary arrays: this runs
    /// several times per layer per frame).
    func boundingBox(of rect: Rect) -> Rect {
        let x0 = a * rect.minX, x1 = a * rect.maxX, y0 = c * rect.minY, y1 = c * rect.maxY
        let u0 = b * rect.minX, u1 = b * rect.maxX, v0 = d * rect.minY, v1 = d * rect.maxY
        let minX = min(x0, x1) + min(y0, y1) + tx, maxX = max(x0, x1) + max(y0, y1) + tx
        let minY = min(u0, u1) + min(v0, v1) + ty, maxY = max(u0, u1) + max(v0, v1) + ty
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Every term finite and no larger than `maximumPixelCoordinate`: a
    /// layer mapped by anything larger draws nothing, nor do its sublayers
    /// (their pixel coordinates would not fit pixman's integers).
    var isWithinPixelRange: Bool {
        let limit = maximumPixelCoordinate  // each comparison is false for NaN
        return abs(a) <= limit && abs(b) <= limit && abs(c) <= limit && abs(d) <= limit
            && abs(tx) <= limit && abs(ty) <= limit
    }

    /// How many destination units one unit of x (and of y) becomes.
    var axisScales: (x: Double, y: Double) { ((a * a + b * b).squareRoot(), (c * c + d * d).squareRoot()) }
}

extension PixelRect {
    static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// The smallest pixel rect containing `rect` (edges within noise of a
    /// pixel boundary count as on it).
    init(enclosing rect: Rect) {
        func down(_ v: Double) -> Int { clampedInt(isNearlyInteger(v) ? v.rounded() : v.rounded(.down)) }
        func up(_ v: Double) -> Int { clampedInt(isNearlyInteger(v) ? v.rounded() : v.rounded(.up)) }
        let x0 = down(rect.minX), y0 = down(rect.minY), x1 = up(rect.maxX), y1 = up(rect.maxY)
        self.init(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// The largest pixel rect inside `rect` (edges within noise of a pixel
    /// boundary count as on it).
    init(inside rect: Rect) {
        func down(_ v: Double) -> Int { clampedInt(isNearlyInteger(v) ? v.rounded() : v.rounded(.down)) }
        func up(_ v: Double) -> Int { clampedInt(isNearlyInteger(v) ? v.rounded() : v.rounded(.up)) }
        let x0 = up(rect.minX), y0 = up(rect.minY), x1 = down(rect.maxX), y1 = down(rect.maxY)
        self.init(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// Each edge snapped to the nearest pixel boundary.
    init(rounding rect: Rect) {
        let x0 = clampedInt(rect.minX.rounded()), y0 = clampedInt(rect.minY.rounded())
        let x1 = clampedInt(rect.maxX.rounded()), y1 = clampedInt(rect.maxY.rounded())
        self.init(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(x + width, other.x + other.width) - x0,
                         height: max(y + height, other.y + other.height) - y0)
    }

    func insetBy(_ d: Int) -> PixelRect {
        isEmpty ? self : PixelRect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
    }
}

extension Rect {
    /// Every edge within ±`maximumPixelCoordinate` (false for NaN).
    var isWithinPixelRange: Bool {
        let limit = maximumPixelCoordinate
        return abs(minX) <= limit && abs(minY) <= limit && abs(maxX) <= limit && abs(maxY) <= limit
    }

    /// True when every edge lies on the pixel grid.
    var isPixelAligned: Bool { isNearlyInteger(minX) && isNearlyInteger(minY) && isNearlyInteger(maxX) && isNearlyInteger(maxY) }
}

extension PixelRect {
    /// Rectangles added (`adds`) and subtracted in order, as a wl_region is
    /// built, reduced to disjoint rectangles.
    public static func disjointRects(_ operations: [(rect: PixelRect, adds: Bool)]) -> [PixelRect] {
        let region = Region()
        for (rect, adds) in operations {
            if adds { region.formUnion(rect) } else { region.subtract(Region(rect)) }
        }
        return region.rects
    }
}

/// A pixman_region32_t with value-like helpers. Owned; freed on deinit.
final class Region {
    let pointer: UnsafeMutablePointer<pixman_region32_t>

    init() {
        pointer = .allocate(capacity: 1)
        pixman_region32_init(pointer)
    }

    convenience init(_ rect: PixelRect) {
        self.init()
        if !rect.isEmpty {
            pixman_region32_fini(pointer)
            pixman_region32_init_rect(pointer, clampedInt32(rect.x), clampedInt32(rect.y), clampedUInt32(rect.width), clampedUInt32(rect.height))
        }
    }

    deinit {
        pixman_region32_fini(pointer)
        pointer.deallocate()
    }

    func copy() -> Region {
        let r = Region()
        pixman_region32_copy(r.pointer, pointer)
        return r
    }

    func formUnion(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        pixman_region32_union_rect(pointer, pointer, clampedInt32(rect.x), clampedInt32(rect.y), clampedUInt32(rect.width), clampedUInt32(rect.height))
    }

    func formUnion(_ other: Region) { pixman_region32_union(pointer, pointer, other.pointer) }
    func subtract(_ other: Region) { pixman_region32_subtract(pointer, pointer, other.pointer) }
    func formIntersection(_ other: Region) { pixman_region32_intersect(pointer, pointer, other.pointer) }

    func formIntersection(_ rect: PixelRect) {
        if rect.isEmpty { pixman_region32_clear(pointer); return }
        pixman_region32_intersect_rect(pointer, pointer, clampedInt32(rect.x), clampedInt32(rect.y), clampedUInt32(rect.width), clampedUInt32(rect.height))
    }

    func intersection(_ rect: PixelRect) -> Region {
        let r = copy()
        r.formIntersection(rect)
        return r
    }

    func intersection(_ other: Region) -> Region {
        let r = copy()
        r.formIntersection(other)
        return r
    }

    func subtracting(_ other: Region) -> Region {
        let r = copy()
        r.subtract(other)
        return r
    }

    func translate(x: Int, y: Int) { pixman_region32_translate(pointer, clampedInt32(x), clampedInt32(y)) }

    var isEmpty: Bool { pixman_region32_not_empty(pointer) == 0 }

    var extents: PixelRect {
        let box = pixman_region32_extents(pointer)!.pointee
        // Widened before subtracting: a client's region may span more than Int32 holds.
        return PixelRect(x: Int(box.x1), y: Int(box.y1), width: Int(box.x2) - Int(box.x1), height: Int(box.y2) - Int(box.y1))
    }

    var rects: [PixelRect] {
        var count: Int32 = 0
        guard let boxes = pixman_region32_rectangles(pointer, &count) else { return [] }
        return (0..<Int(count)).map {
            let b = boxes[$0]
            return PixelRect(x: Int(b.x1), y: Int(b.y1), width: Int(b.x2) - Int(b.x1), height: Int(b.y2) - Int(b.y1))
        }
    }

    var area: Int { rects.reduce(0) { $0 + $1.area } }

    /// True when `rect` lies entirely inside the region.
    func contains(_ rect: PixelRect) -> Bool {
        guard !rect.isEmpty else { return true }
        var box = pixman_box32_t(x1: clampedInt32(rect.x), y1: clampedInt32(rect.y),
                                 x2: clampedInt32(rect.x + rect.width), y2: clampedInt32(rect.y + rect.height))
        return pixman_region32_contains_rectangle(pointer, &box) == PIXMAN_REGION_IN
    }

    func intersects(_ rect: PixelRect) -> Bool {
        guard !rect.isEmpty else { return false }
        var box = pixman_box32_t(x1: clampedInt32(rect.x), y1: clampedInt32(rect.y),
                                 x2: clampedInt32(rect.x + rect.width), y2: clampedInt32(rect.y + rect.height))
        return pixman_region32_contains_rectangle(pointer, &box) != PIXMAN_REGION_OUT
    }
}

/// A solid premultiplied color image (`pixman_image_t *`, +1 reference).
func makeSolidImage(_ color: Color, alpha: Double = 1) -> OpaquePointer {
    let a = max(0, min(1, color.alpha * alpha))
    func channel(_ v: Double) -> UInt16 { UInt16((max(0, min(1, v)) * a * 65535).rounded()) }
    var c = pixman_color_t(red: channel(color.red), green: channel(color.green), blue: channel(color.blue),
                           alpha: UInt16((a * 65535).rounded()))
    return pixman_image_create_solid_fill(&c)!
}

/// An alpha-only solid image, used as a mask to fade a source.
func makeAlphaMask(_ alpha: Double) -> OpaquePointer {
    var c = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16((max(0, min(1, alpha)) * 65535).rounded()))
    return pixman_image_create_solid_fill(&c)!
}

/// An a8 image covering `bounds` (layer coordinates) at pixel density,
/// filled with `alpha`, and its transform from destination pixels: drawn
/// with bilinear filtering as a mask it gives antialiased edges to a
/// rotated or fractionally placed rectangle. `composite` sets the transform
/// relative to the pixels it draws, keeping its 16.16 terms small.
func makeCoverageMask(bounds: Rect, toPixel: AffineTransform, alpha: Double) -> (image: OpaquePointer, pixelToMask: AffineTransform)? {
    guard let fromPixel = toPixel.inverted(), bounds.width > 0, bounds.height > 0 else { return nil }
    let scales = toPixel.axisScales
    // Capped: a huge rotated layer gets a coarser mask, not a huge allocation.
    let w = min(maximumMaskSide, max(1, clampedInt((bounds.width * scales.x).rounded(.up))))
    let h = min(maximumMaskSide, max(1, clampedInt((bounds.height * scales.y).rounded(.up))))
    guard let mask = pixman_image_create_bits(PIXMAN_a8, Int32(w), Int32(h), nil, 0) else { return nil }
    let value = UInt8((max(0, min(1, alpha)) * 255).rounded())
    let stride = Int(pixman_image_get_stride(mask))
    UnsafeMutableRawPointer(pixman_image_get_data(mask)!).initializeMemory(as: UInt8.self, repeating: value, count: stride * h)
    let pixelToMask = fromPixel
        .concatenating(AffineTransform(translationX: -bounds.minX, y: -bounds.minY))
        .concatenating(AffineTransform(scaleX: Double(w) / bounds.width, y: Double(h) / bounds.height))
    pixman_image_set_filter(mask, PIXMAN_FILTER_BILINEAR, nil, 0)
    pixman_image_set_repeat(mask, PIXMAN_REPEAT_NONE)
    return (mask, pixelToMask)
}

/// The largest side of a coverage mask, in mask pixels.
let maximumMaskSide = 4096
