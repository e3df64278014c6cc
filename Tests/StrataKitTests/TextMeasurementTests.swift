import Foundation
import XCTest
@testable import StrataKit

/// NSString and NSAttributedString drawing and measuring (UIKit's
/// NSStringDrawing.h): what is measured is what is drawn.
final class TextMeasurementTests: XCTestCase {
    let font = UIFont.systemFont(ofSize: 20)
    var attributes: [NSAttributedString.Key: Any] { [.font: font, .foregroundColor: UIColor.black] }

    /// size(withAttributes:) "returns the bounding box size the receiver
    /// occupies when drawn with the given attributes": the drawn ink lies in
    /// that box placed at the drawing point, and fills it horizontally up to
    /// the glyphs' side bearings, at 1× and at 2×.
    func testMeasuredSizeHoldsTheDrawnInkAtEveryScale() throws {
        let origin = CGPoint(x: 10, y: 10)
        let size = TextFixtures.latin.size(withAttributes: attributes)
        let box = CGRect(origin: origin, size: size)
        for scale: CGFloat in [1, 2] {
            let ink = try XCTUnwrap(TextFixtures.ink(of: TextFixtures.latin, attributes: attributes, at: origin,
                                                     in: CGSize(width: 300, height: 50), scale: scale))
            // Whole pixels: an edge pixel the glyphs partly cover counts as ink.
            XCTAssertTrue(box.integral.contains(ink), "scale \(scale): ink \(ink) outside \(box)")
            XCTAssertEqual(ink.minX, box.minX, accuracy: 2.5, "scale \(scale)")
            XCTAssertEqual(ink.maxX, box.maxX, accuracy: 2.5, "scale \(scale)")
            // Capitals reach up to the cap height, descenders below the baseline.
            let baseline = origin.y + font.ascender
            XCTAssertEqual(ink.minY, baseline - font.capHeight, accuracy: 1.5, "scale \(scale)")
            XCTAssertGreaterThan(ink.maxY, baseline + 1, "scale \(scale)")
        }
    }

    /// The size does not depend on the scale text is drawn at: the 2× ink is
    /// the 1× ink at twice the pixels, to the pixel.
    func testInkAtTwiceTheScaleCoversTheSameBox() throws {
        let origin = CGPoint(x: 7, y: 5)
        let one = try XCTUnwrap(TextFixtures.ink(of: "Wavy jiggles", attributes: attributes, at: origin,
                                                 in: CGSize(width: 200, height: 40), scale: 1))
        let two = try XCTUnwrap(TextFixtures.ink(of: "Wavy jiggles", attributes: attributes, at: origin,
                                                 in: CGSize(width: 200, height: 40), scale: 2))
        XCTAssertEqual(one.minX, two.minX, accuracy: 1)
        XCTAssertEqual(one.maxX, two.maxX, accuracy: 1)
        XCTAssertEqual(one.minY, two.minY, accuracy: 1)
        XCTAssertEqual(one.maxY, two.maxY, accuracy: 1)
    }

    /// A one-line string is one line of the font tall (UIFont.lineHeight:
    /// "the height, in points, of text lines"), and its width grows with its text.
    func testOneLineIsTheFontsLineHeightTall() {
        let size = "Hello".size(withAttributes: attributes)
        XCTAssertEqual(size.height, font.lineHeight, accuracy: 0.01)
        XCTAssertGreaterThan("Hello, world".size(withAttributes: attributes).width, size.width)
        // A bigger font: taller lines, wider text.
        let big = "Hello".size(withAttributes: [.font: UIFont.systemFont(ofSize: 40)])
        XCTAssertEqual(big.width, size.width * 2, accuracy: 0.5)
        XCTAssertEqual(big.height, UIFont.systemFont(ofSize: 40).lineHeight, accuracy: 0.01)
    }

    /// Without attributes UIKit draws in its default font of 12 points.
    func testNoAttributesMeansTheDefaultFont() {
        XCTAssertEqual("Hello".size(withAttributes: nil).height, UIFont.systemFont(ofSize: 12).lineHeight, accuracy: 0.01)
    }

