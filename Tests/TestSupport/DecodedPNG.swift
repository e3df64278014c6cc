import CPNG
import Foundation

// CPNG comes in through StrataRender (its PNG writer links libpng).

/// A PNG file's pixels as 8-bit RGBA, for tests that look at screenshots.
public struct DecodedPNG {
    public let width: Int
    public let height: Int
    /// Row-major RGBA, 4 bytes a pixel.
    public let rgba: [UInt8]

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public init(contentsOf path: String) throws {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw Failure(description: "cannot read \(path): \(DecodedPNG.message(of: image))")
        }
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // RGBA
        var pixels = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 4)
        let ok = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        guard ok != 0 else {
            let message = DecodedPNG.message(of: image)
            png_image_free(&image)
            throw Failure(description: "cannot decode \(path): \(message)")
        }
        width = Int(image.width)
        height = Int(image.height)
        rgba = pixels
    }

    public struct Pixel: Equatable, CustomStringConvertible {
        public var red, green, blue, alpha: UInt8
        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
        }
        public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }

        /// Each channel within `tolerance` of `other`'s.
        public func isClose(to other: Pixel, tolerance: Int = 2) -> Bool {
            abs(Int(red) - Int(other.red)) <= tolerance && abs(Int(green) - Int(other.green)) <= tolerance
                && abs(Int(blue) - Int(other.blue)) <= tolerance && abs(Int(alpha) - Int(other.alpha)) <= tolerance
        }
    }

    public subscript(x: Int, y: Int) -> Pixel {
        let o = (y * width + x) * 4
        return Pixel(red: rgba[o], green: rgba[o + 1], blue: rgba[o + 2], alpha: rgba[o + 3])
    }

    /// How many pixels in the rect (clipped to the image) satisfy `predicate`.
    public func count(x: Int, y: Int, width w: Int, height h: Int, where predicate: (Pixel) -> Bool) -> Int {
        var n = 0
        for row in max(y, 0)..<min(y + h, height) {
            for column in max(x, 0)..<min(x + w, width) where predicate(self[column, row]) { n += 1 }
        }
        return n
    }

    private static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
