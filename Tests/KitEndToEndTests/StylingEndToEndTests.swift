import Foundation
@testable import StrataKit
import TestSupport
import XCTest

/// Corners, borders, shape layers and masks between a StrataKit app and a
/// real compositor (strata_layers_v1 version 3): the compositor draws them
/// and plays their animations, and an app compositing its own windows
/// draws the same pixels.
final class StylingEndToEndTests: KitTestCase {
    private let red = DecodedPNG.Pixel(red: 255, green: 0, blue: 0, alpha: 255)
    private let white = DecodedPNG.Pixel(red: 255, green: 255, blue: 255, alpha: 255)
    private let green = DecodedPNG.Pixel(red: 0, green: 255, blue: 0, alpha: 255)

    override func tearDown() {
        unsetenv(CompositingMode.environmentVariable)
        super.tearDown()
    }

    /// A white window: a red circle (cornerRadius), a green triangle (a
    /// CAShapeLayer), and a red square whose mask view covers its left half.
    private func makeWindow() -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        window.title = "Styling"
        window.backgroundColor = .white
        let circle = UIView(frame: CGRect(x: 10, y: 10, width: 60, height: 60))
        circle.backgroundColor = .red
        circle.layer.cornerRadius = 30
        window.addSubview(circle)

        let triangle = CAShapeLayer()
        triangle.frame = CGRect(x: 80, y: 10, width: 40, height: 40)
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 40, y: 0), CGPoint(x: 0, y: 40)])
        path.closeSubpath()
        triangle.path = path
        triangle.fillColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1).cgColor
        window.layer.addSublayer(triangle)

        let masked = UIView(frame: CGRect(x: 130, y: 10, width: 60, height: 60))
        masked.backgroundColor = .red
        let maskView = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 60))
        maskView.backgroundColor = .black
        masked.mask = maskView
        window.addSubview(masked)
        return window
    }

    /// The screenshot's pixel at a point of the window titled "Styling".
    private func pixels(at points: [(Int, Int)], name: String) throws -> [DecodedPNG.Pixel] {
        XCTAssertEqual(try strata.control("frame").status, 0)
        let shot = try strata.screenshot(to: strata.runtimeDirectory + "/\(name).png")
        let (ox, oy) = try origin(of: serverWindow(titled: "Styling"))
        return points.map { shot[ox + $0.0, oy + $0.1] }
    }

    private let probes = [(40, 40), (12, 12), (85, 15), (115, 45), (140, 40), (180, 40)]

    private func assertDrawn(_ pixels: [DecodedPNG.Pixel], file: StaticString = #filePath, line: UInt = #line) {
        let expected = [red, white, green, white, red, white]
        for (index, (pixel, want)) in zip(pixels, expected).enumerated() {
            XCTAssertTrue(pixel.isClose(to: want), "probe \(probes[index]): \(pixel), expected \(want)", file: file, line: line)
        }
    }

    func testTheCompositorDrawsCornersShapesAndMasks() throws {
        try startCompositor()
        let window = makeWindow()
        show(window)
        XCTAssertEqual(compositor.layerManager?.version, 4)
        assertDrawn(try pixels(at: probes, name: "styling-strata"))
    }

    func testAnAppCompositingItselfDrawsTheSame() throws {
        try startCompositor()
        setenv(CompositingMode.environmentVariable, "client", 1)
        let window = makeWindow()
        window.makeKeyAndVisible()
        XCTAssertTrue(runMainLoop(until: { (window.surface?.presenter?.commitCount ?? 0) > 0 }),
                      "the window was never drawn; strata said: \(strata.serverLog)")
        XCTAssertTrue(runMainLoop(until: { !(window.surface?.presenter?.isWaitingForFrame ?? true) }))
        assertDrawn(try pixels(at: probes, name: "styling-client"))
    }

    /// UIView.animate animates layer.cornerRadius on the compositor.
    func testCornerRadiusAnimatesOnTheCompositor() throws {
        try startCompositor()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        window.title = "Styling"
        let box = UIView(frame: CGRect(x: 10, y: 10, width: 60, height: 60))
        box.backgroundColor = .red
        window.addSubview(box)
        show(window)
        var finished: Bool?
        UIView.animate(withDuration: 0.3, animations: { box.layer.cornerRadius = 30 }, completion: { finished = $0 })
        XCTAssertTrue(try runMainLoop(until: {
            let layer = try self.appRootLayer(of: self.serverWindow(titled: "Styling")).sublayers.first
            let animations = layer?["animations"] as? [[String: Any]] ?? []
            return animations.contains { $0["keyPath"] as? String == "cornerRadius" }
        }), "the animation never reached the compositor; strata said: \(strata.serverLog)")
        XCTAssertTrue(runMainLoop(until: { finished != nil }), "the animation never ended")
        XCTAssertEqual(finished, true)
    }
}
