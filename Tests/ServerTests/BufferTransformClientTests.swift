import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// Buffer transforms against weston itself: the same bare client shows the
/// same buffer under each of the eight transforms on weston 10 (headless,
/// pixman) and on Strata, and the two windows are equal pixel for pixel;
/// and weston's own transform demo, weston-simple-damage, runs on Strata
/// as it does on weston.
final class BufferTransformClientTests: XCTestCase {
    /// A 60×40 buffer with a colour for each quadrant and a 4×2 white
    /// marker at its top left, so mirror images differ inside a quadrant too.
    static func pattern(_ client: RawClient, shm: OpaquePointer) throws -> OpaquePointer {
        try client.makeBuffer(width: 60, height: 40, shm: shm) { x, y in
            if x < 4 && y < 2 { return 0xFF_FF_FF_FF }
            switch (x < 30, y < 20) {
            case (true, true): return 0xFF_E0_20_20
            case (false, true): return 0xFF_20_C0_20
            case (true, false): return 0xFF_20_40_E0
            case (false, false): return 0xFF_E0_C0_20
            }
        }
    }

    /// Shows the pattern under `transform` in `window` and waits for the commit to be handled.
    static func show(_ window: RawWindow, transform: Int32) throws {
        wl_surface_set_buffer_transform(window.surface, transform)
        wl_surface_attach(window.surface, try pattern(window.client, shm: window.shm), 0, 0)
        wl_surface_damage_buffer(window.surface, 0, 0, .max, .max)
        wl_surface_commit(window.surface)
        guard window.client.roundtrip() else { throw StrataTestError("protocol error: \(String(describing: window.client.protocolError))") }
    }

    func testEachTransformLooksAsOnWeston() throws {
        let weston = try WestonProcess(width: 320, height: 240)
        defer { _ = weston.stop() }
        let strata = try StrataProcess(width: 320, height: 240, manualFrames: true)
        defer { strata.stop() }
        let westonClient = try RawClient(socket: weston.socketName, runtimeDirectory: weston.runtimeDirectory)
        let westonWindow = try RawWindow(westonClient, title: "on weston", width: 60, height: 40)
        let strataClient = try RawClient(strata)
        let strataWindow = try RawWindow(strataClient, title: "on strata", width: 60, height: 40)

        for transform in 0..<8 {
            let size = transform % 2 == 1 ? (width: 40, height: 60) : (width: 60, height: 40)
            try Self.show(westonWindow, transform: Int32(transform))
            let onWeston = try weston.screenshot(until: { shot in
                shot.locateContent(background: .black).map { ($0.width, $0.height) == (size.width, size.height) } ?? false
            })
            let westonRect = try XCTUnwrap(onWeston.locateContent(background: .black))

            try Self.show(strataWindow, transform: Int32(transform))
            let onStrata = try strata.shot("buffer-transform-\(transform)-strata")
            let origin = try strata.origin(of: "on strata")
            let geometry = try strata.size(of: "on strata")
            XCTAssertEqual(Int(geometry.width), size.width, "transform \(transform)")
            XCTAssertEqual(Int(geometry.height), size.height, "transform \(transform)")

            var differing = 0
            var first: (Int, Int)?
            for y in 0..<size.height {
                for x in 0..<size.width where onStrata[Int(origin.x) + x, Int(origin.y) + y] != onWeston[westonRect.x + x, westonRect.y + y] {
                    differing += 1
                    if first == nil { first = (x, y) }
                }
            }
            XCTAssertEqual(differing, 0, "transform \(transform): pixels differ from weston's, first at \(String(describing: first))")
        }
        _ = (westonWindow, strataWindow)
    }

    // MARK: weston-simple-damage

    func simpleDamage() throws -> String {
        guard let path = StrataProcess.which("weston-simple-damage") else { throw XCTSkip("weston-simple-damage is not installed") }
        return path
    }

