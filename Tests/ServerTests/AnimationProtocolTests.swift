import CPixman
import Foundation
import StrataProtocol
import StrataRender
import StrataWayland
import TestSupport
import XCTest

/// Animations the compositor plays (strata_layer_v1 version 2), looked at
/// through a manual presentation clock: `strata frame --advance MS` moves
/// it, so every check happens at a chosen moment, without sleeping.
final class AnimationProtocolTests: XCTestCase {
    private var strata: StrataProcess!
    private var connection: Connection!
    private var manager: WaylandLayerManager!
    private var toplevel: WaylandToplevel!
    private var context: Context!
    private var root: Layer!
    private var events: [AnimationEvent] = []
    private let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References").path

    override func setUpWithError() throws {
        strata = try StrataProcess(width: 320, height: 240, manualFrames: true)
        connection = try Connection(name: strata.waylandSocketPath)
        manager = try connection.requireLayerManager()
        XCTAssertEqual(manager.version, 4)
        toplevel = try WaylandToplevel(connection: connection, title: "animated")
        _ = try toplevel.waitForConfigure()
        root = manager.createLayer()
        root.setBounds(Rect(x: 0, y: 0, width: 200, height: 100))
        root.setPosition(Point(x: 100, y: 50))
        root.setBackgroundColor(.white)
        root.setOpaque(true)
        context = manager.context(for: toplevel)
        context.setRootLayer(root)
        try show()
    }

    override func tearDown() {
        if let log = strata?.serverLog, !log.isEmpty { print("strata said:\n\(log)") }
        connection = nil; manager = nil; toplevel = nil; context = nil; root = nil
        strata?.stop()
        strata = nil
    }

    /// Commits, makes sure the compositor has it, and renders a frame at the current time.
    private func show() throws {
        _ = manager.commit()
        try connection.roundtrip()
        try advance(0)
    }

