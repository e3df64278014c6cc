import Foundation
@testable import StrataKit
import StrataWayland
import TestSupport
import XCTest

/// StrataKit driven in the test process against a real `strata` compositor:
/// the test makes windows and views on the main thread and turns the main
/// run loop for a bounded time, so the app's update cycle, its socket and
/// its shared-memory buffers are the real ones.
class KitTestCase: XCTestCase {
    var strata: StrataProcess!
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References").path

    /// Starts a compositor and points this process's Wayland environment at it.
    func startCompositor(width: Int = 320, height: Int = 240, scale: Int = 1, manualFrames: Bool = false) throws {
        strata = try StrataProcess(width: width, height: height, scale: scale, manualFrames: manualFrames,
                                   socketName: "kit-\(UInt32.random(in: 0...UInt32.max))")
        setenv("XDG_RUNTIME_DIR", strata.runtimeDirectory, 1)
        setenv("WAYLAND_DISPLAY", strata.socketName, 1)
    }

    override func tearDown() {
        for window in UIApplication.shared.windows { window.isHidden = true }
        UpdateCycle.shared.run()
        CompositorConnection.close()
        UIApplication.shared.terminationHandler = { status in exit(status) }
        strata?.stop()
        strata = nil
        super.tearDown()
    }

    /// Turns the main run loop until `condition` holds or `timeout` passes.
    @discardableResult
    func runMainLoop(until condition: () throws -> Bool, timeout: TimeInterval = 10) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            RunLoop.main.run(until: Date().addingTimeInterval(0.005))
        }
        return try condition()
    }

    /// Turns the main run loop for `seconds`.
    func runMainLoop(for seconds: TimeInterval) {
        RunLoop.main.run(until: Date().addingTimeInterval(seconds))
    }

    var compositor: CompositorConnection { CompositorConnection.current! }

    /// Runs the loop until the compositor presented every commit sent so far
    /// (with automatic frames).
    func waitUntilPresented(file: StaticString = #filePath, line: UInt = #line) {
        let presented = runMainLoop(until: {
            guard let connection = CompositorConnection.current, connection.lastCommitSerial != nil else { return false }
            return (connection.layerManager?.inFlightSerials.isEmpty ?? true) && !connection.isCommitHeldBack
        })
        XCTAssertTrue(presented, "the commits were not presented; strata said: \(strata.serverLog)", file: file, line: line)
    }

    /// Runs the loop until the update cycle sent a commit after the
    /// current one, then until it was presented.
    func waitForNextCommit(file: StaticString = #filePath, line: UInt = #line) {
        let before = CompositorConnection.current?.lastCommitSerial
        XCTAssertTrue(runMainLoop(until: { CompositorConnection.current?.lastCommitSerial != before }),
                      "no commit was sent", file: file, line: line)
        waitUntilPresented(file: file, line: line)
    }

    /// Shows `window` and waits until its tree was presented.
    func show(_ window: UIWindow, file: StaticString = #filePath, line: UInt = #line) {
        window.makeKeyAndVisible()
        XCTAssertTrue(runMainLoop(until: { window.surface?.isRootSent ?? false }),
                      "the window's tree was never sent; strata said: \(strata.serverLog)", file: file, line: line)
        waitUntilPresented(file: file, line: line)
    }

    /// The window with `title` in `strata tree`.
    func serverWindow(titled title: String) throws -> [String: Any] {
        guard let window = try strata.windows().first(where: { $0["title"] as? String == title }) else {
            throw StrataTestError("no window titled \(title)")
        }
        return window
    }

    /// The app's root layer of a server window: the window layer holds the
    /// surface layer, whose sublayers are the (empty) buffer content layer
    /// and the app's tree.
    func appRootLayer(of serverWindow: [String: Any]) throws -> [String: Any] {
        let windowLayer = try XCTUnwrap(serverWindow["layer"] as? [String: Any])
        let surfaceLayer = try XCTUnwrap((windowLayer["sublayers"] as? [[String: Any]])?.first)
        return try XCTUnwrap((surfaceLayer["sublayers"] as? [[String: Any]])?.last)
    }

    /// Asserts that the first view of the window titled `title` reached the
    /// compositor with contents of `width` × `height` pixels at `scale`; returns its layer.
    @discardableResult
    func assertFirstViewContents(ofWindowTitled title: String, width: Int, height: Int, scale: Double,
                                 file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let layer = try XCTUnwrap(appRootLayer(of: serverWindow(titled: title)).sublayers.first, file: file, line: line)
        let contents = try XCTUnwrap(layer["contents"] as? [String: Any], file: file, line: line)
        XCTAssertEqual(contents["width"] as? Int, width, file: file, line: line)
        XCTAssertEqual(contents["height"] as? Int, height, file: file, line: line)
        XCTAssertEqual(layer["contentsScale"] as? Double, scale, file: file, line: line)
        return layer
    }

    /// The screen origin of a server window.
    func origin(of serverWindow: [String: Any]) throws -> (x: Int, y: Int) {
        let origin = try XCTUnwrap(serverWindow["origin"] as? [String: Double])
        return (Int(origin["x"]!), Int(origin["y"]!))
    }

    /// `strata frame` (manual frames): renders now; the damage area and pixels composited.
    func renderFrame() throws -> (pixelsComposited: Int, damage: [CGRect]) {
        let result = try strata.control("frame")
        guard result.status == 0,
              let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        else { throw StrataTestError("frame failed: \(result.standardError)") }
        let damage = (json["damage"] as? [[String: Int]] ?? []).map {
            CGRect(x: $0["x"] ?? 0, y: $0["y"] ?? 0, width: $0["width"] ?? 0, height: $0["height"] ?? 0)
        }
        return (json["pixelsComposited"] as? Int ?? -1, damage)
    }

    /// Makes the compositor handle everything sent so far (events that come back are dispatched).
    func roundtrip() throws {
        try compositor.connection.roundtrip()
    }
}

/// Point, size and rect values of `strata tree` JSON.
extension Dictionary where Key == String, Value == Any {
    func point(_ key: String) -> CGPoint? {
        guard let p = self[key] as? [String: Double] else { return nil }
        return CGPoint(x: p["x"]!, y: p["y"]!)
    }
    func rect(_ key: String) -> CGRect? {
        guard let r = self[key] as? [String: Double] else { return nil }
        return CGRect(x: r["x"]!, y: r["y"]!, width: r["width"]!, height: r["height"]!)
    }
    var sublayers: [[String: Any]] { self["sublayers"] as? [[String: Any]] ?? [] }
    var backgroundRGBA: [Double]? {
        guard let c = self["backgroundColor"] as? [String: Double] else { return nil }
        return [c["red"]!, c["green"]!, c["blue"]!, c["alpha"]!]
    }
}