    /// weston-simple-damage draws a 300×200 window (a white border, a dark
    /// inside and a green ball that bounces) into a 200×300 buffer turned
    /// for `--transform=90`. On Strata it is a 300×200 window, its border
    /// all round, and one ball: with the damage mapped wrong, the pixels
    /// a ball left would stay behind (or a new one would not be drawn).
    func testSimpleDamageTurnedIsUpright() throws {
        let client = try simpleDamage()
        for arguments in [["--transform=90"], ["--transform=90", "--use-damage-buffer"], ["--transform=flipped-270"]] {
            let strata = try StrataProcess(width: 640, height: 480)
            defer { strata.stop() }
            let process = try strata.startClient(client, arguments)
            XCTAssertTrue(try waitUntil { try strata.windows().contains { $0["mapped"] as? Bool == true } },
                          "\(arguments): never mapped; \(strata.serverLog)")
            Thread.sleep(forTimeInterval: 0.5)  // a few bounces
            XCTAssertTrue(process.isRunning, "\(arguments): simple-damage exited; \(strata.serverLog)")

            let window = try XCTUnwrap(strata.windows().first)
            let geometry = try XCTUnwrap(window["geometry"] as? [String: Any])
            XCTAssertEqual(geometry["width"] as? Int, 300, "\(arguments)")
            XCTAssertEqual(geometry["height"] as? Int, 200, "\(arguments)")
            let buffer = try XCTUnwrap((window["surface"] as? [String: Any])?["buffer"] as? [String: Any])
            XCTAssertEqual(buffer["width"] as? Int, 200, "\(arguments): the buffer is turned")
            XCTAssertEqual(buffer["height"] as? Int, 300, "\(arguments)")

            try assertBorderAndOneBall(strata, arguments)
        }
    }

    /// With `--use-viewport` simple-damage draws at half size into part of
    /// its buffer and crops and scales it back with wp_viewport, posting
    /// its damage in surface coordinates: that damage must reach the
    /// buffer through the crop and scale (and the transform), or the ball
    /// leaves a trail.
    func testSimpleDamageThroughAViewportLeavesNoTrail() throws {
        let client = try simpleDamage()
        for arguments in [["--use-viewport"], ["--use-viewport", "--transform=90"], ["--use-viewport", "--transform=flipped-270"]] {
            let strata = try StrataProcess(width: 640, height: 480)
            defer { strata.stop() }
            let process = try strata.startClient(client, arguments)
            XCTAssertTrue(try waitUntil { try strata.windows().contains { $0["mapped"] as? Bool == true } },
                          "\(arguments): never mapped; \(strata.serverLog)")
            Thread.sleep(forTimeInterval: 0.5)  // a few bounces
            XCTAssertTrue(process.isRunning, "\(arguments): simple-damage exited; \(strata.serverLog)")
            let geometry = try XCTUnwrap(try strata.windows().first?["geometry"] as? [String: Any])
            XCTAssertEqual(geometry["width"] as? Int, 300, "\(arguments)")
            XCTAssertEqual(geometry["height"] as? Int, 200, "\(arguments)")
            try assertBorderAndOneBall(strata, arguments)
        }
    }

    /// Three screenshots a fifth of a second apart: the white border all
    /// round, and green pixels enough for one ball only.
    private func assertBorderAndOneBall(_ strata: StrataProcess, _ arguments: [String],
                                        file: StaticString = #filePath, line: UInt = #line) throws {
        let origin = try strata.origin(of: "simple-damage")
        let (x, y) = (Int(origin.x), Int(origin.y))
        for _ in 0..<3 {
            let shot = try strata.shot("simple-damage")
            let white = DecodedPNG.Pixel(red: 255, green: 255, blue: 255)
            for (px, py) in [(2, 2), (150, 2), (297, 2), (2, 100), (297, 100), (2, 197), (150, 197), (297, 197)] {
                XCTAssertTrue(shot[x + px, y + py].isClose(to: white), "\(arguments): the border at (\(px), \(py)) is \(shot[x + px, y + py])",
                              file: file, line: line)
            }
            let ball = shot.count(x: x, y: y, width: 300, height: 200) { $0.green > 200 && $0.red < 100 && $0.blue < 100 }
            XCTAssertTrue((150...600).contains(ball), "\(arguments): one ball, not \(ball) green pixels", file: file, line: line)
            Thread.sleep(forTimeInterval: 0.2)
        }
    }
}
