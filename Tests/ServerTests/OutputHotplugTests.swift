import CPixman
import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import StrataProtocol
import TestSupport
import XCTest

/// Outputs added and removed while clients run (`strata output add|remove`
/// on headless outputs of 320×240): wl_registry announces and withdraws
/// their wl_output globals, windows on a removed output move to the first
/// remaining one with leave and enter, maximized ones take its size, layer
/// surfaces live on the output they named and are closed when it goes.
final class OutputHotplugTests: XCTestCase {
    private var strata: StrataProcess!

    override func tearDown() {
        if let strata { XCTAssertEqual(strata.stop(), 0, strata.serverLog) }
        strata = nil
    }

    private func start(outputs: Int = 1, windowOrigins: [(x: Int, y: Int)]? = [(x: 32, y: 32)]) throws {
        strata = try StrataProcess(width: 320, height: 240, manualFrames: true, windowOrigins: windowOrigins,
                                   extraArguments: ["--outputs", "\(outputs)"])
    }

    /// `strata output ARGS…`, which must succeed; its JSON answer.
    @discardableResult
    private func output(_ arguments: String...) throws -> [String: Any] {
        let result = try strata.control("output", arguments)
        XCTAssertEqual(result.status, 0, result.standardError)
        let data = Data(result.standardOutput.utf8)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any], result.standardOutput)
    }

    private func layout() throws -> [[String: Any]] {
        try XCTUnwrap(try strata.tree()["outputs"] as? [[String: Any]])
    }

    private func wlOutputNames(_ globals: [(name: UInt32, interface: String, version: UInt32)]) -> [UInt32] {
        globals.filter { $0.interface == "wl_output" }.map(\.name)
    }

    func testClientsSeeAnAddedOutputAndTheRemovalOfOne() throws {
        try start()
        let client = try RawClient(strata)
        let recorder = MultiOutputTests.Recorder()
        XCTAssertEqual(wlOutputNames(client.globals).count, 1)

        let added = try output("add", "--size", "200x100")
        XCTAssertEqual(added["added"] as? String, "HEADLESS-2")
        client.roundtrip()
        let outputGlobals = wlOutputNames(client.globals)
        XCTAssertEqual(outputGlobals.count, 2, "wl_registry.global for the new output")
        let second = client.bind(name: outputGlobals[1], strata_wl_output_interface(), version: 4)
        recorder.listen(output: second)
        XCTAssertEqual(recorder.take(client), ["wl_output@\(wl_proxy_get_id(second)) geometry 320 0",
                                               "wl_output@\(wl_proxy_get_id(second)) mode 200x100"])
        let manager = try client.bind(strata_zxdg_output_manager_v1_interface(), version: 3)
        recorder.listen(xdgOutput: zxdg_output_manager_v1_get_xdg_output(manager, second)!)
        XCTAssertEqual(recorder.take(client), ["logical_position 320 0", "logical_size 200x100", "xdg_output.name HEADLESS-2"])
        XCTAssertEqual(try layout().map { $0["name"] as? String }, ["HEADLESS-1", "HEADLESS-2"])
        XCTAssertEqual(try layout().map { $0["x"] as? Int }, [0, 320])
        let list = try JSONSerialization.jsonObject(with: Data(try strata.control("output", ["list"]).standardOutput.utf8)) as? [[String: Any]]
        XCTAssertEqual(list?.map { $0["name"] as? String }, ["HEADLESS-1", "HEADLESS-2"])

        try output("remove", "HEADLESS-2")
        client.roundtrip()
        XCTAssertEqual(wlOutputNames(client.removedGlobals), [outputGlobals[1]], "wl_registry.global_remove for it")
        XCTAssertEqual(wlOutputNames(client.globals), [outputGlobals[0]])
        XCTAssertEqual(try layout().map { $0["name"] as? String }, ["HEADLESS-1"])
        XCTAssertTrue(strata.serverLog.contains("output HEADLESS-2 removed; outputs: HEADLESS-1"), strata.serverLog)
        // The client still holds its binding: releasing it is no error.
        wl_output_release(second)
        XCTAssertTrue(client.roundtrip())
        XCTAssertNil(client.protocolError)

        // A client connecting now never sees it.
        let late = try RawClient(strata)
        XCTAssertEqual(wlOutputNames(late.globals).count, 1)
    }

    /// A bind on its way when the output went (the client had not read the
    /// global_remove yet) gets an inert wl_output, not a protocol error:
    /// the global is withdrawn first and destroyed only seconds later.
    func testBindingAnOutputThatWasJustRemovedIsNoError() throws {
        try start(outputs: 2)
        let client = try RawClient(strata)
        let removedName = wlOutputNames(client.globals)[1]
        try output("remove", "HEADLESS-2")
        // Bound by the name the registry gave, as a client does that has not seen global_remove.
        let stale = client.bind(name: removedName, strata_wl_output_interface(), version: 4)
        let recorder = MultiOutputTests.Recorder()
        recorder.listen(output: stale)
        XCTAssertTrue(client.roundtrip(), "the connection survives")
        XCTAssertNil(client.protocolError)
        XCTAssertEqual(recorder.take(client), [], "an inert output describes nothing")
        let manager = try client.bind(strata_zxdg_output_manager_v1_interface(), version: 3)
        recorder.listen(xdgOutput: zxdg_output_manager_v1_get_xdg_output(manager, stale)!)
        XCTAssertEqual(recorder.take(client), [])
        XCTAssertNil(client.protocolError)
        XCTAssertEqual(wlOutputNames(client.removedGlobals), [removedName])

        // A layer surface asked for on it is closed at once, as in sway.
        let compositor = try client.bind(strata_wl_compositor_interface(), version: 5)
        let shell = try client.bind(strata_zwlr_layer_shell_v1_interface(), version: 4)
        let panel = RawLayerSurface(client, compositor: compositor, shell: shell, layer: RawLayerSurface.top, output: stale) { layerSurface in
            zwlr_layer_surface_v1_set_anchor(layerSurface, RawLayerSurface.anchorTop)
            zwlr_layer_surface_v1_set_size(layerSurface, 50, 20)
        }
        XCTAssertTrue(panel.closed)
        XCTAssertEqual(panel.configures.count, 0)
        XCTAssertNil(client.protocolError)
    }

    /// A window on HEADLESS-2 moves to HEADLESS-1 at the same place on it,
    /// with leave and enter; the pointer that was on HEADLESS-2 comes back
    /// onto the remaining output; an output right of the removed one moves left.
    func testAWindowOnARemovedOutputMovesToTheFirstOutput() throws {
        try start(outputs: 3, windowOrigins: [(x: 352, y: 40), (x: 680, y: 60)])
        try strata.input("move", "500", "200")
        let client = try RawClient(strata)
        let recorder = MultiOutputTests.Recorder()
        for output in client.bindAll(strata_wl_output_interface(), version: 4) { recorder.listen(output: output) }
        recorder.take(client)
        let window = try ManagedWindow(client, title: "W", width: 100, height: 80) { recorder.listen(surface: $0.surface) }
        XCTAssertEqual(recorder.take(client), ["HEADLESS-2 enter"])
        let third = try ManagedWindow(client, title: "Third", width: 60, height: 50) { recorder.listen(surface: $0.surface) }
        XCTAssertEqual(recorder.take(client), ["HEADLESS-3 enter"])

        try output("remove", "HEADLESS-2")
        let events = recorder.take(client)
        XCTAssertEqual(events.filter { $0.hasPrefix("HEADLESS-2") || $0.contains("enter") || $0.contains("leave") },
                       ["HEADLESS-2 leave", "HEADLESS-1 enter"])
        XCTAssertTrue(events.contains("HEADLESS-3 geometry 320 0"), "HEADLESS-3 moved left into the gap: \(events)")
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 32, y: 40), "32 points in from the left, as it was on HEADLESS-2")
        XCTAssertEqual(try strata.origin(of: "Third"), Point(x: 360, y: 60), "with its output, 320 points left")
        XCTAssertEqual(try layout().map { $0["x"] as? Int }, [0, 320])
        let pointer = try XCTUnwrap((try strata.tree()["seat"] as? [String: Any])?["pointer"] as? [String: Any])
        let x = try XCTUnwrap(pointer["x"] as? Double), y = try XCTUnwrap(pointer["y"] as? Double)
        XCTAssertEqual(y, 200)
        XCTAssertEqual(x, 500, "over HEADLESS-3 now, which took the gap")
        _ = (window, third)
    }

    /// A window too large for where it would land is moved in to fit; the
    /// pointer off every output is brought back onto them.
    func testThePointerStaysOnTheOutputs() throws {
        try start(outputs: 2)
        try strata.input("move", "600", "100")
        try output("remove", "HEADLESS-2")
        let pointer = try XCTUnwrap((try strata.tree()["seat"] as? [String: Any])?["pointer"] as? [String: Any])
        XCTAssertEqual(pointer["x"] as? Double, 319)
        XCTAssertEqual(pointer["y"] as? Double, 100)
    }

    /// On an output that shifts left when the one before it goes, the
    /// pointer keeps its place on that output.
    func testThePointerMovesWithItsOutput() throws {
        try start(outputs: 2)
        try strata.input("move", "400", "100")
        try output("remove", "HEADLESS-1")
        let pointer = try XCTUnwrap((try strata.tree()["seat"] as? [String: Any])?["pointer"] as? [String: Any])
        XCTAssertEqual(pointer["x"] as? Double, 80, "80 points into HEADLESS-2, which now begins at 0")
        XCTAssertEqual(pointer["y"] as? Double, 100)
    }

    /// Maximized on HEADLESS-2 (400×300), the window is configured to
    /// HEADLESS-1's 320×240 when HEADLESS-2 goes, and covers it.
    func testAMaximizedWindowIsReconfiguredToTheRemainingOutput() throws {
        try start(windowOrigins: [(x: 360, y: 40)])
        try output("add", "--size", "400x300")
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 100, height: 80)
        xdg_toplevel_set_maximized(window.toplevel)
        client.roundtrip()
        client.roundtrip()
        XCTAssertEqual(window.last?.width, 400)
        XCTAssertEqual(window.last?.height, 300)
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 320, y: 0))

        try output("remove", "HEADLESS-2")
        client.roundtrip()
        client.roundtrip()
        XCTAssertEqual(window.last?.width, 320)
        XCTAssertEqual(window.last?.height, 240)
        XCTAssertTrue(window.last?.states.contains(XDG_TOPLEVEL_STATE_MAXIMIZED.rawValue) == true)
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 0, y: 0))
        XCTAssertEqual(try strata.size(of: "W"), Size(width: 320, height: 240))

        // Unmaximized, it goes back to where it was relative to its output, now HEADLESS-1.
        xdg_toplevel_unset_maximized(window.toplevel)
        client.roundtrip()
        client.roundtrip()
        XCTAssertEqual(window.last?.width, 100)
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 40, y: 40))
    }

    /// Fullscreen on HEADLESS-2, the window is configured to HEADLESS-1's size when HEADLESS-2 goes.
    func testAFullscreenWindowIsReconfiguredToTheRemainingOutput() throws {
        try start(windowOrigins: [(x: 360, y: 40)])
        try output("add", "--size", "400x300")
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 100, height: 80)
        xdg_toplevel_set_fullscreen(window.toplevel, nil)
        client.roundtrip()
        client.roundtrip()
        XCTAssertEqual(window.last?.width, 400)
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 320, y: 0))

        try output("remove", "HEADLESS-2")
        client.roundtrip()
        client.roundtrip()
        XCTAssertEqual(window.last?.width, 320)
        XCTAssertEqual(window.last?.height, 240)
        XCTAssertTrue(window.last?.states.contains(XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue) == true)
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 0, y: 0))
        XCTAssertEqual(try strata.size(of: "W"), Size(width: 320, height: 240))
    }

    /// A layer surface on the output get_layer_surface named is arranged
    /// there, and its exclusive zone shrinks only that output's work area;
    /// when the output goes, the surface is closed.
    func testALayerSurfaceIsOnTheOutputItNamedAndClosedWhenItGoes() throws {
        try start(outputs: 2, windowOrigins: [(x: 352, y: 40), (x: 32, y: 40)])
        let client = try RawClient(strata)
        let outputs = client.bindAll(strata_wl_output_interface(), version: 4)
        let compositor = try client.bind(strata_wl_compositor_interface(), version: 5)
        let shm = try client.bind(strata_wl_shm_interface(), version: 1)
        let shell = try client.bind(strata_zwlr_layer_shell_v1_interface(), version: 4)
        let panel = RawLayerSurface(client, compositor: compositor, shell: shell, layer: RawLayerSurface.top, namespace: "panel",
                                    output: outputs[1]) { layerSurface in
            zwlr_layer_surface_v1_set_anchor(layerSurface, RawLayerSurface.anchorTop | RawLayerSurface.anchorLeft | RawLayerSurface.anchorRight)
            zwlr_layer_surface_v1_set_size(layerSurface, 0, 20)
            zwlr_layer_surface_v1_set_exclusive_zone(layerSurface, 20)
        }
        XCTAssertEqual(panel.lastSize?.width, 320)
        XCTAssertEqual(panel.lastSize?.height, 20)
        try panel.show(shm: shm)
        let dumped = try XCTUnwrap((try strata.tree()["layer_surfaces"] as? [[String: Any]])?.first)
        XCTAssertEqual(dumped["output"] as? String, "HEADLESS-2")
        let frame = try XCTUnwrap(dumped["frame"] as? [String: Any])
        XCTAssertEqual(frame["x"] as? Double, 320)
        XCTAssertEqual(frame["y"] as? Double, 0)
        let areas = try layout().map { $0["usable_area"] as? [String: Any] }
        XCTAssertEqual(areas.map { $0?["y"] as? Double }, [0, 20], "the panel's zone is HEADLESS-2's only")

        // Maximized windows fill each output's own usable area.
        let onSecond = try ManagedWindow(client, title: "on 2", width: 100, height: 80)
        let onFirst = try ManagedWindow(client, title: "on 1", width: 100, height: 80)
        xdg_toplevel_set_maximized(onSecond.toplevel)
        xdg_toplevel_set_maximized(onFirst.toplevel)
        client.roundtrip()
        client.roundtrip()
        XCTAssertEqual(onSecond.last?.height, 220)
        XCTAssertEqual(onFirst.last?.height, 240)

        try output("remove", "HEADLESS-2")
        client.roundtrip()
        XCTAssertTrue(panel.closed)
        let after = try XCTUnwrap((try strata.tree()["layer_surfaces"] as? [[String: Any]])?.first)
        XCTAssertEqual(after["closed"] as? Bool, true)
        client.roundtrip()
        XCTAssertEqual(onSecond.last?.height, 240, "on HEADLESS-1 now, which has no panel")
        XCTAssertNil(client.protocolError)
    }

    /// With no output named, a layer surface goes on the output under the pointer.
    func testALayerSurfaceWithoutAnOutputGoesUnderThePointer() throws {
        try start(outputs: 2)
        try strata.input("move", "400", "100")
        let client = try RawClient(strata)
        let compositor = try client.bind(strata_wl_compositor_interface(), version: 5)
        let shell = try client.bind(strata_zwlr_layer_shell_v1_interface(), version: 4)
        let panel = RawLayerSurface(client, compositor: compositor, shell: shell, layer: RawLayerSurface.top) { layerSurface in
            zwlr_layer_surface_v1_set_anchor(layerSurface, RawLayerSurface.anchorBottom)
            zwlr_layer_surface_v1_set_size(layerSurface, 50, 20)
        }
        XCTAssertEqual(panel.configures.count, 1)
        let dumped = try XCTUnwrap((try strata.tree()["layer_surfaces"] as? [[String: Any]])?.first)
        XCTAssertEqual(dumped["output"] as? String, "HEADLESS-2")
    }

    /// A copy_with_damage of HEADLESS-2 waiting for damage fails when the output goes.
    func testAScreencopyWaitingForARemovedOutputFails() throws {
        try start(outputs: 2)
        let client = try RawClient(strata)
        let outputs = client.bindAll(strata_wl_output_interface(), version: 4)
        let manager = try client.bind(strata_zwlr_screencopy_manager_v1_interface(), version: 3)
        let shm = try client.bind(strata_wl_shm_interface(), version: 1)
        let target = try ReadableBuffer(client: client, shm: shm, width: 320, height: 240)
        // The first copy takes everything; the second waits for something to change.
        let first = ScreencopyRecorder(zwlr_screencopy_manager_v1_capture_output(manager, 0, outputs[1])!)
        client.roundtrip()
        zwlr_screencopy_frame_v1_copy_with_damage(first.frame, target.buffer)
        client.roundtrip()
        XCTAssertTrue(first.ready)
        let waiting = ScreencopyRecorder(zwlr_screencopy_manager_v1_capture_output(manager, 0, outputs[1])!)
        client.roundtrip()
        zwlr_screencopy_frame_v1_copy_with_damage(waiting.frame, target.buffer)
        client.roundtrip()
        XCTAssertFalse(waiting.ready || waiting.failed, "nothing changed yet")

        try output("remove", "HEADLESS-2")
        client.roundtrip()
        XCTAssertTrue(waiting.failed)
        // A new capture of the gone output fails at once.
        let late = ScreencopyRecorder(zwlr_screencopy_manager_v1_capture_output(manager, 0, outputs[1])!)
        client.roundtrip()
        XCTAssertTrue(late.failed)
        XCTAssertNil(client.protocolError)
    }

    /// A copy waiting for damage on an output that shifts left (the one
    /// before it went) copies that output where it is now: the whole of it
    /// is new to the client, and the window on it shows at its place there.
    func testAScreencopyWaitingForAnOutputThatShiftsCopiesItWhereItIsNow() throws {
        try start(outputs: 2, windowOrigins: [(x: 352, y: 40)])
        let client = try RawClient(strata)
        let outputs = client.bindAll(strata_wl_output_interface(), version: 4)
        let manager = try client.bind(strata_zwlr_screencopy_manager_v1_interface(), version: 3)
        let shm = try client.bind(strata_wl_shm_interface(), version: 1)
        let window = try ManagedWindow(client, title: "W", width: 100, height: 80, pixel: 0xFF_20_C0_40)
        let target = try ReadableBuffer(client: client, shm: shm, width: 320, height: 240)
        let first = ScreencopyRecorder(zwlr_screencopy_manager_v1_capture_output(manager, 0, outputs[1])!)
        client.roundtrip()
        zwlr_screencopy_frame_v1_copy_with_damage(first.frame, target.buffer)
        client.roundtrip()
        XCTAssertTrue(first.ready)
        let waiting = ScreencopyRecorder(zwlr_screencopy_manager_v1_capture_output(manager, 0, outputs[1])!)
        client.roundtrip()
        zwlr_screencopy_frame_v1_copy_with_damage(waiting.frame, target.buffer)
        client.roundtrip()
        XCTAssertFalse(waiting.ready || waiting.failed, "nothing changed yet")

        try output("remove", "HEADLESS-1")
        XCTAssertEqual(try strata.control("frame").status, 0)
        XCTAssertTrue(waitUntil { client.roundtrip() && (waiting.ready || waiting.failed) })
        XCTAssertTrue(waiting.ready, "HEADLESS-2, now at x 0, changed as a whole")
        XCTAssertEqual(waiting.damage.map { [$0.x, $0.y, $0.width, $0.height] }, [[0, 0, 320, 240]])
        XCTAssertEqual(target[32 + 50, 40 + 40] & 0xFF_FF_FF, 0x20_C0_40, "the window, 32 points into its output")
        XCTAssertNil(client.protocolError)
        _ = window
    }

    /// A taskbar's handle of a minimized window on an output that goes
    /// hears output_leave while that output's wl_output still stands, then
    /// output_enter for the output the window was moved to.
    func testAMinimizedWindowsForeignToplevelHandleLeavesARemovedOutput() throws {
        try start(outputs: 2, windowOrigins: [(x: 352, y: 40)])
        let apps = try RawClient(strata)
        let window = try ManagedWindow(apps, title: "W", width: 100, height: 80)
        let panel = try RawClient(strata)
        let outputs = panel.bindAll(strata_wl_output_interface(), version: 4)
        let taskbar = try ForeignToplevelRecorder(panel)
        XCTAssertTrue(panel.roundtrip())
        let handle = try XCTUnwrap(taskbar.open("W"))
        XCTAssertEqual(handle.outputs, [wl_proxy_get_id(outputs[1])])
        xdg_toplevel_set_minimized(window.toplevel)
        XCTAssertTrue(apps.roundtrip())
        XCTAssertTrue(panel.roundtrip())
        XCTAssertEqual(handle.outputs, [wl_proxy_get_id(outputs[1])], "minimized, it stays on its output for the taskbar")

        try output("remove", "HEADLESS-2")
        XCTAssertTrue(panel.roundtrip())
        XCTAssertEqual(handle.outputs, [wl_proxy_get_id(outputs[0])], "output_leave for the output that went, output_enter for the one it moved to")
        XCTAssertEqual(handle.pending, 0, "then done")
        _ = window
    }

    /// A window unmapped (its role kept) on an output that goes is placed
    /// anew on the outputs that remain when it maps again, not at its old
    /// place past the layout's edge.
    func testAWindowUnmappedOnARemovedOutputMapsAgainOnTheRemainingOutput() throws {
        try start(outputs: 2, windowOrigins: [(x: 352, y: 40)])
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 100, height: 80)
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 352, y: 40))
        // A second window, so that W's next placement is Strata's own, not the test's fixed origin for a first window.
        let other = try ManagedWindow(client, title: "Other", width: 60, height: 40)
        wl_surface_attach(window.surface, nil, 0, 0)
        wl_surface_commit(window.surface)
        client.roundtrip()

        try output("remove", "HEADLESS-2")
        // Mapped again as xdg-shell asks: an initial commit, a configure acknowledged, then a buffer.
        wl_surface_commit(window.surface)
        client.roundtrip()
        window.draw()
        client.roundtrip()
        let origin = try strata.origin(of: "W")
        XCTAssertTrue(origin.x >= 0 && origin.x + 100 <= 320 && origin.y >= 0 && origin.y + 80 <= 240,
                      "on HEADLESS-1 (320×240): \(origin)")
        XCTAssertNil(client.protocolError)
        _ = other
    }

    /// A restore sent but not yet acknowledged when the window's output
    /// goes still moves the window when the client takes it: to where it
    /// was before it was maximized, relative to its new output.
    func testARestoreNotYetAcknowledgedWhenTheOutputGoesLandsOnTheNewOutput() throws {
        try start(windowOrigins: [(x: 360, y: 40)])
        try output("add", "--size", "400x300")
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 100, height: 80)
        xdg_toplevel_set_maximized(window.toplevel)
        client.roundtrip()
        client.roundtrip()
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 320, y: 0))

        window.holdsConfigures = true
        xdg_toplevel_unset_maximized(window.toplevel)
        client.roundtrip()
        XCTAssertEqual(window.last?.width, 100, "the restore is sent")
        try output("remove", "HEADLESS-2")
        client.roundtrip()
        window.holdsConfigures = false
        window.answerHeldConfigures()
        client.roundtrip()
        XCTAssertEqual(try strata.size(of: "W"), Size(width: 100, height: 80))
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 40, y: 40), "40 points into its output, as before it was maximized")
        XCTAssertNil(client.protocolError)
    }

    /// An output added at scale 2 says so in wl_output.scale, and a surface
    /// on it is asked to draw at 2 (wp_fractional_scale_v1, in 120ths).
    func testAnOutputOfItsOwnScale() throws {
        try start(windowOrigins: [(x: 340, y: 20)])
        let added = try output("add", "--size", "400x300", "--scale", "2")
        let described = try XCTUnwrap((added["outputs"] as? [[String: Any]])?.last)
        XCTAssertEqual(described["scale"] as? Double, 2)
        XCTAssertEqual(described["logical_width"] as? Double, 200)
        let client = try RawClient(strata)
        let scales = OutputScales()
        for output in client.bindAll(strata_wl_output_interface(), version: 4) { scales.listen(output) }
        client.roundtrip()
        XCTAssertEqual(scales.scales, [1, 2])

        let manager = try client.bind(strata_wp_fractional_scale_manager_v1_interface(), version: 1)
        var preferred: [UInt32] = []
        let listener = PreferredScaleListener { preferred.append($0) }
        let window = try ManagedWindow(client, title: "W", width: 50, height: 40) { window in
            listener.listen(wp_fractional_scale_manager_v1_get_fractional_scale(manager, window.surface)!)
        }
        client.roundtrip()
        XCTAssertEqual(preferred.last, 240, "on HEADLESS-2 at scale 2")
        withExtendedLifetime(window) {}
        // The layout's pixels: HEADLESS-1's 320, then HEADLESS-2's 400.
        let shot = try strata.shot("outputs-scaled")
        XCTAssertEqual(shot.width, 720)
        XCTAssertEqual(shot.height, 300)
    }

    /// The title bar Strata draws is drawn at the scale of the window's
    /// output: 2 on HEADLESS-2, 1 once the window moved to HEADLESS-1.
    func testTheTitleBarTakesTheScaleOfItsOutput() throws {
        try start(windowOrigins: [(x: 360, y: 60)])
        try output("add", "--size", "400x300", "--scale", "2")
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 100, height: 80, decorationMode: 0)
        defer { withExtendedLifetime(window) {} }
        client.roundtrip()
        func titleBar() throws -> [String: Any] {
            let layer = try XCTUnwrap(try strata.window("W")["layer"] as? [String: Any])
            return try XCTUnwrap((layer["sublayers"] as? [[String: Any]])?.first { $0["name"] as? String == "title-bar" })
        }
        XCTAssertEqual(try titleBar()["contentsScale"] as? Double, 2)
        XCTAssertEqual((try titleBar()["contents"] as? [String: Any])?["width"] as? Int, 200, "100 points in HEADLESS-2's pixels")

        try output("remove", "HEADLESS-2")
        client.roundtrip()
        XCTAssertEqual(try titleBar()["contentsScale"] as? Double, 1)
        XCTAssertEqual((try titleBar()["contents"] as? [String: Any])?["width"] as? Int, 100)
    }

    /// After HEADLESS-2 is removed, the screenshot shows the window that was
    /// on it on HEADLESS-1, compared with a reference image (tolerance 2
    /// per channel, no pixel allowed over it; a diff is written on failure).
    func testTheScreenshotAfterRemovalShowsTheMovedWindow() throws {
        try start(outputs: 2, windowOrigins: [(x: 400, y: 60)])
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 120, height: 90, pixel: 0xFF_E0_40_20)
        defer { withExtendedLifetime(window) {} }
        try output("remove", "HEADLESS-2")
        XCTAssertEqual(try strata.control("frame").status, 0)
        let shot = try strata.shot("output-removed")
        let image = shot.makePixmanImage()
        defer { pixman_image_unref(image) }
        let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References").path
        ImageComparison.assertMatches(image, reference: "output-removed", in: .module, referencesDirectory: references,
                                      tolerance: 2, maxDifferingPixels: 0)
        assertPixel(shot, 80 + 60, 60 + 45, DecodedPNG.Pixel(red: 224, green: 64, blue: 32), "the moved window")
    }
}

