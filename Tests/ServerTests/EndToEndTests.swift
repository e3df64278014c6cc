import CPixman
import Foundation
import StrataProtocol
import StrataRender
import StrataWayland
import TestSupport
import XCTest

/// Whole frames: separate client processes on the real compositor, and the
/// pixels and trees that result.
final class EndToEndTests: XCTestCase {
    private var strata: StrataProcess!
    private let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References").path

    override func tearDown() {
        strata?.stop()
        strata = nil
    }

    /// Two layer-tree apps at once: the screenshot matches the reference
    /// (tolerance 2 per channel, for rounding in filtered edges) and
    /// `strata tree` lists both windows with their trees.
    func testTwoLayerClientsComposeOnOneOutput() throws {
        strata = try StrataProcess(width: 480, height: 360)
        try strata.startLayerDemo(scene: "solids", title: "solids")
        try strata.startLayerDemo(scene: "composed", title: "composed")

        let path = strata.runtimeDirectory + "/two-clients.png"
        _ = try strata.control("screenshot", ["--output", path])
        let image = try PNGFile.read(path: path)
        defer { pixman_image_unref(image) }
        ImageComparison.assertMatches(image, reference: "two-layer-clients", in: .module,
                                      referencesDirectory: references, tolerance: 2)

        let windows = try strata.windows()
        XCTAssertEqual(windows.compactMap { $0["title"] as? String }, ["solids", "composed"])
        for window in windows {
            XCTAssertEqual(window["mapped"] as? Bool, true)
            XCTAssertGreaterThan(namedLayers(in: window["layer"]), 3, "\(window["title"] ?? "?") has no layer tree")
        }
        // Stacked newest on top and cascaded, not both at the origin.
        let origins = windows.compactMap { $0["origin"] as? [String: Double] }
        XCTAssertEqual(origins.count, 2)
        XCTAssertNotEqual(origins[0]["x"], origins[1]["x"])
    }

    private func namedLayers(in layer: Any?) -> Int {
        guard let layer = layer as? [String: Any] else { return 0 }
        let own = layer["name"] != nil ? 1 : 0
        return own + (layer["sublayers"] as? [Any] ?? []).reduce(0) { $0 + namedLayers(in: $1) }
    }

    /// Invalidation: damaging 10×10 pixels of a layer's contents recomposites
    /// exactly that area, and a frame in which nothing changed composites nothing.
    func testContentsDamageRecompositesOnlyThatArea() throws {
        strata = try StrataProcess(width: 320, height: 240, manualFrames: true)
        let connection = try Connection(name: strata.waylandSocketPath)
        let manager = try connection.requireLayerManager()
        let toplevel = try WaylandToplevel(connection: connection, title: "damage")
        _ = try toplevel.waitForConfigure()

        let root = manager.createLayer()
        root.setBounds(Rect(x: 0, y: 0, width: 100, height: 100))
        root.setAnchorPoint(.zero)
        let buffer = try ShmBuffer(connection: connection, width: 100, height: 100, format: .xrgb8888)
        buffer.fill(Color(red: 0, green: 0, blue: 1))
        root.setContents(buffer)
        let context = manager.context(for: toplevel)
        context.setRootLayer(root)
        let first = manager.commit()
        try connection.roundtrip()
        _ = try frameStats()
        _ = try manager.waitForPresented(first)

        XCTAssertEqual(try frameStats().pixelsComposited, 0, "an unchanged frame composited pixels")

        XCTAssertTrue(try connection.dispatch(until: { buffer.released }, timeout: 5))
        buffer.fill(Color(red: 1, green: 0, blue: 0), x: 20, y: 30, width: 10, height: 10)
        root.setContents(buffer)
        root.damageContents(x: 20, y: 30, width: 10, height: 10)
        let second = manager.commit()
        try connection.roundtrip()
        let stats = try frameStats()
        _ = try manager.waitForPresented(second)
        XCTAssertEqual(stats.pixelsComposited, 100)
        XCTAssertEqual(stats.damageArea, 100)

        // And the pixels did change, at the window's place on the output.
        let shot = try strata.screenshot(to: strata.runtimeDirectory + "/damage.png")
        let window = try XCTUnwrap(strata.windows().first)
        let origin = try XCTUnwrap(window["origin"] as? [String: Double])
        let x = Int(origin["x"]!), y = Int(origin["y"]!)
        XCTAssertEqual(shot[x + 25, y + 35], DecodedPNG.Pixel(red: 255, green: 0, blue: 0))
        XCTAssertEqual(shot[x + 5, y + 5], DecodedPNG.Pixel(red: 0, green: 0, blue: 255))
        _ = context
    }

    private struct Stats { var pixelsComposited: Int; var damageArea: Int }

    /// `strata frame`: renders now and reports what was composited.
    private func frameStats() throws -> Stats {
        let result = try strata.control("frame")
        guard result.status == 0, let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        else { throw StrataTestError("frame failed: \(result.standardError)") }
        let damage = json["damage"] as? [[String: Int]] ?? []
        return Stats(pixelsComposited: json["pixelsComposited"] as? Int ?? -1,
                     damageArea: damage.reduce(0) { $0 + ($1["width"] ?? 0) * ($1["height"] ?? 0) })
    }
}
