import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import StrataProtocol
import TestSupport
import XCTest

/// `strata run --outputs 2`: two 320×240 headless outputs side by side,
/// HEADLESS-1 at x 0 and HEADLESS-2 at x 320. Each has its wl_output and
/// xdg_output; surfaces enter the outputs they overlap; new windows go on
/// the output under the pointer; maximize and fullscreen fill the window's output.
final class MultiOutputTests: XCTestCase {
    private var strata: StrataProcess!

    /// `windowOrigins` nil: smart placement on the output under the pointer.
    private func start(windowOrigins: [(x: Int, y: Int)]?) throws {
        strata = try StrataProcess(width: 320, height: 240, manualFrames: true, windowOrigins: windowOrigins,
                                   extraArguments: ["--outputs", "2"])
    }

    override func tearDown() {
        if let strata { XCTAssertEqual(strata.stop(), 0, strata.serverLog) }
        strata = nil
    }

    /// What the outputs and surfaces say: "NAME event …", named by the
    /// wl_output's name once known (its proxy id before).
    final class Recorder {
        private(set) var events: [String] = []
        private var names: [UInt32: String] = [:]
        private let outputListener = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)
        private let surfaceListener = UnsafeMutablePointer<wl_surface_listener>.allocate(capacity: 1)
        private let xdgOutputListener = UnsafeMutablePointer<zxdg_output_v1_listener>.allocate(capacity: 1)

        init() {
            outputListener.initialize(to: wl_output_listener(
                geometry: { data, output, x, y, _, _, _, _, _, _ in recorded(data).log(output, "geometry \(x) \(y)") },
                mode: { data, output, _, width, height, _ in recorded(data).log(output, "mode \(width)x\(height)") },
                done: { _, _ in },
                scale: { _, _, _ in },
                name: { data, output, name in recorded(data).names[wl_proxy_get_id(output)] = String(cString: name!) },
                description: { _, _, _ in }))
            surfaceListener.initialize(to: wl_surface_listener(
                enter: { data, _, output in recorded(data).log(output, "enter") },
                leave: { data, _, output in recorded(data).log(output, "leave") }))
            xdgOutputListener.initialize(to: zxdg_output_v1_listener(
                logical_position: { data, _, x, y in recorded(data).events.append("logical_position \(x) \(y)") },
                logical_size: { data, _, w, h in recorded(data).events.append("logical_size \(w)x\(h)") },
                done: { _, _ in },
                name: { data, _, name in recorded(data).events.append("xdg_output.name \(String(cString: name!))") },
                description: { _, _, _ in }))
        }

        deinit {
            outputListener.deallocate()
            surfaceListener.deallocate()
            xdgOutputListener.deallocate()
        }

        private func log(_ output: OpaquePointer?, _ event: String) {
            let id = output.map { wl_proxy_get_id($0) } ?? 0
            events.append("\(names[id] ?? "wl_output@\(id)") \(event)")
        }

        var me: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
        func listen(output: OpaquePointer) { wl_output_add_listener(output, outputListener, me) }
        func listen(surface: OpaquePointer) { wl_surface_add_listener(surface, surfaceListener, me) }
        func listen(xdgOutput: OpaquePointer) { zxdg_output_v1_add_listener(xdgOutput, xdgOutputListener, me) }

