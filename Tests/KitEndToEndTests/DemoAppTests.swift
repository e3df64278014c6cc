import CPixman
import Foundation
import StrataRender
import TestSupport
import XCTest

/// The demo apps as real processes: UIKit code, started with `@main`,
/// drawn by the compositor. Their screenshots match reference images
/// (tolerance 2 per channel, for antialiased edges).
final class DemoAppTests: XCTestCase {
    private var strata: StrataProcess!
    private let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References").path

    override func tearDown() {
        strata?.stop()
        strata = nil
    }

    /// Starts a demo and waits until the compositor shows a window with at
    /// least `layers` layers of the app's, and nothing changes any more.
    private func showDemo(_ name: String, _ arguments: [String] = [], environment: [String: String?] = [:], layers: Int) throws {
        try strata.startClient(try StrataBinary.product(name), arguments, environment: environment)
        func appLayers() throws -> Int {
            func count(_ layer: Any?) -> Int {
                guard let layer = layer as? [String: Any] else { return 0 }
                return (layer["name"] != nil ? 1 : 0) + (layer["sublayers"] as? [Any] ?? []).reduce(0) { $0 + count($1) }
            }
            return try strata.windows().reduce(0) { $0 + count($1["layer"]) }
        }
        XCTAssertTrue(try waitUntil(timeout: 20) { try appLayers() >= layers }, "\(name) never showed its views")
        var last = ""
        XCTAssertTrue(try waitUntil(timeout: 10, interval: 0.2) {
            let tree = try strata.control("tree").standardOutput
            defer { last = tree }
            return tree == last
        })
    }

    private func assertScreenshot(matches reference: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = strata.runtimeDirectory + "/\(reference).png"
        XCTAssertEqual(try strata.control("screenshot", ["--output", path]).status, 0)
        let image = try PNGFile.read(path: path)
        defer { pixman_image_unref(image) }
        ImageComparison.assertMatches(image, reference: reference, in: .module, referencesDirectory: references,
                                      tolerance: 2, file: file, line: line)
    }

    /// The layered clock: a face drawn with paths in draw(_:), hands that
    /// are rotated views, a translucent pane and a date window clipping a
    /// wheel of day labels (today, the 23rd, in the opening).
    func testClockAppMatchesItsReference() throws {
        strata = try StrataProcess(width: 320, height: 320)
        try showDemo("strata-clock-demo", ["--time", "10:08:30", "--date", "2026-11-23"], layers: 12)
        try assertScreenshot(matches: "clock-demo")
    }

    /// The guide's Figure 1-1: container, image view (an @2x PNG, aspect
    /// fit) and a toolbar, laid out by autoresizing and layoutSubviews.
    func testPhotosAppMatchesItsReference() throws {
        strata = try StrataProcess(width: 400, height: 340)
        try showDemo("strata-photos-demo", layers: 8)
        try assertScreenshot(matches: "photos-demo")
    }

    /// A profile screen laid out only with constraints (anchors, the safe
    /// area, layout margins, the keyboard guide) and nested stack views,
    /// colored with the dynamic system colors: the same app in light and,
    /// with STRATA_APPEARANCE=dark, in dark appearance.
    func testProfileAppMatchesItsReferencesInLightAndDark() throws {
        for appearance in ["light", "dark"] {
            strata = try StrataProcess(width: 380, height: 480)
            try showDemo("strata-profile-demo", environment: ["STRATA_APPEARANCE": appearance], layers: 20)
            try assertScreenshot(matches: "profile-demo-\(appearance)")
            strata.stop()
        }
    }

    /// What the render server draws for layers, as UIKit code sets it up:
    /// a shadowed card with a circular avatar, a gradient header with two
    /// rounded corners, a border over a clipped rotated child, a progress
    /// ring and a dashed path, radial and conic gradients, a replicated
    /// spinner, a text layer and a reflection faded by a gradient mask.
    func testStylingAppMatchesItsReferencesAtScaleOneAndTwo() throws {
        for scale in [1, 2] {
            strata = try StrataProcess(width: 420 * scale, height: 500 * scale, scale: scale)
            try showDemo("strata-styling-demo", layers: 20)
            try assertScreenshot(matches: "styling-demo@\(scale)x")
            strata.stop()
        }
    }

