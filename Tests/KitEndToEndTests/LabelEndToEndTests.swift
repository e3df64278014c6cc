import CPixman
import Foundation
import StrataRender
import TestSupport
import XCTest
@testable import StrataKit

/// A UILabel in a window on a real compositor: drawn at the output's scale
/// and shown on screen.
final class LabelEndToEndTests: KitTestCase {
    /// On a scale-2 output the label draws 2× glyphs into a store of twice
    /// the pixels per side (UIKit: contentScaleFactor is the screen's scale),
    /// and the screenshot shows dark text pixels inside the label's frame only.
    func testLabelOnAScaleTwoOutputDrawsTwoPixelsPerPoint() throws {
        try startCompositor(width: 640, height: 320, scale: 2)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        window.title = "label"
        window.backgroundColor = .white
        let label = UILabel(frame: CGRect(x: 10, y: 10, width: 180, height: 30))
        label.text = "Hello, Strata"
        window.addSubview(label)
        show(window)
        XCTAssertEqual(label.contentScaleFactor, 2)

        try assertFirstViewContents(ofWindowTitled: "label", width: 360, height: 60, scale: 2)

        let path = strata.runtimeDirectory + "/label.png"
        XCTAssertEqual(try strata.control("screenshot", ["--output", path]).status, 0)
        let image = try PNGFile.read(path: path)
        defer { pixman_image_unref(image) }
        let pixels = Pixels(image)
        let origin = try self.origin(of: serverWindow(titled: "label"))
        var dark = 0, darkOutside = 0
        for y in 0..<60 * 2 {
            for x in 0..<200 * 2 {
                let p = pixels[x + origin.x * 2, y + origin.y * 2]
                guard (p >> 8) & 0xff < 0x80 else { continue }
                let inLabel = (20..<380).contains(x) && (20..<80).contains(y)
                if inLabel { dark += 1 } else { darkOutside += 1 }
            }
        }
        XCTAssertGreaterThan(dark, 200, "text pixels in the label")
        XCTAssertEqual(darkOutside, 0, "text pixels outside the label")
    }
}
