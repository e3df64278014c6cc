import Foundation
import XCTest
@testable import StrataKit

final class ColorTests: XCTestCase {
    private func rgba(_ color: UIColor) -> [CGFloat] {
        var r: CGFloat = -1, g: CGFloat = -1, b: CGFloat = -1, a: CGFloat = -1
        XCTAssertTrue(color.getRed(&r, green: &g, blue: &b, alpha: &a))
        return [r, g, b, a]
    }

    private func hsba(_ color: UIColor) -> [CGFloat] {
        var h: CGFloat = -1, s: CGFloat = -1, b: CGFloat = -1, a: CGFloat = -1
        XCTAssertTrue(color.getHue(&h, saturation: &s, brightness: &b, alpha: &a))
        return [h, s, b, a]
    }

    private func assertClose(_ actual: [CGFloat], _ expected: [CGFloat], file: StaticString = #filePath,
                             line: UInt = #line) {
        XCTAssertEqual(actual.count, expected.count, file: file, line: line)
        for (x, y) in zip(actual, expected) {
            XCTAssertEqual(x, y, accuracy: 1e-9, "\(actual) vs \(expected)", file: file, line: line)
        }
    }

    /// CGColor reports its components in its color space: four for RGB, two
    /// (gray, alpha) for gray, and `alpha` last.
    func testCGColorComponents() {
        let rgb = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
        XCTAssertEqual(rgb.components, [0.1, 0.2, 0.3, 0.4])
        XCTAssertEqual(rgb.numberOfComponents, 4)
        XCTAssertEqual(rgb.alpha, 0.4)
        let gray = CGColor(gray: 0.25, alpha: 0.5)
        XCTAssertEqual(gray.components, [0.25, 0.5])
        XCTAssertEqual(gray.alpha, 0.5)
        XCTAssertTrue(gray.rgba == (0.25, 0.25, 0.25, 0.5), "seam: gray converts to equal RGB")
    }

