import XCTest
@testable import StrataKit

/// System symbol images. `init(systemName:)`: "Creates an image object
/// that contains a system symbol image"; symbol images are template
/// images, so an image view "applies its tintColor" to them
/// (`UIImage.RenderingMode.automatic`: "symbol images … use the template
/// rendering mode"); `withTintColor(_:)` fixes the colour; a symbol
/// configuration's point size sets its size.
final class SymbolImageTests: XCTestCase {
    /// The colour of the most opaque pixel of an image view's contents.
    private func inkColor(of imageView: UIImageView) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)? {
        guard let contents = imageView.layer.contents as? CGImage else { return nil }
        // cairo's ARGB32, premultiplied, in native (little-endian) order: B, G, R, A.
        return contents.withPixels { base in
            var best: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)?
            for y in 0..<contents.height {
                let row = base.advanced(by: y * contents.bytesPerRow).assumingMemoryBound(to: UInt8.self)
                for x in 0..<contents.width {
                    let a = row[4 * x + 3]
                    if a > (best?.a ?? 0) { best = (row[4 * x + 2], row[4 * x + 1], row[4 * x], a) }
                }
            }
            return best
        }
    }

    func testSymbolsAreTemplatesSizedByTheirConfiguration() throws {
        let trash = try XCTUnwrap(UIImage(systemName: "trash"))
        XCTAssertTrue(trash.isSymbolImage)
        XCTAssertTrue(trash.isTemplate)
        XCTAssertEqual(trash.size.width, 20, accuracy: 1, "a body-sized symbol")
        let large = try XCTUnwrap(UIImage(systemName: "trash", withConfiguration: UIImage.SymbolConfiguration(pointSize: 34)))
        XCTAssertEqual(large.size.width, 2 * trash.size.width, accuracy: 1)
        let resized = trash.withConfiguration(UIImage.SymbolConfiguration(pointSize: 34))
        XCTAssertEqual(resized.size, large.size)
        XCTAssertNil(UIImage(systemName: ""))
        XCTAssertNotNil(UIImage(systemName: "some.symbol.not.drawn.here"), "unknown names still give an image")
        XCTAssertFalse(trash.withRenderingMode(.alwaysOriginal).isTemplate)
    }

    func testImageViewTintsTemplateImages() throws {
        let view = UIImageView(image: UIImage(systemName: "heart.fill"))
        view.tintColor = .systemRed
        let red = try XCTUnwrap(inkColor(of: view))
        XCTAssertEqual(red.a, 255)
        XCTAssertGreaterThan(red.r, 200)
        XCTAssertLessThan(red.g, 100)
        view.tintColor = .systemBlue
        let blue = try XCTUnwrap(inkColor(of: view))
        XCTAssertGreaterThan(blue.b, 200)
        XCTAssertLessThan(blue.r, 50)
        // A fixed tint wins over the view's.
        view.image = UIImage(systemName: "star.fill")?.withTintColor(.systemGreen)
        let green = try XCTUnwrap(inkColor(of: view))
        XCTAssertGreaterThan(green.g, 150)
        XCTAssertLessThan(green.r, 100)
    }
}