    @discardableResult
    private func advance(_ milliseconds: Double) throws -> [String: Any] {
        let result = milliseconds > 0 ? try strata.control("frame", ["--advance", "\(milliseconds)"]) : try strata.control("frame")
        guard result.status == 0, let data = result.standardOutput.data(using: .utf8),
              let stats = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw StrataTestError("frame failed: \(result.standardError)")
        }
        try connection.roundtrip()
        return stats
    }

    private func square(at position: Point, color: Color = Color(red: 1, green: 0, blue: 0)) -> Layer {
        let layer = manager.createLayer(listening: true)
        layer.setBounds(Rect(x: 0, y: 0, width: 20, height: 20))
        layer.setPosition(position)
        layer.setBackgroundColor(color)
        layer.onAnimationEvent = { [unowned self] in events.append($0) }
        root.addSublayer(layer)
        return layer
    }

    private func slide(_ layer: Layer, from: Point, to: Point, duration: Double = 1, key: String = "slide") {
        layer.addAnimation(LayerAnimation(property: .position, values: [[from.x, from.y], [to.x, to.y]],
                                          timing: MediaTiming(beginTime: 0, duration: duration)), forKey: key)
    }

    private var origin: Point {
        get throws {
            let window = try XCTUnwrap(try strata.windows().first { $0["title"] as? String == "animated" })
            let o = try XCTUnwrap(window["origin"] as? [String: Any])
            return Point(x: o["x"] as! Double, y: o["y"] as! Double)
        }
    }

    private func screenshot(_ name: String) throws -> DecodedPNG {
        try strata.screenshot(to: strata.runtimeDirectory + "/\(name).png")
    }

    private func isRed(_ shot: DecodedPNG, _ x: Double, _ y: Double) throws -> Bool {
        let o = try origin
        return shot[Int(o.x + x), Int(o.y + y)].isClose(to: .init(red: 255, green: 0, blue: 0), tolerance: 8)
    }

    /// The client's layer, as `strata tree` shows it.
    private func treeLayer(_ layer: Layer) throws -> [String: Any] {
        func find(_ node: [String: Any]) -> [String: Any]? {
            if node["name"] as? String == "\(layer.objectID)" { return node }
            for sub in node["sublayers"] as? [[String: Any]] ?? [] { if let found = find(sub) { return found } }
            return nil
        }
        let window = try XCTUnwrap(try strata.windows().first { $0["title"] as? String == "animated" })
        return try XCTUnwrap(find(window["layer"] as! [String: Any]))
    }

    /// The model value stays what was committed; the presentation moves on
    /// the compositor's clock; started and ended (finished) reach the client.
    func testPositionAnimationPlaysOnTheCompositorClock() throws {
        let layer = square(at: Point(x: 30, y: 50))
        slide(layer, from: Point(x: 30, y: 50), to: Point(x: 130, y: 50))
        try show()
        XCTAssertEqual(events.count, 1)
        guard case .started(let key, let time)? = events.first else { return XCTFail("no started event: \(events)") }
        XCTAssertEqual(key, "slide")
        XCTAssertGreaterThan(time, 0)

        try advance(500)
        let shot = try screenshot("half-way")
        XCTAssertTrue(try isRed(shot, 80, 50), "the square is half way at 0.5 s")
        XCTAssertFalse(try isRed(shot, 30, 50), "the square left its model position")
        let node = try treeLayer(layer)
        XCTAssertEqual((node["position"] as? [String: Any])?["x"] as? Double ?? 0, 80, accuracy: 0.01)
        XCTAssertEqual(((node["model"] as? [String: Any])?["position"] as? [String: Any])?["x"] as? Double, 30)
        let animation = try XCTUnwrap((node["animations"] as? [[String: Any]])?.first)
        XCTAssertEqual(animation["keyPath"] as? String, "position")
        XCTAssertEqual(animation["fraction"] as? Double ?? 0, 0.5, accuracy: 1e-6)

        try advance(600)
        XCTAssertEqual(events.last, .ended(key: "slide", finished: true))
        let after = try screenshot("after")
        XCTAssertTrue(try isRed(after, 30, 50), "the model value shows again once the animation is removed on completion")
        XCTAssertNil(try treeLayer(layer)["animations"])
    }

    /// CALayer.removeAnimation(forKey:): the model value shows at once and
    /// the delegate hears finished == false; a new animation under the same
    /// key replaces the old one the same way.
    func testRemovingOrReplacingEndsUnfinished() throws {
        let layer = square(at: Point(x: 30, y: 50))
        slide(layer, from: Point(x: 30, y: 50), to: Point(x: 130, y: 50))
        try show()
        try advance(300)
        slide(layer, from: Point(x: 30, y: 20), to: Point(x: 30, y: 80))
        try show()
        XCTAssertTrue(events.contains(.ended(key: "slide", finished: false)), "\(events)")
        try advance(500)
        XCTAssertTrue(try isRed(try screenshot("replaced"), 30, 50), "the new animation, half way")

        layer.removeAnimation(forKey: "slide")
        try show()
        XCTAssertEqual(events.filter { $0 == .ended(key: "slide", finished: false) }.count, 2, "\(events)")
        let shot = try screenshot("removed")
        XCTAssertTrue(try isRed(shot, 30, 50))
        XCTAssertFalse(try isRed(shot, 30, 25))
    }

    /// The frame's damage is where the animated layer was and is, not the window.
    func testDamageCoversOnlyTheMovingLayer() throws {
        let layer = square(at: Point(x: 30, y: 50))
        _ = square(at: Point(x: 170, y: 50), color: Color(red: 0, green: 0, blue: 1))
        slide(layer, from: Point(x: 30, y: 50), to: Point(x: 130, y: 50))
        try show()
        let stats = try advance(100)
        let o = try origin
        let damage = try XCTUnwrap(stats["damage"] as? [[String: Any]])
        XCTAssertFalse(damage.isEmpty)
        for rect in damage {
            let x = rect["x"] as! Int, y = rect["y"] as! Int, w = rect["width"] as! Int, h = rect["height"] as! Int
            // Was at 20...40 and is at 30...50 (x), 40...60 (y), window-relative.
            XCTAssertGreaterThanOrEqual(Double(x), o.x + 19)
            XCTAssertLessThanOrEqual(Double(x + w), o.x + 51)
            XCTAssertGreaterThanOrEqual(Double(y), o.y + 39)
            XCTAssertLessThanOrEqual(Double(y + h), o.y + 61)
        }
        let again = try advance(0)["damage"] as? [[String: Any]] ?? []
        XCTAssertTrue(again.isEmpty, "the same moment again draws nothing: \(again)")
    }

    /// Pixels at a fixed time: a position half way, an opacity half way,
    /// and a quarter turn's half (45°) about an anchor point moved to the
    /// bar's left end.
    func testAnimatedFrameMatchesReference() throws {
        let mover = square(at: Point(x: 30, y: 25))
        slide(mover, from: Point(x: 30, y: 25), to: Point(x: 90, y: 25), duration: 2)
        let fader = square(at: Point(x: 30, y: 75), color: Color(red: 0, green: 0, blue: 1))
        fader.addAnimation(LayerAnimation(property: .opacity, values: [[1], [0]], timing: MediaTiming(beginTime: 0, duration: 2)),
                           forKey: "fade")
        let bar = manager.createLayer()
        bar.setBounds(Rect(x: 0, y: 0, width: 60, height: 8))
        bar.setAnchorPoint(Point(x: 0, y: 0.5))
        bar.setPosition(Point(x: 120, y: 40))
        bar.setBackgroundColor(Color(red: 0, green: 0.6, blue: 0))
        root.addSublayer(bar)
        bar.addAnimation(LayerAnimation(property: .rotationZ, values: [[0], [Double.pi / 2]],
                                        timing: MediaTiming(beginTime: 0, duration: 2)), forKey: "turn")
        try show()
        try advance(1000)
        let path = strata.runtimeDirectory + "/midway.png"
        _ = try strata.control("screenshot", ["--output", path])
        let image = try PNGFile.read(path: path)
        defer { pixman_image_unref(image) }
        ImageComparison.assertMatches(image, reference: "animation-midway", in: .module, referencesDirectory: references,
                                      tolerance: 2)
    }

    /// An animation given a delay begins that long after the frame that first shows it.
    func testDelayedBeginAndFillBackwards() throws {
        let layer = square(at: Point(x: 30, y: 50))
        layer.addAnimation(LayerAnimation(property: .position, values: [[130, 50], [130, 80]],
                                          timing: MediaTiming(beginTime: 0.5, duration: 1, fillMode: .backwards)),
                           forKey: "later")
        try show()
        XCTAssertTrue(events.isEmpty, "not started before its delay: \(events)")
        XCTAssertTrue(try isRed(try screenshot("filled"), 130, 50), "fill backwards shows the first value early")
        try advance(500)
        XCTAssertEqual(events.count, 1)
    }

    /// A flip transition: at 90° the layer is edge-on (nothing of it shows),
    /// at 135° its new face is seen in perspective, narrower at the far edge.
    func testFlipTransitionInPerspective() throws {
        let card = manager.createLayer(listening: true)
        card.setBounds(Rect(x: 0, y: 0, width: 120, height: 80))
        card.setPosition(Point(x: 100, y: 50))
        card.setBackgroundColor(Color(red: 1, green: 0, blue: 0))
        card.onAnimationEvent = { [unowned self] in events.append($0) }
        root.addSublayer(card)
        try show()
        card.setBackgroundColor(Color(red: 0, green: 0, blue: 1))
        card.addTransition(LayerTransition(kind: .flip, direction: .fromLeft, timing: MediaTiming(beginTime: 0, duration: 1),
                                           curve: .linear), forKey: "flip")
        try show()
        let start = try screenshot("flip-0")
        XCTAssertTrue(try isRed(start, 100, 50), "the old face at the start")

        try advance(500)
        let edgeOn = try screenshot("flip-90")
        let o = try origin
        XCTAssertEqual(edgeOn.count(x: Int(o.x) + 40, y: Int(o.y) + 10, width: 120, height: 80) { $0.red < 200 || $0.green < 200 }, 0,
                       "edge-on at 90°: only the white window shows")

        try advance(250)
        let path = strata.runtimeDirectory + "/flip-135.png"
        _ = try strata.control("screenshot", ["--output", path])
        let image = try PNGFile.read(path: path)
        defer { pixman_image_unref(image) }
        ImageComparison.assertMatches(image, reference: "flip-135", in: .module, referencesDirectory: references, tolerance: 2)

        try advance(300)
        XCTAssertTrue(events.contains(.ended(key: "flip", finished: true)), "\(events)")
        let end = try screenshot("flip-end")
        XCTAssertTrue(end[Int(o.x) + 100, Int(o.y) + 50].isClose(to: .init(red: 0, green: 0, blue: 255), tolerance: 8),
                      "the new face once it ended")
    }

    /// A cross-dissolve half way: each pixel is half the old and half the new.
    func testFadeTransitionHalfWay() throws {
        let card = square(at: Point(x: 100, y: 50))
        try show()
        card.setBackgroundColor(Color(red: 0, green: 0, blue: 1))
        card.addTransition(LayerTransition(kind: .fade, timing: MediaTiming(beginTime: 0, duration: 1), curve: .linear),
                           forKey: "fade")
        try show()
        try advance(500)
        let shot = try screenshot("fade-half")
        let o = try origin
        XCTAssertTrue(shot[Int(o.x) + 100, Int(o.y) + 50].isClose(to: .init(red: 128, green: 0, blue: 128), tolerance: 3),
                      "\(shot[Int(o.x) + 100, Int(o.y) + 50])")
    }
}

