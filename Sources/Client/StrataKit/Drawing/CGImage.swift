import CCairo
import Foundation

/// A bitmap image: premultiplied 32-bit ARGB pixels in host byte order (cairo
/// ARGB32 = wl_shm ARGB8888 on little endian), held by a cairo image surface.
/// Layer contents produced by display passes are CGImages too.
public final class CGImage {
    /// The cairo image surface (CAIRO_FORMAT_ARGB32) holding the pixels; owned (one reference).
    let surface: OpaquePointer

    /// The layer whose backing store this image shows, if it is one: the next
    /// display pass of that layer may draw into the same pixels.
    weak var backingStoreOwner: AnyObject?

    /// Takes over one reference to `surface`, an ARGB32 image surface.
    init(adoptingSurface surface: OpaquePointer) {
        self.surface = surface
    }

    /// An image over a decoded cairo image surface, taking over its
    /// reference: ARGB32 as is, other formats (RGB24, A8) converted.
    convenience init?(convertingSurface surface: OpaquePointer) {
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        if cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 {
            self.init(adoptingSurface: surface)
            return
        }
        self.init(width: Int(cairo_image_surface_get_width(surface)), height: Int(cairo_image_surface_get_height(surface)))
        let cr = cairo_create(self.surface)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// A transparent image of the given size in pixels.
    convenience init(width: Int, height: Int) {
        self.init(adoptingSurface: cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)))
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    public var width: Int { Int(cairo_image_surface_get_width(surface)) }
    public var height: Int { Int(cairo_image_surface_get_height(surface)) }
    public var bytesPerRow: Int { Int(cairo_image_surface_get_stride(surface)) }
    public var bitsPerComponent: Int { 8 }
    public var bitsPerPixel: Int { 32 }

    /// The pixels, `height` rows of `bytesPerRow` bytes, premultiplied ARGB32 in host order.
    func withPixels<R>(_ body: (UnsafeRawPointer) throws -> R) rethrows -> R {
        cairo_surface_flush(surface)
        return try body(UnsafeRawPointer(cairo_image_surface_get_data(surface)!))
    }

    /// An independent copy of the pixels (later drawing into this image's
    /// surface does not change the copy).
    func copy() -> CGImage {
        let copy = CGImage(width: width, height: height)
        withPixels { source in
            let destination = cairo_image_surface_get_data(copy.surface)!
            let stride = Int(cairo_image_surface_get_stride(copy.surface))
            if stride == bytesPerRow {
                destination.update(from: source.assumingMemoryBound(to: UInt8.self), count: stride * height)
            } else {
                for row in 0..<height {
                    (destination + row * stride).update(
                        from: source.advanced(by: row * bytesPerRow).assumingMemoryBound(to: UInt8.self),
                        count: width * 4)
                }
            }
        }
        cairo_surface_mark_dirty(copy.surface)
        return copy
    }

    /// The part of the image inside `rect` (pixels, top-left origin), or nil
    /// when the rect misses the image, as CGImage.cropping(to:).
    public func cropping(to rect: CGRect) -> CGImage? {
        let r = rect.integral.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !r.isNull, r.width > 0, r.height > 0 else { return nil }
        let cropped = CGImage(width: Int(r.width), height: Int(r.height))
        let cr = cairo_create(cropped.surface)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, surface, -Double(r.minX), -Double(r.minY))
        cairo_paint(cr)
        cairo_destroy(cr)
        return cropped
    }
}