/// wl_output.scale of each bound output, in binding order.
private final class OutputScales {
    private(set) var scales: [Int32] = []
    private var order: [UInt32] = []
    private var byID: [UInt32: Int32] = [:]
    private let listener = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)

    init() {
        listener.initialize(to: wl_output_listener(
            geometry: { _, _, _, _, _, _, _, _, _, _ in },
            mode: { _, _, _, _, _, _ in },
            done: { _, _ in },
            scale: { data, output, factor in
                let me = Unmanaged<OutputScales>.fromOpaque(data!).takeUnretainedValue()
                me.byID[wl_proxy_get_id(output)] = factor
                me.scales = me.order.compactMap { me.byID[$0] }
            },
            name: { _, _, _ in },
            description: { _, _, _ in }))
    }

    deinit { listener.deallocate() }

    func listen(_ output: OpaquePointer) {
        order.append(wl_proxy_get_id(output))
        wl_output_add_listener(output, listener, Unmanaged.passUnretained(self).toOpaque())
    }
}

/// wp_fractional_scale_v1.preferred_scale, to a closure.
private final class PreferredScaleListener {
    private let body: (UInt32) -> Void
    private let listener = UnsafeMutablePointer<wp_fractional_scale_v1_listener>.allocate(capacity: 1)

    init(_ body: @escaping (UInt32) -> Void) {
        self.body = body
        listener.initialize(to: wp_fractional_scale_v1_listener(preferred_scale: { data, _, scale in
            Unmanaged<PreferredScaleListener>.fromOpaque(data!).takeUnretainedValue().body(scale)
        }))
    }

    deinit { listener.deallocate() }

    func listen(_ fractional: OpaquePointer) {
        wp_fractional_scale_v1_add_listener(fractional, listener, Unmanaged.passUnretained(self).toOpaque())
    }
}