/// A transition's pictures count against the client's contents quota
/// (max_buffer_bytes): over it, the transition keeps its timing and
/// events but shows no pictures, and the compositor's memory stays bounded.
final class TransitionQuotaTests: XCTestCase {
    func testTransitionOverTheQuotaShowsTheNewAppearanceAndStillEnds() throws {
        let strata = try StrataProcess(width: 320, height: 240, manualFrames: true, extraArguments: ["--max-buffer-bytes", "65536"])
        defer { strata.stop() }
        let connection = try Connection(name: strata.waylandSocketPath)
        let manager = try connection.requireLayerManager()
        let toplevel = try WaylandToplevel(connection: connection, title: "quota")
        _ = try toplevel.waitForConfigure()
        let root = manager.createLayer(listening: true)
        root.setBounds(Rect(x: 0, y: 0, width: 200, height: 100))
        root.setPosition(Point(x: 100, y: 50))
        root.setBackgroundColor(Color(red: 1, green: 0, blue: 0))
        var events: [AnimationEvent] = []
        root.onAnimationEvent = { events.append($0) }
        let context = manager.context(for: toplevel)
        context.setRootLayer(root)
        func show() throws {
            _ = manager.commit()
            try connection.roundtrip()
            XCTAssertEqual(try strata.control("frame").status, 0)
            try connection.roundtrip()
        }
        try show()
        root.setBackgroundColor(Color(red: 0, green: 0, blue: 1))
        root.addTransition(LayerTransition(kind: .flip, timing: MediaTiming(duration: 1), curve: .linear), forKey: "flip")
        try show()
        XCTAssertEqual(try strata.control("frame", ["--advance", "500"]).status, 0)
        let window = try XCTUnwrap(try strata.windows().first)
        let origin = try XCTUnwrap(window["origin"] as? [String: Any])
        let shot = try strata.screenshot(to: strata.runtimeDirectory + "/quota.png")
        let pixel = shot[Int(origin["x"] as! Double) + 100, Int(origin["y"] as! Double) + 50]
        XCTAssertTrue(pixel.isClose(to: .init(red: 0, green: 0, blue: 255), tolerance: 4), "the new appearance, not a flip: \(pixel)")
        XCTAssertEqual(try strata.control("frame", ["--advance", "600"]).status, 0)
        try connection.roundtrip()
        XCTAssertEqual(events.last, .ended(key: "flip", finished: true), "\(events)")
        withExtendedLifetime(context) {}
    }
}
