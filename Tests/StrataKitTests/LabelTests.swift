import Foundation
import XCTest
@testable import StrataKit

/// UILabel (UIKit's reference, "UILabel"): its defaults, sizing,
/// truncation, alignment and when it redraws.
final class LabelTests: XCTestCase {
    let longText = "The quick brown fox jumps over the lazy dog, again and again, until the day is done"

    /// The defaults UIKit documents: "the default font is … 17-point",
    /// textAlignment natural, numberOfLines 1, lineBreakMode
    /// byTruncatingTail, and isUserInteractionEnabled false.
    func testDefaults() {
        let label = UILabel()
        XCTAssertEqual(label.font, UIFont.systemFont(ofSize: 17))
        XCTAssertEqual(label.textColor, UIColor.label)
        XCTAssertEqual(label.textAlignment, .natural)
        XCTAssertEqual(label.numberOfLines, 1)
        XCTAssertEqual(label.lineBreakMode, .byTruncatingTail)
        XCTAssertFalse(label.isUserInteractionEnabled)
        XCTAssertNil(label.text)
        XCTAssertEqual(label.intrinsicContentSize, .zero)
        // A plain view "has no intrinsic metric" in either dimension.
        XCTAssertEqual(UIView().intrinsicContentSize, CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
    }

    /// intrinsicContentSize of a one-line label is its text's size rounded
    /// up to whole points; sizeToFit() resizes the label to it.
    func testIntrinsicSizeIsTheTextsSizeRoundedUp() {
        let label = UILabel()
        label.text = "Hello, world"
        let measured = "Hello, world".size(withAttributes: [.font: label.font!])
        XCTAssertEqual(label.intrinsicContentSize, CGSize(width: measured.width.rounded(.up), height: measured.height.rounded(.up)))
        label.frame = CGRect(x: 5, y: 6, width: 1, height: 1)
        label.sizeToFit()
        XCTAssertEqual(label.frame, CGRect(origin: CGPoint(x: 5, y: 6), size: label.intrinsicContentSize))
    }

    /// sizeThatFits(_:): a one-line label wants its whole line whatever
    /// the width offered; a multi-line label (numberOfLines 0) wraps at the
    /// width and grows in height.
    func testSizeThatFitsWrapsOnlyMultiLineLabels() {
        let label = UILabel()
        label.text = longText
        let single = label.sizeThatFits(CGSize(width: 100, height: 1000))
        XCTAssertGreaterThan(single.width, 100)
        XCTAssertEqual(single.height, label.font.lineHeight.rounded(.up))
        label.numberOfLines = 0
        let wrapped = label.sizeThatFits(CGSize(width: 100, height: 1000))
        XCTAssertLessThanOrEqual(wrapped.width, 100)
        XCTAssertGreaterThan(wrapped.height, 3 * label.font.lineHeight)
        label.numberOfLines = 2
        XCTAssertEqual(label.sizeThatFits(CGSize(width: 100, height: 1000)).height,
                       (2 * label.font.lineHeight).rounded(.up), accuracy: 1)
    }

    /// preferredMaxLayoutWidth: "the preferred maximum width … for a
    /// multiline label" used for its intrinsic size.
    func testPreferredMaxLayoutWidthWrapsTheIntrinsicSize() {
        let label = UILabel()
        label.numberOfLines = 0
        label.text = longText
        let unlimited = label.intrinsicContentSize
        label.preferredMaxLayoutWidth = 150
        let wrapped = label.intrinsicContentSize
        XCTAssertLessThanOrEqual(wrapped.width, 150)
        XCTAssertGreaterThan(wrapped.height, unlimited.height)
    }

    /// lineBreakMode byTruncatingTail: "the line is displayed so that the
    /// beginning fits in the container and the missing text at the end of
    /// the line is indicated by an ellipsis glyph"; the ink stays inside.
    func testLongTextIsTruncatedWithAnEllipsisInsideTheBounds() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 30))
        label.text = longText
        let layout = label.layout(in: label.bounds.size, numberOfLines: label.numberOfLines)
        XCTAssertEqual(layout.lines.count, 1)
        XCTAssertTrue(layout.isEllipsized)
        let ink = try XCTUnwrap(TextFixtures.inkBounds(TextFixtures.render(label, scale: 1)))
        XCTAssertLessThanOrEqual(ink.maxX, 120)
        XCTAssertGreaterThan(ink.maxX, 90, "the line fills the width")
        // Clipping modes do not ellipsize.
        label.lineBreakMode = .byClipping
        XCTAssertFalse(label.layout(in: label.bounds.size, numberOfLines: 1).isEllipsized)
    }

    /// numberOfLines: "the maximum number of lines"; 0 means "as many lines
    /// as needed", limited by the bounds' height.
    func testNumberOfLinesLimitsTheLines() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 400))
        label.text = longText
        for lines in [1, 2, 3] {
            label.numberOfLines = lines
            XCTAssertEqual(label.layout(in: label.bounds.size, numberOfLines: lines).lines.count, lines)
            XCTAssertEqual(label.textRect(forBounds: label.bounds, limitedToNumberOfLines: lines).height,
                           (CGFloat(lines) * label.font.lineHeight).rounded(.up), accuracy: 1)
        }
        label.numberOfLines = 0
        let all = label.layout(in: label.bounds.size, numberOfLines: 0)
        XCTAssertGreaterThan(all.lines.count, 3)
        XCTAssertFalse(all.isEllipsized)
        label.bounds.size.height = 2.5 * label.font.lineHeight
        XCTAssertEqual(label.layout(in: label.bounds.size, numberOfLines: 0).lines.count, 2)
    }

    /// The text is centered vertically in the bounds (UIKit's drawText(in:)
    /// draws the text rect in the middle of the label), on whole pixels.
    func testTextIsVerticallyCentered() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        label.text = "HHHH"
        let font = label.font!
        for scale: CGFloat in [1, 2] {
            let ink = try XCTUnwrap(TextFixtures.inkBounds(TextFixtures.render(label, scale: scale)))
            let top = (100 - font.lineHeight) / 2
            XCTAssertEqual(ink.minY / scale, top + font.ascender - font.capHeight, accuracy: 1, "scale \(scale)")
            XCTAssertEqual(ink.maxY / scale, top + font.ascender, accuracy: 1, "scale \(scale)")
        }
    }

    /// A 2× label draws 2× glyphs into a store of twice the pixels, the
    /// ink covering the same points.
    func testDrawnAtTheViewsScale() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 160, height: 30))
        label.text = "Crisp text"
        let one = TextFixtures.render(label, scale: 1), two = TextFixtures.render(label, scale: 2)
        XCTAssertEqual(two.width, 320)
        XCTAssertEqual(two.height, 60)
        let inkOne = try XCTUnwrap(TextFixtures.inkBounds(one)), inkTwo = try XCTUnwrap(TextFixtures.inkBounds(two))
        XCTAssertEqual(inkTwo.width / 2, inkOne.width, accuracy: 1.5)
        XCTAssertEqual(inkTwo.minX / 2, inkOne.minX, accuracy: 1)
    }

    /// Natural alignment "uses the default alignment associated with the
    /// current localization" of the text: right for right-to-left scripts;
    /// .left and .right are absolute.
    func testNaturalAlignmentFollowsTheTextsDirection() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 30))
        func ink(_ text: String, _ alignment: NSTextAlignment) throws -> CGRect {
            label.text = text
            label.textAlignment = alignment
            return try XCTUnwrap(TextFixtures.inkBounds(TextFixtures.render(label, scale: 1)))
        }
        for rightToLeft in [TextFixtures.hebrew, TextFixtures.arabic] {
            XCTAssertGreaterThan(try ink(rightToLeft, .natural).maxX, 295)
            XCTAssertLessThan(try ink(rightToLeft, .left).minX, 5)
        }
        XCTAssertLessThan(try ink(TextFixtures.latin, .natural).minX, 5)
        XCTAssertGreaterThan(try ink(TextFixtures.latin, .right).maxX, 295)
        let centered = try ink(TextFixtures.latin, .center)
        XCTAssertEqual(centered.midX, 150, accuracy: 2)
    }

    /// adjustsFontSizeToFitWidth: the label "reduces the text's font size
    /// until the string fits", down to minimumScaleFactor, then truncates.
    func testAdjustsFontSizeToFitWidth() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 150, height: 30))
        label.text = "A rather long headline"
        XCTAssertTrue(label.layout(in: label.bounds.size, numberOfLines: 1).isEllipsized)
        label.adjustsFontSizeToFitWidth = true
        // "If you specify 0 …, the current font size is used as the smallest font size."
        XCTAssertTrue(label.layout(in: label.bounds.size, numberOfLines: 1).isEllipsized)
        label.minimumScaleFactor = 0.3
        let shrunk = label.layout(in: label.bounds.size, numberOfLines: 1)
        XCTAssertFalse(shrunk.isEllipsized)
        XCTAssertTrue(shrunk.isComplete)
        XCTAssertLessThanOrEqual(shrunk.usedRect.width, 150)
        XCTAssertGreaterThan(shrunk.usedRect.width, 140, "shrunk no more than needed")
        label.minimumScaleFactor = 0.95
        XCTAssertTrue(label.layout(in: label.bounds.size, numberOfLines: 1).isEllipsized, "too little shrinking allowed")
    }

    /// Setting font or textColor when the label has styled text "applies
    /// the font to the entirety of the string in the attributedText property".
    func testFontAndColorApplyToTheWholeAttributedText() {
        let label = UILabel()
        let styled = NSMutableAttributedString(string: "red", attributes: [.foregroundColor: UIColor.red])
        styled.append(NSAttributedString(string: " big", attributes: [.font: UIFont.systemFont(ofSize: 30)]))
        label.attributedText = styled
        XCTAssertEqual(label.text, "red big")
        label.font = .systemFont(ofSize: 9)
        label.attributedText!.enumerateAttribute(.font, in: NSRange(location: 0, length: 7)) { value, _, _ in
            XCTAssertEqual(value as? UIFont, UIFont.systemFont(ofSize: 9))
        }
        XCTAssertEqual(label.attributedText!.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor, .red)
        label.textColor = .blue
        XCTAssertEqual(label.attributedText!.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor, .blue)
    }

    /// shadowColor: "the default value … is nil, which indicates that no
    /// shadow is drawn"; shadowOffset defaults to (0, -1). The shadow is
    /// the text's ink again, offset, in the shadow color.
    func testShadowIsTheTextOffsetInTheShadowColor() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 40))
        label.text = "IIII"
        XCTAssertNil(label.shadowColor)
        XCTAssertEqual(label.shadowOffset, CGSize(width: 0, height: -1))
        let plain = try XCTUnwrap(TextFixtures.inkBounds(TextFixtures.render(label, scale: 1)))
        label.shadowColor = .red
        label.shadowOffset = CGSize(width: 4, height: 3)
        let image = TextFixtures.render(label, scale: 1)
        let shadowed = try XCTUnwrap(TextFixtures.inkBounds(image))
        XCTAssertEqual(shadowed.maxX, plain.maxX + 4, accuracy: 0.5)
        XCTAssertEqual(shadowed.maxY, plain.maxY + 3, accuracy: 0.5)
        // Below the text, only shadow: red, opaque where it covers whole pixels.
        var below: [UInt32] = []
        for y in Int(plain.maxY) + 1..<Int(shadowed.maxY) {
            for x in 0..<image.width where DrawingFixtures.pixel(image, x, y) != 0 {
                below.append(DrawingFixtures.pixel(image, x, y))
            }
        }
        XCTAssertTrue(below.allSatisfy { $0 & 0xffff == 0 }, "only red below the text")
        XCTAssertTrue(below.contains(DrawingFixtures.opaqueRed))
    }

    /// highlightedTextColor: "the highlight color applied to the label's
    /// text" when isHighlighted is true; nil by default, which leaves the
    /// text in its own color.
    func testHighlightedTextColor() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        label.text = "IIIIII"
        label.textColor = .blue
        func colors() -> Set<UInt32> {
            let image = TextFixtures.render(label, scale: 1)
            var opaque = Set<UInt32>()
            for y in 0..<image.height {
                for x in 0..<image.width where DrawingFixtures.pixel(image, x, y) >> 24 == 0xff {
                    opaque.insert(DrawingFixtures.pixel(image, x, y))
                }
            }
            return opaque
        }
        label.isHighlighted = true
        XCTAssertEqual(colors(), [DrawingFixtures.opaqueBlue], "no highlighted color: the text color")
        label.highlightedTextColor = .red
        XCTAssertTrue(label.layer.needsDisplay())
        XCTAssertEqual(colors(), [DrawingFixtures.opaqueRed])
        label.isHighlighted = false
        XCTAssertEqual(colors(), [DrawingFixtures.opaqueBlue])
        XCTAssertEqual(label.attributedText?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor, .blue)
    }

    /// Measuring and then drawing at the same width (a label as wide as its
    /// container, as tall as sizeThatFits says) lays the text out once; a
    /// height that cuts lines, or any change to the text, lays it out again.
    func testMeasuringAndDrawingShareOneLayout() {
        let label = UILabel()
        label.numberOfLines = 0
        label.text = longText
        let size = label.sizeThatFits(CGSize(width: 150, height: 0))
        let measured = label.cachedLayout?.layout
        XCTAssertNotNil(measured)
        XCTAssertEqual(label.sizeThatFits(CGSize(width: 150, height: 0)), size)
        XCTAssertTrue(label.cachedLayout?.layout === measured)
        label.frame = CGRect(x: 0, y: 0, width: 150, height: size.height)
        XCTAssertTrue(label.layout(in: label.bounds.size, numberOfLines: 0) === measured)
        let cut = label.layout(in: CGSize(width: 150, height: size.height / 2), numberOfLines: 0)
        XCTAssertFalse(cut === measured)
        XCTAssertLessThan(cut.lines.count, measured!.lines.count)
        label.text = "Short"
        XCTAssertEqual(label.layout(in: label.bounds.size, numberOfLines: 0).lines.count, 1)
    }

    /// The label redraws when its text, an attribute or its size changes,
    /// and not when a property is set to the value it has.
    func testRedrawsOnlyWhenSomethingChanged() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        label.text = "Same"
        label.layer.displayIfNeeded()
        XCTAssertFalse(label.layer.needsDisplay())
        label.text = "Same"
        label.font = .systemFont(ofSize: 17)
        label.textColor = .label
        label.textAlignment = .natural
        XCTAssertFalse(label.layer.needsDisplay(), "nothing changed")
        label.text = "Other"
        XCTAssertTrue(label.layer.needsDisplay())
        label.layer.displayIfNeeded()
        label.textColor = .red
        XCTAssertTrue(label.layer.needsDisplay())
        label.layer.displayIfNeeded()
        label.bounds.size.width = 140
        XCTAssertTrue(label.layer.needsDisplay(), "a size change redraws (content mode .redraw)")
        label.layer.displayIfNeeded()
        label.center = CGPoint(x: 300, y: 300)
        XCTAssertFalse(label.layer.needsDisplay(), "moving does not redraw")
    }
}
