import Foundation
import XCTest
@testable import StrataKit

/// Shared by the text tests: the sample strings, drawing text into an image
/// context and finding where its ink landed.
enum TextFixtures {
    /// One sentence per script; each needs shaping beyond one glyph per
    /// character (Arabic joining, Devanagari conjuncts and vowel signs) or
    /// runs right to left (Arabic, Hebrew).
    static let latin = "Sphinx of black quartz"
    static let arabic = "مرحبا بالعالم"
    static let hebrew = "שלום עולם"
    static let devanagari = "नमस्ते दुनिया"
    static let chinese = "你好，世界"

    /// The bounding box, in pixels, of the pixels with any coverage; nil
    /// when nothing was drawn.
    static func inkBounds(_ image: CGImage) -> CGRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<image.height {
            for x in 0..<image.width where DrawingFixtures.pixel(image, x, y) >> 24 != 0 {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The ink of `string` drawn with `attributes` at `origin` in a
    /// transparent context of `size` points at `scale`, in points.
    static func ink(of string: String, attributes: [NSAttributedString.Key: Any], at origin: CGPoint,
                    in size: CGSize, scale: CGFloat = 1) -> CGRect? {
        let image = DrawingFixtures.render(size, scale: scale) { _ in
            string.draw(at: origin, withAttributes: attributes)
        }
        return inkBounds(image).map {
            CGRect(x: $0.minX / scale, y: $0.minY / scale, width: $0.width / scale, height: $0.height / scale)
        }
    }

    /// The label drawn through its layer's display, as a window would draw
    /// it, at `scale`.
    static func render(_ label: UILabel, scale: CGFloat) -> CGImage {
        label.contentScaleFactor = scale
        label.setNeedsDisplay()
        label.layer.displayIfNeeded()
        return label.layer.contents as! CGImage
    }
}
