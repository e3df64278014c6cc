import Foundation
import XCTest
@testable import StrataKit

/// UIFont (UIKit's reference, "UIFont"): creating fonts, their names and
/// their metrics, with fontconfig's installed fonts.
final class FontTests: XCTestCase {
    /// systemFont(ofSize:) "returns the font object for standard interface
    /// items in the specified size", resolved to an installed family.
    func testSystemFontHasItsSizeAndAnInstalledFamily() {
        let font = UIFont.systemFont(ofSize: 17)
        XCTAssertEqual(font.pointSize, 17)
        XCTAssertTrue(UIFont.familyNames.contains(font.familyName), "\(font.familyName) not installed")
        XCTAssertTrue(UIFont.fontNames(forFamilyName: font.familyName).contains(font.fontName))
    }

    /// boldSystemFont and italicSystemFont pick other faces of the family,
    /// and the bold face's glyphs are wider.
    func testBoldAndItalicAreOtherFaces() {
        let regular = UIFont.systemFont(ofSize: 20)
        let bold = UIFont.boldSystemFont(ofSize: 20), italic = UIFont.italicSystemFont(ofSize: 20)
        XCTAssertEqual(bold.familyName, regular.familyName)
        XCTAssertNotEqual(bold.fontName, regular.fontName)
        XCTAssertNotEqual(italic.fontName, regular.fontName)
        XCTAssertNotEqual(italic.fontName, bold.fontName)
        XCTAssertGreaterThan("Hamburger".size(withAttributes: [.font: bold]).width,
                             "Hamburger".size(withAttributes: [.font: regular]).width)
        XCTAssertNotEqual(UIFont.systemFont(ofSize: 20, weight: .light).fontName, regular.fontName)
    }

    /// monospacedSystemFont: "each character has the same width".
    func testMonospacedFontHasEqualAdvances() {
        let mono = UIFont.monospacedSystemFont(ofSize: 15, weight: .regular)
        XCTAssertEqual("iiii".size(withAttributes: [.font: mono]).width,
                       "WWWW".size(withAttributes: [.font: mono]).width, accuracy: 0.01)
        let proportional = UIFont.systemFont(ofSize: 15)
        XCTAssertLessThan("iiii".size(withAttributes: [.font: proportional]).width,
                          "WWWW".size(withAttributes: [.font: proportional]).width)
    }

    /// init(name:size:) takes "the fully specified name of the font",
    /// which "incorporates both the font family name and the specific style
    /// information", and "returns nil" when no font has that name.
    func testFontByNameFindsTheFaceOrNil() throws {
        let family = UIFont.systemFont(ofSize: 12).familyName
        let names = UIFont.fontNames(forFamilyName: family)
        XCTAssertGreaterThan(names.count, 1, "a family with several faces")
        for name in names {
            let font = try XCTUnwrap(UIFont(name: name, size: 13), name)
            XCTAssertEqual(font.fontName, name)
            XCTAssertEqual(font.familyName, family)
            XCTAssertEqual(font.pointSize, 13)
        }
        XCTAssertNotNil(UIFont(name: family, size: 10))
        XCTAssertNil(UIFont(name: "No Such Font Anywhere", size: 12))
    }

    /// withSize(_:) "returns a font object that is the same as the font,
    /// except it has the specified size".
    func testWithSizeKeepsTheFace() {
        let bold = UIFont.boldSystemFont(ofSize: 10)
        let big = bold.withSize(30)
        XCTAssertEqual(big.pointSize, 30)
        XCTAssertEqual(big.fontName, bold.fontName)
        XCTAssertEqual(big.ascender, bold.ascender * 3, accuracy: 0.05)
    }

    /// preferredFont(forTextStyle:) at the default content size: the sizes
    /// and weights of Apple's Human Interface Guidelines (Typography,
    /// "Dynamic Type sizes", Large).
    func testPreferredFontsHaveApplesDefaultSizes() {
        let expected: [(UIFont.TextStyle, CGFloat)] = [
            (.largeTitle, 34), (.title1, 28), (.title2, 22), (.title3, 20), (.headline, 17), (.body, 17),
            (.callout, 16), (.subheadline, 15), (.footnote, 13), (.caption1, 12), (.caption2, 11),
        ]
        for (style, size) in expected {
            XCTAssertEqual(UIFont.preferredFont(forTextStyle: style).pointSize, size, style.rawValue)
        }
        // Headline is semibold, body regular.
        XCTAssertNotEqual(UIFont.preferredFont(forTextStyle: .headline).fontName,
                          UIFont.preferredFont(forTextStyle: .body).fontName)
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .body), UIFont.systemFont(ofSize: 17))
    }

    /// "lineHeight: the height, in points, of text lines"; the descender is
    /// "typically a negative value"; cap height is below the ascender and
    /// the x-height below the cap height; all scale with the size.
    func testMetricsAreConsistent() {
        let font = UIFont.systemFont(ofSize: 20)
        XCTAssertLessThan(font.descender, 0)
        XCTAssertEqual(font.lineHeight, font.ascender - font.descender, accuracy: 0.001)
        XCTAssertGreaterThan(font.capHeight, font.xHeight)
        XCTAssertGreaterThan(font.ascender, font.capHeight)
        XCTAssertGreaterThan(font.xHeight, 0)
        let double = font.withSize(40)
        XCTAssertEqual(double.lineHeight, font.lineHeight * 2, accuracy: 0.05)
        XCTAssertEqual(double.capHeight, font.capHeight * 2, accuracy: 0.1)
    }
}
