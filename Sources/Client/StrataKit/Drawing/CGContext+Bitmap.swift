import CCairo
import Foundation

/// Where alpha is in a pixel and whether colors are premultiplied (Core Graphics' CGImageAlphaInfo).
public enum CGImageAlphaInfo: UInt32 {
    case none, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

/// Pixel layout flags (Core Graphics' CGBitmapInfo): the alpha info in the low bits, byte order above.
public struct CGBitmapInfo: OptionSet, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1f)
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
    public static let byteOrderDefault = CGBitmapInfo([])

    public init(alphaInfo: CGImageAlphaInfo) { self.init(rawValue: alphaInfo.rawValue) }
}

extension CGContext {
    /// A bitmap context, as CGContext(data:width:height:…) makes: Core
    /// Graphics' own coordinates, origin at the bottom left and y up (unlike
    /// the UIKit contexts, which are flipped).
    ///
    /// With `data` nil any 8-bit RGB or gray layout is accepted and the
    /// context keeps its own premultiplied ARGB32 pixels (read them with
    /// makeImage()). Drawing into caller memory needs cairo's layout:
    /// premultiplied-first (or none-skip-first) alpha with 32-bit little-endian
    /// byte order, which is what iOS code for BGRA buffers asks for; other
    /// layouts over caller memory give nil.
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        guard width > 0, height > 0, bitsPerComponent == 8 else { return nil }
        let surface: OpaquePointer
        if let data {
            let info = CGBitmapInfo(rawValue: bitmapInfo)
            let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue)
            let littleEndian32 = info.intersection(.byteOrderMask) == .byteOrder32Little
            let format: cairo_format_t
            switch (alpha, littleEndian32) {
            case (.premultipliedFirst?, true): format = CAIRO_FORMAT_ARGB32
            case (.noneSkipFirst?, true): format = CAIRO_FORMAT_RGB24
            default: return nil
            }
            guard bytesPerRow >= width * 4, bytesPerRow % 4 == 0 else { return nil }
            surface = cairo_image_surface_create_for_data(data.assumingMemoryBound(to: UInt8.self), format,
                                                          Int32(width), Int32(height), Int32(bytesPerRow))
        } else {
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.init(surface: surface)
        cairo_surface_destroy(surface)
        // Core Graphics' bitmap coordinates: y up from the bottom edge.
        translateBy(x: 0, y: CGFloat(height))
        concatenate(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 0))
        baseTransform = ctm
    }
}