        /// The events so far, by name: outputs are named only once their name event came.
        @discardableResult
        func take(_ client: RawClient) -> [String] {
            client.roundtrip()
            defer { events = [] }
            return events
        }
    }

    /// Binds both outputs and learns their names.
    private func bindOutputs(_ client: RawClient, _ recorder: Recorder) -> [OpaquePointer] {
        let outputs = client.bindAll(strata_wl_output_interface(), version: 4)
        for output in outputs { recorder.listen(output: output) }
        recorder.take(client)
        return outputs
    }

    func testEachOutputHasItsNameAndPlaceInTheLayout() throws {
        try start(windowOrigins: nil)
        let client = try RawClient(strata)
        let recorder = Recorder()
        let outputs = client.bindAll(strata_wl_output_interface(), version: 4)
        XCTAssertEqual(outputs.count, 2)
        for output in outputs { recorder.listen(output: output) }
        // The geometry and mode come before the name: those lines name the proxy.
        XCTAssertEqual(recorder.take(client).map { $0.components(separatedBy: " ").dropFirst().joined(separator: " ") },
                       ["geometry 0 0", "mode 320x240", "geometry 320 0", "mode 320x240"])
        let manager = try client.bind(strata_zxdg_output_manager_v1_interface(), version: 3)
        for output in outputs { recorder.listen(xdgOutput: zxdg_output_manager_v1_get_xdg_output(manager, output)!) }
        XCTAssertEqual(recorder.take(client), ["logical_position 0 0", "logical_size 320x240", "xdg_output.name HEADLESS-1",
                                               "logical_position 320 0", "logical_size 320x240", "xdg_output.name HEADLESS-2"])
        let layout = try XCTUnwrap(try strata.tree()["outputs"] as? [[String: Any]])
        XCTAssertEqual(layout.map { $0["name"] as? String }, ["HEADLESS-1", "HEADLESS-2"])
        XCTAssertEqual(layout.map { $0["x"] as? Int }, [0, 320])
    }

    /// A window across the seam is on both outputs; maximized, it fills the
    /// one it was mostly on and leaves the other.
    func testAWindowEntersTheOutputsItOverlapsAndMaximizesOntoItsOwn() throws {
        try start(windowOrigins: [(x: 310, y: 40)])
        let client = try RawClient(strata)
        let recorder = Recorder()
        _ = bindOutputs(client, recorder)
        let window = try ManagedWindow(client, title: "W", width: 40, height: 30) { recorder.listen(surface: $0.surface) }
        XCTAssertEqual(recorder.take(client), ["HEADLESS-1 enter", "HEADLESS-2 enter"])

        xdg_toplevel_set_maximized(window.toplevel)
        client.roundtrip()
        client.roundtrip()
        XCTAssertEqual(window.last?.width, 320)
        XCTAssertEqual(window.last?.height, 240)
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 320, y: 0), "30 of its 40 points were on HEADLESS-2")
        XCTAssertEqual(recorder.take(client), ["HEADLESS-1 leave"])

        xdg_toplevel_unset_maximized(window.toplevel)
        client.roundtrip()
        client.roundtrip()
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 310, y: 40), "back across the seam")
        XCTAssertEqual(recorder.take(client), ["HEADLESS-1 enter"])
    }

    /// set_fullscreen naming an output moves the window onto it; unset, it is back where it was.
    func testFullscreenOnTheOutputTheClientNames() throws {
        try start(windowOrigins: [(x: 32, y: 32)])
        let client = try RawClient(strata)
        let recorder = Recorder()
        let outputs = bindOutputs(client, recorder)
        let window = try ManagedWindow(client, title: "W", width: 100, height: 80) { recorder.listen(surface: $0.surface) }
        XCTAssertEqual(recorder.take(client), ["HEADLESS-1 enter"])

        xdg_toplevel_set_fullscreen(window.toplevel, outputs[1])
        client.roundtrip()
        client.roundtrip()
        XCTAssertEqual(window.last?.width, 320)
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 320, y: 0))
        XCTAssertEqual(recorder.take(client), ["HEADLESS-1 leave", "HEADLESS-2 enter"])

        xdg_toplevel_unset_fullscreen(window.toplevel)
        client.roundtrip()
        client.roundtrip()
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 32, y: 32))
        XCTAssertEqual(recorder.take(client), ["HEADLESS-2 leave", "HEADLESS-1 enter"])
    }

    /// With the pointer on HEADLESS-2, a new window goes there, and fullscreen
    /// covers that output; `strata screenshot` writes the layout or one output.
    func testNewWindowsGoOnTheOutputUnderThePointer() throws {
        try start(windowOrigins: nil)
        try strata.input("move", "500", "100")
        let client = try RawClient(strata)
        let recorder = Recorder()
        _ = bindOutputs(client, recorder)
        let window = try ManagedWindow(client, title: "W", width: 100, height: 80) {
            recorder.listen(surface: $0.surface)
        }
        XCTAssertEqual(recorder.take(client), ["HEADLESS-2 enter"])
        let origin = try strata.origin(of: "W")
        XCTAssertGreaterThanOrEqual(origin.x, 320, "on HEADLESS-2")
        XCTAssertLessThanOrEqual(origin.x + 100, 640)

        xdg_toplevel_set_fullscreen(window.toplevel, nil)
        client.roundtrip()
        client.roundtrip()
        XCTAssertEqual(window.last?.width, 320)
        XCTAssertEqual(window.last?.height, 240)
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 320, y: 0))
        XCTAssertEqual(recorder.take(client), [])

        XCTAssertEqual(try strata.control("frame").status, 0)
        let layout = try strata.shot("outputs-layout")
        XCTAssertEqual(layout.width, 640)
        XCTAssertEqual(layout.height, 240)
        let path = "\(ImageComparison.outputDirectory)/outputs-second.png"
        let result = try strata.control("screenshot", ["--output", path, "--output-name", "HEADLESS-2"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let second = try DecodedPNG(contentsOf: path)
        XCTAssertEqual(second.width, 320)
        for (x, y) in [(0, 0), (319, 239), (160, 120)] {
            XCTAssertEqual(second[x, y], layout[320 + x, y], "(\(x), \(y))")
        }
        assertPixel(second, 160, 120, .fill, "the fullscreen window")
        let missing = try strata.control("screenshot", ["--output", path, "--output-name", "HEADLESS-3"])
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.standardError.contains("no output named HEADLESS-3"), missing.standardError)
    }
}

private func recorded(_ data: UnsafeMutableRawPointer?) -> MultiOutputTests.Recorder {
    Unmanaged<MultiOutputTests.Recorder>.fromOpaque(data!).takeUnretainedValue()
}
