import XCTest
import StrataProtocol
@testable import StrataKit

/// CAGradientLayer, with the reference's names and defaults, sent as one set_gradient.
final class GradientLayerTests: StylingTestCase {
    /// CAGradientLayer reference: colors and locations nil; startPoint
    /// "defaults to (0.5, 0.0)"; endPoint "defaults to (0.5, 1.0)"; type
    /// defaults to axial.
    func testDefaults() {
        let layer = CAGradientLayer()
        XCTAssertNil(layer.colors)
        XCTAssertNil(layer.locations)
        XCTAssertEqual(layer.startPoint, CGPoint(x: 0.5, y: 0))
        XCTAssertEqual(layer.endPoint, CGPoint(x: 0.5, y: 1))
        XCTAssertEqual(layer.type, .axial)
        XCTAssertEqual([CAGradientLayerType.axial, .radial, .conic].map(\.rawValue), ["axial", "radial", "conic"])
    }

    func testSendsTheGradient() {
        XCTAssertEqual(node(of: CAGradientLayer()).styling, [], "no colors, no gradient")
        let layer = CAGradientLayer()
        layer.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), UIColor.blue.cgColor]
        layer.locations = [0.2, 0.8]
        layer.type = .radial
        layer.startPoint = CGPoint(x: 0.5, y: 0.5)
        var expected = GradientStyle()
        expected.type = .radial
        expected.colors = [Color(red: 1, green: 0, blue: 0), Color(UIColor.blue.cgColor)]
        expected.locations = [0.2, 0.8]
        expected.startPoint = Point(x: 0.5, y: 0.5)
        XCTAssertEqual(node(of: layer).styling, [.gradient(expected)])
    }

    /// Locations that do not match the colors are left out (evenly
    /// spaced), as Core Animation ignores them; removing the colors removes the gradient.
    func testMismatchedLocationsAndRemoval() {
        let layer = CAGradientLayer()
        layer.colors = [CGColor.white, CGColor.black]
        layer.locations = [0.5]
        let remote = node(of: layer)
        guard case .gradient(let gradient)? = remote.styling.first else { return XCTFail("\(remote.styling)") }
        XCTAssertEqual(gradient?.locations, [])
        remote.requests = []
        layer.colors = nil
        encodeChanges()
        XCTAssertEqual(remote.requests, [.gradient(nil)])
    }

    /// startPoint and endPoint animate implicitly; colors do not (the protocol does not animate them).
    func testPointsAnimateImplicitly() {
        let layer = CAGradientLayer()
        CATransaction.flush()
        layer.endPoint = CGPoint(x: 1, y: 1)
        layer.colors = [CGColor.white]
        XCTAssertEqual(layer.animationEntries.first { $0.key == "endPoint" }?.wire.first?.values, [[0.5, 1], [1, 1]])
        XCTAssertNil(layer.animation(forKey: "colors"))
    }
}
