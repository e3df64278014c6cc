import Foundation
import XCTest
@testable import StrataKit

/// Text in five scripts, shaped by Pango: a reference image per script at
/// 1× and 2×, and checks that shaping really happens (joined Arabic
/// letters, Devanagari conjuncts) and that right-to-left text runs from
/// the right.
final class TextScriptTests: XCTestCase {
    /// A 240 × 40 label in the 20-point system font, black on white, drawn
    /// at `scale` as a window at that scale draws it.
    private func renderLabel(_ text: String, scale: CGFloat) -> CGImage {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 240, height: 40))
        label.font = .systemFont(ofSize: 20)
        label.text = text
        label.contentScaleFactor = scale
        return DrawingFixtures.render(label.bounds.size, scale: scale) { context in
            context.setFillColor(UIColor.white.cgColor)
            context.fill(label.bounds)
            label.drawText(in: label.bounds)
        }
    }

    /// Glyph edges may move by a few levels between FreeType versions; a
    /// wrong shape, position or scale changes hundreds of pixels. So: each
    /// channel within 24 levels, and at most 0.5% of the pixels beyond that.
    private func assertMatches(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        for scale: CGFloat in [1, 2] {
            let image = renderLabel(text, scale: scale)
            DrawingFixtures.assertMatchesReference(image, "Text\(name)@\(Int(scale))x", tolerance: 24,
                                                   maxDifferingPixels: image.width * image.height / 200,
                                                   file: file, line: line)
        }
    }

    func testLatinMatchesItsReference() { assertMatches(TextFixtures.latin, "Latin") }
    func testArabicMatchesItsReference() { assertMatches(TextFixtures.arabic, "Arabic") }
    func testHebrewMatchesItsReference() { assertMatches(TextFixtures.hebrew, "Hebrew") }
    func testDevanagariMatchesItsReference() { assertMatches(TextFixtures.devanagari, "Devanagari") }
    func testChineseMatchesItsReference() { assertMatches(TextFixtures.chinese, "Chinese") }

    /// Every script draws glyphs, not missing-glyph boxes: a font covers it.
    func testEveryScriptHasAFont() throws {
        let font = UIFont.systemFont(ofSize: 20)
        for text in [TextFixtures.latin, TextFixtures.arabic, TextFixtures.hebrew, TextFixtures.devanagari,
                     TextFixtures.chinese] {
            let layout = TextLayout(NSAttributedString(string: text, attributes: [.font: font]), in: TextContainer(),
                                    defaults: .drawingDefaults)
            XCTAssertEqual(layout.unknownGlyphCount, 0, text)
        }
    }

    /// Arabic letters join: a word is narrower than its letters set apart
    /// (isolated forms), because shaping picks the connected forms.
    func testArabicLettersAreJoined() {
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 20)]
        let word = "بيت"
        let apart = word.map { String($0).size(withAttributes: attributes).width }.reduce(0, +)
        XCTAssertLessThan(word.size(withAttributes: attributes).width, apart - 2)
    }

    /// Devanagari ka + virama + ssa forms the conjunct kṣa, one glyph
    /// narrower than the three shown separately.
    func testDevanagariFormsConjuncts() {
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 20)]
        let conjunct = "\u{915}\u{94D}\u{937}"
        let apart = conjunct.unicodeScalars.map { String($0).size(withAttributes: attributes).width }.reduce(0, +)
        XCTAssertLessThan(conjunct.size(withAttributes: attributes).width, apart - 2)
    }

    /// Right-to-left text starts at the right: in "שלום 123" drawn
    /// unwrapped, the Hebrew word is right of the number.
    func testRightToLeftRunsFromTheRight() throws {
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 20), .foregroundColor: UIColor.black]
        let hebrewWidth = "שלום".size(withAttributes: attributes).width
        let image = DrawingFixtures.render(CGSize(width: 200, height: 30)) { _ in
            "שלום 123".draw(at: .zero, withAttributes: attributes)
        }
        let total = "שלום 123".size(withAttributes: attributes).width
        // The number is at the left: the columns left of (total - hebrewWidth) hold the digits.
        let digits = try XCTUnwrap(TextFixtures.inkBounds(try XCTUnwrap(image.cropping(
            to: CGRect(x: 0, y: 0, width: Int(total - hebrewWidth) - 4, height: 30)))))
        XCTAssertGreaterThan(digits.width, 20, "the digits are drawn at the left")
        let digitsAlone = try XCTUnwrap(TextFixtures.ink(of: "123", attributes: attributes, at: .zero,
                                                         in: CGSize(width: 100, height: 30)))
        XCTAssertEqual(digits.width, digitsAlone.width, accuracy: 1)
    }
}
