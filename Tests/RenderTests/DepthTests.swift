import StrataProtocol
import StrataRender
import TestSupport
import XCTest

/// 3-D layers: perspective projection, double-sidedness, clipping at the
/// eye, transform layers, hit testing and damage.
final class DepthTests: XCTestCase {
    /// Perspective seen from 500 points, as the sublayer transform of a
    /// container the size of the output.
    static func perspectiveContainer(width: Double, height: Double, distance: Double = 500) -> RenderLayer {
        let container = RenderLayer(frame: Rect(x: 0, y: 0, width: width, height: height), name: "perspective")
        container.properties.updateDepth { $0.sublayerTransform = Transform3D(perspectiveDistance: distance) }
        return container
    }

    /// A 160×100 blue card with a red stripe down its left side and a green
    /// square in its top right, centred at (150, 100).
    static func card() -> RenderLayer {
        let card = RenderLayer(frame: Rect(x: 70, y: 50, width: 160, height: 100), color: Color(red: 0, green: 0, blue: 1, alpha: 1),
                               name: "card")
        card.addSublayer(RenderLayer(frame: Rect(x: 0, y: 0, width: 20, height: 100), color: Color(red: 1, green: 0, blue: 0, alpha: 1)))
        card.addSublayer(RenderLayer(frame: Rect(x: 120, y: 10, width: 30, height: 30), color: Color(red: 0, green: 1, blue: 0, alpha: 1)))
        return card
    }

    /// Where the card's point (x, y) lands when turned by `angle` about y
    /// with perspective from 500 around the output's centre (150, 100):
    /// the matrix math by hand.
    static func projected(_ x: Double, _ y: Double, angle: Double) -> (x: Double, y: Double) {
        // About the anchor (80, 50): (u, 0, 0) turns to (u·cos, 0, −u·sin).
        let u = x - 80, v = y - 50
        let (rx, rz) = (u * cos(angle), -u * sin(angle))
        // Position (150, 100) is the container's centre: perspective divides by w = 1 − z/500.
        let w = 1 - rz / 500
        return (150 + rx / w, 100 + v / w)
    }

    func testRotatedCardCornersMatchTheMatrixMath() {
        let root = makeRoot(width: 300, height: 200)
        let container = Self.perspectiveContainer(width: 300, height: 200)
        let card = Self.card()
        let angle = Double.pi / 3
        card.properties.transform3D = Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0)
        container.addSublayer(card)
        root.addSublayer(container)
        let r = renderFrame(root, width: 300, height: 200)
        // Corners: a pixel 2 inside each is the card's, 2 outside is white.
        let corners = [(0.0, 0.0), (160.0, 0.0), (160.0, 100.0), (0.0, 100.0)].map { Self.projected($0.0, $0.1, angle: angle) }
        let centre = Self.projected(80, 50, angle: angle)
        XCTAssertEqual(corners[0].x, 103.57, accuracy: 0.01)
        XCTAssertEqual(corners[0].y, 41.96, accuracy: 0.01)
        XCTAssertEqual(corners[1].x, 185.13, accuracy: 0.01)
        for (index, corner) in corners.enumerated() {
            let dx = centre.x - corner.x, dy = centre.y - corner.y
            let length = (dx * dx + dy * dy).squareRoot()
            let inside = (Int((corner.x + 3 * dx / length).rounded(.down)), Int((corner.y + 3 * dy / length).rounded(.down)))
            let outside = (Int((corner.x - 3 * dx / length).rounded(.down)), Int((corner.y - 3 * dy / length).rounded(.down)))
            // Left corners are the red stripe's, right ones blue (or the green square, which is inset).
            assertPixel(r.framebuffer, inside.0, inside.1, index == 0 || index == 3 ? red : blue, tolerance: 40,
                        "inside corner \(index)")
            assertPixel(r.framebuffer, outside.0, outside.1, white, tolerance: 2, "outside corner \(index)")
        }
        // The stripe's right edge, 20 points in, lands by the same math.
        let stripe = Self.projected(20, 50, angle: angle)
        assertPixel(r.framebuffer, Int(stripe.x) - 2, Int(stripe.y), red, tolerance: 40)
        assertPixel(r.framebuffer, Int(stripe.x) + 2, Int(stripe.y), blue, tolerance: 40)
        // The green square's centre (135, 25).
        let square = Self.projected(135, 25, angle: angle)
        assertPixel(r.framebuffer, Int(square.x), Int(square.y), green, tolerance: 40)
    }

    func testPerspectiveCardReference() {
        for scale in [1.0, 2.0] {
            let root = makeRoot(width: 300, height: 200)
            let container = Self.perspectiveContainer(width: 300, height: 200)
            let card = Self.card()
            card.properties.transform3D = Transform3D(rotationAngle: .pi / 3, x: 0, y: 1, z: 0)
            container.addSublayer(card)
            root.addSublayer(container)
            let r = renderFrame(root, width: Int(300 * scale), height: Int(200 * scale), scale: scale)
            assertReference(r, "depth-card-60-\(Int(scale))x")
        }
    }
}