    /// boundingRect(with:options:attributes:context:) with
    /// .usesLineFragmentOrigin: "the origin of the rectangle … is the
    /// top-left corner"; lines wrap at the given width, so no line is wider
    /// than it and the text takes more lines the narrower it is.
    func testBoundingRectWrapsAtTheWidth() {
        let text = "The quick brown fox jumps over the lazy dog and keeps on running far away"
        let unwrapped = text.boundingRect(with: CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude),
                                          options: .usesLineFragmentOrigin, attributes: attributes, context: nil)
        XCTAssertEqual(unwrapped.height, font.lineHeight, accuracy: 0.01)
        for width: CGFloat in [300, 200, 120] {
            let rect = text.boundingRect(with: CGSize(width: width, height: CGFloat.greatestFiniteMagnitude),
                                         options: .usesLineFragmentOrigin, attributes: attributes, context: nil)
            XCTAssertLessThanOrEqual(rect.width, width, "width \(width)")
            let lines = (rect.height / font.lineHeight).rounded()
            XCTAssertEqual(rect.height, lines * font.lineHeight, accuracy: 0.01, "whole lines at \(width)")
            // Each line holds at most `width`, so at least the total over the width lines are needed.
            XCTAssertGreaterThanOrEqual(lines, (unwrapped.width / width).rounded(.up), "width \(width)")
        }
        let narrow = text.boundingRect(with: CGSize(width: 120, height: CGFloat.greatestFiniteMagnitude),
                                       options: .usesLineFragmentOrigin, attributes: attributes, context: nil)
        let wide = text.boundingRect(with: CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude),
                                     options: .usesLineFragmentOrigin, attributes: attributes, context: nil)
        XCTAssertGreaterThan(narrow.height, wide.height)
    }

    /// Without .usesLineFragmentOrigin the string is one line and "the
    /// origin … is the baseline": the rect starts one ascender above it.
    func testBoundingRectWithoutLineFragmentOriginIsRelativeToTheBaseline() {
        let rect = "Hello\nworld".boundingRect(with: CGSize(width: 10, height: 10), options: [],
                                               attributes: attributes, context: nil)
        XCTAssertEqual(rect.minY, -font.ascender, accuracy: 0.01)
        XCTAssertEqual(rect.height, font.lineHeight, accuracy: 0.01)
        XCTAssertEqual(rect.width, "Hello".size(withAttributes: attributes).width, accuracy: 0.01)
    }

    /// Line separators start new lines; paragraph spacing and line spacing
    /// (NSParagraphStyle: "the distance … between the bottom of one line
    /// fragment and the top of the next", "space added at the end of the
    /// paragraph") add to the height.
    func testLineCountsAndSpacing() {
        let three = "one\ntwo\nthree".size(withAttributes: attributes)
        XCTAssertEqual(three.height, 3 * font.lineHeight, accuracy: 0.01)
        XCTAssertEqual("one\r\ntwo".size(withAttributes: attributes).height, 2 * font.lineHeight, accuracy: 0.01)
        let style = NSMutableParagraphStyle()
        style.lineSpacing = 4
        style.paragraphSpacing = 10
        var spaced = attributes
        spaced[.paragraphStyle] = style
        XCTAssertEqual("one\ntwo\nthree".size(withAttributes: spaced).height,
                       3 * font.lineHeight + 2 * (4 + 10), accuracy: 0.01)
    }

    /// draw(in:) shows the lines that fit in the rect and, with a
    /// truncating line break mode, ends the last one with an ellipsis.
    func testDrawInRectKeepsToTheRect() throws {
        let style = NSMutableParagraphStyle()
        style.lineBreakMode = .byTruncatingTail
        var truncating = attributes
        truncating[.paragraphStyle] = style
        let text = String(repeating: "lorem ipsum dolor ", count: 20)
        let rect = CGRect(x: 5, y: 5, width: 150, height: 2.5 * font.lineHeight)
        let image = DrawingFixtures.render(CGSize(width: 200, height: 120)) { _ in
            text.draw(in: rect, withAttributes: truncating)
        }
        let ink = try XCTUnwrap(TextFixtures.inkBounds(image))
        XCTAssertTrue(rect.insetBy(dx: -1, dy: -1).contains(ink), "ink \(ink) outside \(rect)")
        // Two whole lines fit; the third would not.
        XCTAssertGreaterThan(ink.maxY, rect.minY + font.lineHeight)
        let layout = TextLayout(NSAttributedString(string: text, attributes: truncating),
                                in: NSAttributedString.container(for: rect.size, options: [.usesLineFragmentOrigin,
                                                                                           .truncatesLastVisibleLine]),
                                defaults: .drawingDefaults)
        XCTAssertEqual(layout.lines.count, 2)
        XCTAssertTrue(layout.isEllipsized)
    }

    /// Attributes draw: the foreground color colors the glyphs, the
    /// background color fills behind them, kern widens the text (Pango puts
    /// it between characters, not after the last one as UIKit also does).
    func testAttributesReachThePixels() throws {
        let colored = DrawingFixtures.render(CGSize(width: 100, height: 30)) { _ in
            "HHH".draw(at: .zero, withAttributes: [.font: font, .foregroundColor: UIColor.red,
                                                    .backgroundColor: UIColor.blue])
        }
        let ink = try XCTUnwrap(TextFixtures.inkBounds(colored))
        // Behind the text: blue from the top of the line; in a stem of the H: red.
        XCTAssertEqual(DrawingFixtures.pixel(colored, Int(ink.minX) + 1, 0), DrawingFixtures.opaqueBlue)
        let stem = (Int(ink.minX)..<Int(ink.maxX)).map { DrawingFixtures.pixel(colored, $0, Int(font.ascender) - 3) }
        XCTAssertTrue(stem.contains(DrawingFixtures.opaqueRed), "no red stem")
        let kerned = "HHH".size(withAttributes: [.font: font, .kern: 5])
        XCTAssertEqual(kerned.width, "HHH".size(withAttributes: [.font: font]).width + 10, accuracy: 0.5)
    }

    /// Underline and strikethrough add ink below the baseline and across the
    /// middle of the glyphs.
    func testUnderlineAndStrikethroughDraw() throws {
        func ink(_ extra: [NSAttributedString.Key: Any]) -> CGRect? {
            TextFixtures.ink(of: "xxxx", attributes: attributes.merging(extra) { $1 }, at: .zero,
                             in: CGSize(width: 100, height: 40))
        }
        let plain = try XCTUnwrap(ink([:]))
        let underlined = try XCTUnwrap(ink([.underlineStyle: NSUnderlineStyle.single.rawValue]))
        XCTAssertGreaterThan(underlined.maxY, plain.maxY)
        let struck = DrawingFixtures.render(CGSize(width: 100, height: 40)) { _ in
            "x x".draw(at: .zero, withAttributes: attributes.merging([.strikethroughStyle: 1]) { $1 })
        }
        let plainGap = DrawingFixtures.render(CGSize(width: 100, height: 40)) { _ in
            "x x".draw(at: .zero, withAttributes: attributes)
        }
        // The strike crosses the space between the two x.
        let spaceX = Int("x ".size(withAttributes: attributes).width) - 2
        let column = { (image: CGImage) in (0..<40).filter { DrawingFixtures.pixel(image, spaceX, $0) >> 24 != 0 }.count }
        XCTAssertEqual(column(plainGap), 0)
        XCTAssertGreaterThan(column(struck), 0)
    }

    /// NSStringDrawingContext.totalBounds: "the bounding rectangle of the
    /// last drawn string".
    func testDrawingContextRecordsTheBounds() {
        let context = NSStringDrawingContext()
        let rect = "Hello".boundingRect(with: CGSize(width: 500, height: 500), options: .usesLineFragmentOrigin,
                                        attributes: attributes, context: context)
        XCTAssertEqual(context.totalBounds, rect)
        XCTAssertEqual(context.actualScaleFactor, 1)
    }

    /// NSStringDrawingContext.minimumScaleFactor: text that does not fit
    /// the rect "is scaled down … to fit", no further than this factor, and
    /// actualScaleFactor tells the scale used.
    func testDrawingContextShrinksTextToFit() {
        let context = NSStringDrawingContext()
        context.minimumScaleFactor = 0.5
        let width = "Hello, world".size(withAttributes: attributes).width
        let rect = "Hello, world".boundingRect(with: CGSize(width: width * 0.8, height: font.lineHeight),
                                               options: .usesLineFragmentOrigin, attributes: attributes, context: context)
        XCTAssertLessThan(context.actualScaleFactor, 0.81)
        XCTAssertGreaterThan(context.actualScaleFactor, 0.7)
        XCTAssertLessThanOrEqual(rect.width, width * 0.8)
        XCTAssertEqual(rect.height, font.lineHeight * context.actualScaleFactor, accuracy: 0.05)
        // Not below the minimum: the text stays too big and wraps.
        context.minimumScaleFactor = 0.9
        _ = "Hello, world".boundingRect(with: CGSize(width: width * 0.5, height: font.lineHeight),
                                        options: .usesLineFragmentOrigin, attributes: attributes, context: context)
        XCTAssertEqual(context.actualScaleFactor, 0.9, accuracy: 0.001)
    }
}
