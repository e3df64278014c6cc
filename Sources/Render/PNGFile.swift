import CPixman
import CPNG

/// PNG files to and from pixman images, through libpng's simplified API
/// (no setjmp/longjmp needed).
public enum PNGFile {
    public enum Error: Swift.Error, CustomStringConvertible {
        /// The image is not 32 bits per pixel (x8r8g8b8 or a8r8g8b8).
        case unsupportedFormat
        /// libpng failed; the message is its own.
        case libpng(path: String, message: String)
        case outOfMemory

        public var description: String {
            switch self {
            case .unsupportedFormat: return "PNGFile: only x8r8g8b8 and a8r8g8b8 images are supported"
            case .libpng(let path, let message): return "PNGFile: \(path): \(message)"
            case .outOfMemory: return "PNGFile: out of memory"
            }
        }
    }

    /// B, G, R, A bytes in memory: pixman's 32-bit formats on little-endian machines.
    private static let bgra = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_BGR)

    /// Writes `image` (`pixman_image_t *`, x8r8g8b8 or premultiplied
    /// a8r8g8b8) as an 8-bit RGBA PNG, un-premultiplying colors.
    public static func write(_ image: OpaquePointer, to path: String) throws {
        let format = pixman_image_get_format(image)
        guard format == PIXMAN_x8r8g8b8 || format == PIXMAN_a8r8g8b8 else { throw Error.unsupportedFormat }
        let hasAlpha = format == PIXMAN_a8r8g8b8
        let width = Int(pixman_image_get_width(image)), height = Int(pixman_image_get_height(image))
        let stride = Int(pixman_image_get_stride(image))
        let source = UnsafeRawPointer(pixman_image_get_data(image)!)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = source + y * stride
            for x in 0..<width {
                let p = row.load(fromByteOffset: x * 4, as: UInt32.self)
                let a = hasAlpha ? (p >> 24) & 0xff : 0xff
                var r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff
                if a != 0xff {
                    if a == 0 { (r, g, b) = (0, 0, 0) } else {
                        r = min(255, (r * 255 + a / 2) / a)
                        g = min(255, (g * 255 + a / 2) / a)
                        b = min(255, (b * 255 + a / 2) / a)
                    }
                }
                let i = (y * width + x) * 4
                pixels[i] = UInt8(b); pixels[i + 1] = UInt8(g); pixels[i + 2] = UInt8(r); pixels[i + 3] = UInt8(a)
            }
        }
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(width)
        png.height = UInt32(height)
        png.format = bgra
        let ok = pixels.withUnsafeBytes {
            png_image_write_to_file(&png, path, 0, $0.baseAddress, Int32(width * 4), nil)
        }
        defer { png_image_free(&png) }
        guard ok != 0 else { throw Error.libpng(path: path, message: message(of: &png)) }
    }

    /// Reads a PNG into a new premultiplied a8r8g8b8 image (`pixman_image_t *`,
    /// owned by the caller: release it with pixman_image_unref).
    public static func read(path: String) throws -> OpaquePointer {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&png, path) != 0 else {
            let text = message(of: &png)
            png_image_free(&png)
            throw Error.libpng(path: path, message: text)
        }
        png.format = bgra
        let width = Int(png.width), height = Int(png.height)
        guard let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), nil, 0) else {
            png_image_free(&png)
            throw Error.outOfMemory
        }
        let stride = Int(pixman_image_get_stride(image))
        let data = UnsafeMutableRawPointer(pixman_image_get_data(image)!)
        guard png_image_finish_read(&png, nil, data, Int32(stride), nil) != 0 else {
            let text = message(of: &png)
            png_image_free(&png)
            pixman_image_unref(image)
            throw Error.libpng(path: path, message: text)
        }
        for y in 0..<height {
            let row = data + y * stride
            for x in 0..<width {
                let p = row.load(fromByteOffset: x * 4, as: UInt32.self)
                let a = (p >> 24) & 0xff
                guard a != 0xff else { continue }
                func premultiply(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
                let r = premultiply((p >> 16) & 0xff), g = premultiply((p >> 8) & 0xff), b = premultiply(p & 0xff)
                row.storeBytes(of: a << 24 | r << 16 | g << 8 | b, toByteOffset: x * 4, as: UInt32.self)
            }
        }
        return image
    }

    private static func message(of png: inout png_image) -> String {
        withUnsafeBytes(of: &png.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
