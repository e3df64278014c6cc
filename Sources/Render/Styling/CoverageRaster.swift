import CPixman
import StrataProtocol

/// An a8 coverage image of some shape of a layer (its rounded bounds, a
/// border, a path, a shadow), or a color image (a gradient), and how its
/// pixels map to the output. Kept across frames in the renderer's
/// `DecorationCache` while its key holds.
final class CoverageRaster {
    /// `pixman_image_t *` (a8, or a8r8g8b8 for colors), one reference.
    let image: OpaquePointer
    let placement: RasterPlacement

    init?(placement: RasterPlacement, format: pixman_format_code_t = PIXMAN_a8) {
        guard let image = pixman_image_create_bits(format, Int32(placement.width), Int32(placement.height), nil, 0)
        else { return nil }
        self.image = image
        self.placement = placement
    }

    deinit { pixman_image_unref(image) }

    var stride: Int { Int(pixman_image_get_stride(image)) }
    var bytes: UnsafeMutablePointer<UInt8> { UnsafeMutableRawPointer(pixman_image_get_data(image)!).assumingMemoryBound(to: UInt8.self) }
}

/// Where a raster lies: a rect of the layer's bounds space drawn at the
/// output's pixel density. When the layer is neither rotated nor mirrored,
/// raster pixels are output pixels (`snapped`), so a raster drawn at a
/// whole-pixel offset is copied exactly; otherwise the raster follows the
/// layer's axes and is resampled.
struct RasterPlacement: Hashable {
    /// Layer (bounds space, points) → raster pixels.
    var layerToRaster: AffineTransform
    var width: Int, height: Int
    /// The part of the layer's bounds space the raster covers.
    var area: Rect

    /// The largest side, in raster pixels: a huge shape gets a coarser raster, not a huge allocation.
    static let maximumSide = maximumMaskSide

    /// Raster pixels → layer.
    var rasterToLayer: AffineTransform { layerToRaster.inverted() ?? .identity }

    /// A raster of `area` (layer space) for a layer drawn through `toPixel`.
    /// `snapping` places raster pixels on output pixels when the layer is
    /// rectilinear; without it (shadows, which must not be redrawn when a
    /// layer moves by a fraction of a pixel) the raster only follows the scale.
    /// `visible` (output pixels): when the raster would be larger than
    /// `maximumSide`, only the part near it is made, at full density,
    /// rather than all of it coarsely (a tall scroll content with rounded corners).
    init?(area: Rect, toPixel: AffineTransform, snapping: Bool, maximumSide: Int = RasterPlacement.maximumSide,
          visible: PixelRect? = nil) {
        guard !area.isEmpty, area.width.isFinite, area.height.isFinite else { return nil }
        self.area = area
        let max = Double(maximumSide)
        if snapping, toPixel.isNearlyRectilinear, toPixel.a > 0, toPixel.d > 0 {
            var box = toPixel.boundingBox(of: area)
            if box.width > max || box.height > max, let visible, let fromPixel = toPixel.inverted() {
                let near = visible.insetBy(-64)
                box = box.intersection(Rect(x: Double(near.x), y: Double(near.y), width: Double(near.width), height: Double(near.height)))
                guard !box.isEmpty else { return nil }
                self.area = fromPixel.boundingBox(of: box)
            }
            let x0 = box.minX.rounded(.down), y0 = box.minY.rounded(.down)
            let w = (box.maxX.rounded(.up) - x0), h = (box.maxY.rounded(.up) - y0)
            if w <= max, h <= max {
                layerToRaster = AffineTransform(a: toPixel.a, b: 0, c: 0, d: toPixel.d, tx: toPixel.tx - x0, ty: toPixel.ty - y0)
                (width, height) = (Swift.max(1, Int(w)), Swift.max(1, Int(h)))
                return
            }
        }
        let scales = toPixel.axisScales
        var sx = scales.x, sy = scales.y
        guard sx > 0, sy > 0, sx.isFinite, sy.isFinite else { return nil }
        sx = Swift.min(sx, max / area.width)
        sy = Swift.min(sy, max / area.height)
        width = Swift.max(1, Int((area.width * sx).rounded(.up)))
        height = Swift.max(1, Int((area.height * sy).rounded(.up)))
        layerToRaster = AffineTransform(translationX: -area.minX, y: -area.minY).concatenating(AffineTransform(scaleX: sx, y: sy))
    }

    /// Whether a raster made for `other` holds the pixels this placement
    /// would make of the same shape (relative to the area's origin): the
    /// same size and scale, and the area's origin at the same place in its
    /// first pixel. A layer moved by whole pixels keeps its rasters.
    func sameRaster(as other: RasterPlacement) -> Bool {
        let here = layerToRaster.apply(area.origin), there = other.layerToRaster.apply(other.area.origin)
        return width == other.width && height == other.height
            && layerToRaster.a == other.layerToRaster.a && layerToRaster.b == other.layerToRaster.b
            && layerToRaster.c == other.layerToRaster.c && layerToRaster.d == other.layerToRaster.d
            && abs(here.x - there.x) < 1e-6 && abs(here.y - there.y) < 1e-6
    }
}