    /// copy(alpha:) keeps the color and replaces only alpha.
    func testCGColorCopyWithAlpha() {
        let color = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1).copy(alpha: 0.25)!
        XCTAssertEqual(color.components, [1, 0.5, 0, 0.25])
        XCTAssertEqual(CGColor(gray: 1, alpha: 1).copy(alpha: 0)!.components, [1, 0])
    }

    /// UIColor's documented component values for its class colors.
    func testStandardColors() {
        assertClose(rgba(.black), [0, 0, 0, 1])
        assertClose(rgba(.white), [1, 1, 1, 1])
        assertClose(rgba(.darkGray), [1.0 / 3, 1.0 / 3, 1.0 / 3, 1])
        assertClose(rgba(.lightGray), [2.0 / 3, 2.0 / 3, 2.0 / 3, 1])
        assertClose(rgba(.gray), [0.5, 0.5, 0.5, 1])
        assertClose(rgba(.red), [1, 0, 0, 1])
        assertClose(rgba(.green), [0, 1, 0, 1])
        assertClose(rgba(.blue), [0, 0, 1, 1])
        assertClose(rgba(.cyan), [0, 1, 1, 1])
        assertClose(rgba(.yellow), [1, 1, 0, 1])
        assertClose(rgba(.magenta), [1, 0, 1, 1])
        assertClose(rgba(.orange), [1, 0.5, 0, 1])
        assertClose(rgba(.purple), [0.5, 0, 0.5, 1])
        assertClose(rgba(.brown), [0.6, 0.4, 0.2, 1])
        assertClose(rgba(.clear), [0, 0, 0, 0])
    }

    /// init(white:alpha:) is a gray color: getWhite succeeds, getRed gives equal components.
    func testWhiteColors() {
        let color = UIColor(white: 0.3, alpha: 0.7)
        var white: CGFloat = -1, alpha: CGFloat = -1
        XCTAssertTrue(color.getWhite(&white, alpha: &alpha))
        XCTAssertEqual(white, 0.3)
        XCTAssertEqual(alpha, 0.7)
        assertClose(rgba(color), [0.3, 0.3, 0.3, 0.7])
        XCTAssertFalse(UIColor.red.getWhite(&white, alpha: &alpha), "an RGB color is not gray")
    }

    /// init(hue:saturation:brightness:alpha:) with the HSB model: hue 0 red,
    /// 1/3 green, 2/3 blue, 1/6 yellow, 1/2 cyan, 5/6 magenta; brightness the
    /// largest component; saturation 0 gray.
    func testHueSaturationBrightnessToRGB() {
        assertClose(rgba(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1)), [1, 0, 0, 1])
        assertClose(rgba(UIColor(hue: 1.0 / 6, saturation: 1, brightness: 1, alpha: 1)), [1, 1, 0, 1])
        assertClose(rgba(UIColor(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 1)), [0, 1, 0, 1])
        assertClose(rgba(UIColor(hue: 0.5, saturation: 1, brightness: 1, alpha: 1)), [0, 1, 1, 1])
        assertClose(rgba(UIColor(hue: 2.0 / 3, saturation: 1, brightness: 1, alpha: 1)), [0, 0, 1, 1])
        assertClose(rgba(UIColor(hue: 5.0 / 6, saturation: 1, brightness: 1, alpha: 1)), [1, 0, 1, 1])
        assertClose(rgba(UIColor(hue: 1, saturation: 1, brightness: 1, alpha: 1)), [1, 0, 0, 1])
        assertClose(rgba(UIColor(hue: 0.25, saturation: 0, brightness: 0.5, alpha: 0.5)), [0.5, 0.5, 0.5, 0.5])
        // Hue 1/12 is halfway from red to yellow; saturation 0.5 lifts the
        // smallest component to half the brightness.
        assertClose(rgba(UIColor(hue: 1.0 / 12, saturation: 0.5, brightness: 0.8, alpha: 1)), [0.8, 0.6, 0.4, 1])
    }

    /// getHue inverts init(hue:…), and reads HSB off RGB colors.
    func testRGBToHueSaturationBrightness() {
        assertClose(hsba(.red), [0, 1, 1, 1])
        assertClose(hsba(.green), [1.0 / 3, 1, 1, 1])
        assertClose(hsba(.blue), [2.0 / 3, 1, 1, 1])
        assertClose(hsba(.orange), [1.0 / 12, 1, 1, 1])
        assertClose(hsba(.gray), [0, 0, 0.5, 1])
        assertClose(hsba(UIColor(red: 0.8, green: 0.6, blue: 0.4, alpha: 0.3)), [1.0 / 12, 0.5, 0.8, 0.3])
        let color = UIColor(hue: 0.7, saturation: 0.4, brightness: 0.9, alpha: 1)
        assertClose(hsba(color), [0.7, 0.4, 0.9, 1])
    }

    /// withAlphaComponent keeps the color and replaces alpha; cgColor carries it.
    func testWithAlphaComponent() {
        let color = UIColor.orange.withAlphaComponent(0.5)
        assertClose(rgba(color), [1, 0.5, 0, 0.5])
        XCTAssertEqual(color.cgColor.alpha, 0.5)
        XCTAssertEqual(UIColor(red: 1, green: 0, blue: 0, alpha: 1), UIColor.red)
    }

    /// set() sets both fill and stroke colors of the current context;
    /// setFill/setStroke one each (UIKit: "Sets the color of subsequent
    /// stroke and fill operations to the color that the receiver represents").
    func testSetSetFillAndSetStrokeChangeTheCurrentContext() {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 1, height: 1), false, 1)
        defer { UIGraphicsEndImageContext() }
        let context = UIGraphicsGetCurrentContext()!
        UIColor.red.set()
        XCTAssertEqual(context.state.fillColor, UIColor.red.cgColor)
        XCTAssertEqual(context.state.strokeColor, UIColor.red.cgColor)
        UIColor.blue.setFill()
        XCTAssertEqual(context.state.fillColor, UIColor.blue.cgColor)
        XCTAssertEqual(context.state.strokeColor, UIColor.red.cgColor)
        UIColor.green.setStroke()
        XCTAssertEqual(context.state.strokeColor, UIColor.green.cgColor)
    }

    /// Colors are drawn un-premultiplied into premultiplied pixels: 50 % red is 0x80800000.
    func testTranslucentColorPixels() {
        let image = DrawingFixtures.render(CGSize(width: 2, height: 2)) { ctx in
            ctx.setFillColor(UIColor.red.withAlphaComponent(0.5).cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
        XCTAssertEqual(DrawingFixtures.pixel(image, 0, 0), 0x8080_0000)
    }
}