    /// The running clock's second hand is one repeating animation that the
    /// compositor plays: with the clock stopped (SIGSTOP), frames a quarter
    /// minute apart still show the hand in different places.
    func testClockSecondHandSweepsOnTheCompositor() throws {
        strata = try StrataProcess(width: 320, height: 320, manualFrames: true)
        let app = try strata.startClient(try StrataBinary.product("strata-clock-demo"))
        XCTAssertTrue(try waitUntil(timeout: 20) {
            XCTAssertEqual(try strata.control("frame").status, 0)
            return try strata.control("tree").standardOutput.contains("\"keyPath\":\"transform.rotation.z\"")
        }, "the sweep never reached the compositor")
        XCTAssertEqual(kill(app.processIdentifier, SIGSTOP), 0)
        defer { kill(app.processIdentifier, SIGCONT) }
        func handPixels() throws -> [DecodedPNG.Pixel] {
            let shot = try strata.screenshot(to: strata.runtimeDirectory + "/hand-\(UUID().uuidString).png")
            let window = try XCTUnwrap(try strata.windows().first { $0["title"] as? String == "Clock" })
            let origin = try XCTUnwrap(window["origin"] as? [String: Any])
            let (ox, oy) = (Int(origin["x"] as! Double), Int(origin["y"] as! Double))
            // A ring inside the face where only the second hand passes (radius 70 about the pivot at 120,120).
            return (0..<120).map { step in
                let angle = Double(step) / 120 * 2 * .pi
                return shot[ox + 120 + Int(70 * sin(angle)), oy + 120 - Int(70 * cos(angle))]
            }
        }
        let before = try handPixels()
        XCTAssertEqual(try strata.control("frame", ["--advance", "15000"]).status, 0)
        let after = try handPixels()
        XCTAssertNotEqual(before, after, "the hand moved while the app was stopped")
    }

    /// "The app exits cleanly when its last window is closed by the
    /// compositor": xdg_toplevel.close, sent as a window manager would.
    func testClosingTheLastWindowEndsTheAppProcess() throws {
        strata = try StrataProcess(width: 320, height: 320)
        let app = try strata.startClient(try StrataBinary.product("strata-clock-demo"), ["--time", "10:08:30"])
        XCTAssertTrue(try waitUntil(timeout: 20) { try strata.windows().contains { $0["title"] as? String == "Clock" } })
        XCTAssertEqual(try strata.control("close", ["--title", "Clock"]).status, 0)
        XCTAssertTrue(waitUntil(timeout: 10) { !app.isRunning }, "the app did not exit")
        XCTAssertEqual(app.terminationStatus, 0)
        XCTAssertTrue(try waitUntil { try strata.windows().isEmpty })
    }

    /// A configure with a size resizes the window: its bounds change and
    /// autoresizing keeps the toolbar at the bottom, full width.
    func testCompositorResizeLaysTheAppOutAgain() throws {
        strata = try StrataProcess(width: 500, height: 500)
        try showDemo("strata-photos-demo", layers: 8)
        XCTAssertEqual(try strata.control("resize", ["--title", "Photos", "--size", "400x360"]).status, 0)
        func rootBounds() throws -> [String: Double]? {
            func firstNamed(_ layer: Any?) -> [String: Any]? {
                guard let layer = layer as? [String: Any] else { return nil }
                if layer["name"] != nil { return layer }
                for sublayer in layer["sublayers"] as? [Any] ?? [] { if let found = firstNamed(sublayer) { return found } }
                return nil
            }
            return try firstNamed(strata.windows().first?["layer"])?["bounds"] as? [String: Double]
        }
        XCTAssertTrue(try waitUntil(timeout: 10) { try rootBounds()?["width"] == 400 && rootBounds()?["height"] == 360 },
                      "the window kept its size")
        // The toolbar (flexible width, flexible top margin) spans the new width, 44 points high.
        func layers(_ layer: Any?) -> [[String: Any]] {
            guard let layer = layer as? [String: Any] else { return [] }
            return [layer] + (layer["sublayers"] as? [Any] ?? []).flatMap(layers)
        }
        XCTAssertTrue(try waitUntil(timeout: 10) {
            try layers(strata.windows().first?["layer"]).contains { layer in
                let bounds = layer["bounds"] as? [String: Double], position = layer["position"] as? [String: Double]
                return bounds?["width"] == 400 && bounds?["height"] == 44 && position?["y"] == 360 - 22
            }
        }, "no 400×44 toolbar at the bottom of the resized window")
    }
}
