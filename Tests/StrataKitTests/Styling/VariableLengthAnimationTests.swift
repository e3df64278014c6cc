import XCTest
import StrataProtocol
@testable import StrataKit

/// Paths, gradient colors and locations animate as Core Animation does:
/// point by point when both ends have the same elements (or as many
/// colors), and the compositor plays them from one commit.
final class VariableLengthAnimationTests: StylingTestCase {
    private func square(_ side: CGFloat) -> CGPath { CGPath(rect: CGRect(x: 0, y: 0, width: side, height: side), transform: nil) }

    /// CABasicAnimation(keyPath: "path") between two paths of the same elements: half way is the blended path.
    func testPathAnimationBlendsPointByPoint() throws {
        let layer = CAShapeLayer()
        layer.path = square(10)
        CATransaction.flush()
        let morph = CABasicAnimation(keyPath: "path")
        morph.fromValue = square(10)
        morph.toValue = square(30)
        morph.duration = 1
        layer.add(morph, forKey: "morph")
        let wire = try XCTUnwrap(layer.animationEntries.first?.wire.first)
        XCTAssertEqual(wire.property, .path)
        let half = try LayerPath(wire: wire.value(atFraction: 0.5))
        XCTAssertEqual(half.elements[2], .line(Point(x: 20, y: 20)), "the far corner half way from 10 to 30")
        // On the wire each value goes with its count.
        let doubles = wire.property.wireValues(wire.values)
        XCTAssertEqual(doubles.first, Double(wire.values[0].count))
        XCTAssertEqual(wire.property.values(fromWire: doubles, maxCount: 10), wire.values)
    }

    /// Paths of different elements switch half way (Core Animation leaves them undefined).
    func testPathsOfDifferentElementsSwitch() {
        let from = LayerPath(square(10)).wireValue
        let to = LayerPath(CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)).wireValue
        XCTAssertEqual(AnimatableProperty.path.interpolate(from, to, 0.3), from)
        XCTAssertEqual(AnimatableProperty.path.interpolate(from, to, 0.7), to)
    }

    /// A gradient's colors animate implicitly, color by color, and its presentation shows the blend.
    func testGradientColorsAnimateImplicitly() throws {
        let layer = CAGradientLayer()
        layer.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        CATransaction.flush()
        layer.colors = [CGColor(red: 0, green: 1, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        let wire = try XCTUnwrap(layer.animationEntries.first { $0.key == "colors" }?.wire.first)
        // Part way (the default timing curve decides how far): red gives way to green; the second color stays blue.
        let half = wire.value(atFraction: 0.5)
        XCTAssertEqual(half[0] + half[1], 1, accuracy: 1e-9)
        XCTAssertTrue((0.05...0.95).contains(half[1]), "\(half)")
        XCTAssertEqual(Array(half[4..<8]), [0, 0, 1, 1])
    }

    /// The compositor applies a path animation's value to the shape it draws.
    func testThePresentationDrawsTheAnimatedPath() throws {
        var values = AnimatableValues()
        values.apply(.path, LayerPath(square(30)).wireValue)
        XCTAssertEqual(values.shape.path, LayerPath(square(30)))
        values.apply(.colors, [1, 0, 0, 1, 0, 1, 0, 1])
        XCTAssertEqual(values.gradientColors, [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 1, blue: 0)])
        values.apply(.locations, [0.2, 2])
        XCTAssertEqual(values.gradientLocations, [0.2, 1])
    }

    /// A path animation too big for one message: only its ends are sent; too big even then, it is not sent.
    func testLongPathAnimationsAreThinnedToTheirEnds() {
        let long = CGMutablePath()
        long.addLines(between: (0..<60).map { CGPoint(x: $0, y: $0 % 3) })
        let value = LayerPath(long).wireValue
        let keyframes = LayerAnimation(property: .path, values: [value, value, value], timing: MediaTiming(duration: 1))
        XCTAssertEqual(LayerAnimationEntry.sendable(keyframes)?.values.count, 2)
        long.addLines(between: (0..<200).map { CGPoint(x: $0, y: $0 % 3) })
        let huge = LayerPath(long).wireValue
        XCTAssertNil(LayerAnimationEntry.sendable(LayerAnimation(property: .path, values: [huge, huge], timing: MediaTiming(duration: 1))))
    }
}
