import CStrataClientProtocol
import Foundation
import StrataProtocol
import StrataWayland
import TestSupport
import XCTest

/// A window whose content is a strata layer tree takes input where its
/// layers are (the rule in strata_context_v1's description), not over its
/// whole surface: elsewhere the pointer reaches the window below.
final class SeatLayerTreeTests: XCTestCase {
    var strata: StrataProcess!

    override func setUpWithError() throws {
        strata = try StrataProcess(width: 320, height: 240)
    }

    override func tearDown() {
        if let strata { XCTAssertEqual(strata.stop(), 0, strata.serverLog) }
        strata = nil
    }

    func pointerWindow(at x: Int, _ y: Int, file: StaticString = #filePath, line: UInt = #line) throws -> String? {
        let result = try strata.control("input", ["move", "\(x)", "\(y)"])
        XCTAssertEqual(result.status, 0, result.standardError, file: file, line: line)
        let seat = try XCTUnwrap(strata.tree()["seat"] as? [String: Any], file: file, line: line)
        return (seat["pointer"] as? [String: Any])?["window"] as? String
    }

    func testLayerTreeWindowTakesInputOnlyOnItsVisibleLayers() throws {
        // Below: a plain buffer window, 300×200 at (32, 32).
        let below = try RawClient(strata)
        let recorder = try SeatRecorder(below)
        let a = try RawWindow(below, title: "A", width: 300, height: 200)

        // Above, at (64, 64): a root of 100×80 with no background, a sublayer
        // outside the root, a hidden one, and a child clipped away by a masking
        // layer; under the tree, a transparent buffer of 250×200, larger than the
        // root, whose input region is only 20×20 at (200, 150).
        let connection = try Connection(name: strata.waylandSocketPath)
        let manager = try connection.requireLayerManager()
        let toplevel = try StrataWayland.WaylandToplevel(connection: connection, title: "Layers")
        _ = try toplevel.waitForConfigure()
        func layer(_ frame: Rect, parent: Layer?) -> Layer {
            let l = manager.createLayer()
            l.setAnchorPoint(.zero)
            l.setPosition(frame.origin)
            l.setBounds(Rect(origin: .zero, size: frame.size))
            l.setBackgroundColor(Color(red: 1, green: 0, blue: 0))
            parent?.addSublayer(l)
            return l
        }
        let root = layer(Rect(x: 0, y: 0, width: 100, height: 80), parent: nil)
        root.setBackgroundColor(nil)
        _ = layer(Rect(x: 130, y: 20, width: 40, height: 40), parent: root)
        layer(Rect(x: 0, y: 100, width: 40, height: 40), parent: root).setHidden(true)
        let clip = layer(Rect(x: 0, y: 0, width: 100, height: 80), parent: root)
        clip.setMasksToBounds(true)
        _ = layer(Rect(x: 50, y: 90, width: 20, height: 20), parent: clip)
        let context = manager.context(for: toplevel)  // kept: releasing it would unbind the tree
        context.setRootLayer(root)
        let pool = try ShmPool(connection: connection, size: 250 * 200 * 4)
        let buffer = try pool.makeBuffer(width: 250, height: 200)
        let region = wl_compositor_create_region(connection.compositor)!
        wl_region_add(region, 200, 150, 20, 20)
        wl_surface_set_input_region(toplevel.surface, region)
        wl_region_destroy(region)
        toplevel.present(buffer)
        _ = try manager.waitForPresented(manager.commit())
        XCTAssertEqual(try strata.windows().map { $0["title"] as? String }, ["A", "Layers"])

        XCTAssertEqual(try pointerWindow(at: 64 + 50, 64 + 40), "Layers", "inside the root")
        XCTAssertEqual(try pointerWindow(at: 64 + 99, 64 + 79), "Layers", "the root's bounds count where it is transparent")
        XCTAssertEqual(try pointerWindow(at: 64 + 135, 64 + 25), "Layers", "a sublayer outside the root")
        recorder.take()
        XCTAssertEqual(try pointerWindow(at: 64 + 115, 64 + 25), "A", "between the root and its sublayer")
        XCTAssertEqual(recorder.taken("pointer.enter"), ["pointer.enter \(a.surfaceID) 147 57"])
        XCTAssertEqual(try pointerWindow(at: 64 + 20, 64 + 120), "A", "a hidden layer takes nothing")
        XCTAssertEqual(try pointerWindow(at: 64 + 55, 64 + 95), "A", "a layer clipped by masksToBounds takes nothing there")
        XCTAssertEqual(try pointerWindow(at: 64 + 180, 64 + 120), "A", "on the buffer, outside its input region")
        XCTAssertEqual(try pointerWindow(at: 64 + 150, 64 + 40), "Layers")
        XCTAssertEqual(recorder.taken("pointer.leave"), ["pointer.leave \(a.surfaceID)"])
        XCTAssertEqual(try pointerWindow(at: 64 + 205, 64 + 155), "Layers", "in the buffer's input region")
        withExtendedLifetime((connection, toplevel, context, pool, buffer)) {}
    }
}
