import Foundation
import XCTest
@testable import StrataKit

/// NSParagraphStyle (UIKit's reference, "NSParagraphStyle"): alignment,
/// indents and copying, measured on drawn ink.
final class TextParagraphStyleTests: XCTestCase {
    let font = UIFont.systemFont(ofSize: 16)
    let words = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma"

    private func attributes(_ configure: (NSMutableParagraphStyle) -> Void) -> [NSAttributedString.Key: Any] {
        let style = NSMutableParagraphStyle()
        configure(style)
        return [.font: font, .foregroundColor: UIColor.black, .paragraphStyle: style]
    }

    /// The ink of each line of `text` drawn in a 200-point-wide rect.
    private func lineInks(_ text: String, _ attributes: [NSAttributedString.Key: Any]) -> [CGRect] {
        let image = DrawingFixtures.render(CGSize(width: 200, height: 200)) { _ in
            text.draw(in: CGRect(x: 0, y: 0, width: 200, height: 200), withAttributes: attributes)
        }
        let lineHeight = font.lineHeight
        return (0..<Int(200 / lineHeight)).compactMap { line in
            image.cropping(to: CGRect(x: 0, y: Int(CGFloat(line) * lineHeight), width: 200, height: Int(lineHeight)))
                .flatMap(TextFixtures.inkBounds)
        }
    }

    /// firstLineHeadIndent: "the indentation of the first line";
    /// headIndent: "the indentation of the lines … other than the first";
    /// tailIndent, when positive, "the distance from the leading margin".
    func testIndentsMoveAndNarrowTheLines() throws {
        let plain = lineInks(words, attributes { _ in })
        let indented = lineInks(words, attributes {
            $0.firstLineHeadIndent = 30
            $0.headIndent = 10
        })
        XCTAssertGreaterThan(indented.count, 2)
        XCTAssertEqual(indented[0].minX, plain[0].minX + 30, accuracy: 1)
        XCTAssertEqual(indented[1].minX, plain[0].minX + 10, accuracy: 1.5)
        let narrow = lineInks(words, attributes { $0.tailIndent = 120 })
        XCTAssertGreaterThan(narrow.count, plain.count)
        XCTAssertTrue(narrow.allSatisfy { $0.maxX <= 121 }, "\(narrow)")
    }

    /// Right-to-left paragraphs have their leading margin on the right, so
    /// the head indent moves them left from the right edge.
    func testIndentsOfRightToLeftParagraphsAreOnTheRight() throws {
        let plain = try XCTUnwrap(lineInks(TextFixtures.hebrew, attributes { _ in }).first)
        let indented = try XCTUnwrap(lineInks(TextFixtures.hebrew, attributes { $0.firstLineHeadIndent = 25 }).first)
        XCTAssertGreaterThan(plain.maxX, 195)
        XCTAssertEqual(indented.maxX, plain.maxX - 25, accuracy: 1)
    }

    /// Center and right alignment place each line in the rect; justified
    /// text fills every line but the last to the width.
    func testAlignments() throws {
        let centered = lineInks(words, attributes { $0.alignment = .center })
        for line in centered.dropLast() { XCTAssertEqual(line.midX, 100, accuracy: 3) }
        let right = lineInks(words, attributes { $0.alignment = .right })
        for line in right { XCTAssertGreaterThan(line.maxX, 197) }
        let justified = lineInks(words, attributes { $0.alignment = .justified })
        for line in justified.dropLast() { XCTAssertGreaterThan(line.maxX, 197) }
        XCTAssertLessThan(try XCTUnwrap(justified.last).maxX, 190, "the last line is not stretched")
    }

    /// NSParagraphStyle is immutable; mutableCopy() gives a mutable style
    /// with the same values, and copies compare equal.
    func testCopiesKeepTheValues() throws {
        let style = NSMutableParagraphStyle()
        style.alignment = .right
        style.lineSpacing = 3
        style.lineBreakMode = .byTruncatingMiddle
        let copy = try XCTUnwrap(style.copy() as? NSParagraphStyle)
        XCTAssertEqual(copy, style)
        XCTAssertFalse(copy is NSMutableParagraphStyle)
        let mutable = try XCTUnwrap(copy.mutableCopy() as? NSMutableParagraphStyle)
        mutable.alignment = .left
        XCTAssertEqual(copy.alignment, .right)
        XCTAssertNotEqual(mutable, style)
        XCTAssertEqual(NSParagraphStyle.default.alignment, .natural)
        XCTAssertEqual(NSParagraphStyle.default.lineBreakMode, .byWordWrapping)
    }
}
