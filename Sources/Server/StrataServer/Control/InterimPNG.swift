import CPixman
import CPNG

/// Writes an x8r8g8b8 pixman image as an RGB PNG. A stand-in for
/// StrataRender's `PNGFile.write(_:to:)`, which replaces it when that lands.
struct InterimPNGError: Error, CustomStringConvertible {
    let description: String
}

func writePNGUntilRenderLands(_ image: OpaquePointer, to path: String) throws {
    let width = Int(pixman_image_get_width(image)), height = Int(pixman_image_get_height(image))
    let stride = Int(pixman_image_get_stride(image))
    guard let pixels = pixman_image_get_data(image) else { throw InterimPNGError(description: "image has no pixels") }
    let source = UnsafeRawPointer(pixels)
    // x8r8g8b8 is a little-endian 32-bit word: bytes B, G, R, X.
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
        let row = source + y * stride
        for x in 0..<width {
            let pixel = row.load(fromByteOffset: x * 4, as: UInt32.self)
            let o = (y * width + x) * 3
            rgb[o] = UInt8(truncatingIfNeeded: pixel >> 16)
            rgb[o + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
            rgb[o + 2] = UInt8(truncatingIfNeeded: pixel)
        }
    }
    // libpng's simplified API reports errors by return value, not longjmp.
    var png = png_image()
    png.version = UInt32(PNG_IMAGE_VERSION)
    png.width = UInt32(width)
    png.height = UInt32(height)
    png.format = UInt32(PNG_FORMAT_FLAG_COLOR)
    let ok = rgb.withUnsafeBytes { bytes in
        png_image_write_to_file(&png, path, 0, bytes.baseAddress, Int32(width * 3), nil)
    }
    if ok == 0 {
        let message = withUnsafeBytes(of: png.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        png_image_free(&png)
        throw InterimPNGError(description: "cannot write \(path): \(message)")
    }
}
