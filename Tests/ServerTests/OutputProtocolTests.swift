import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// wl_output v4 and zxdg_output_manager_v1 describe the output; wl_surface
/// enter and leave follow each surface on and off it, subsurfaces included.
final class OutputProtocolTests: CompositorTestCase {
    override func makeStrata() throws -> StrataProcess {
        try StrataProcess(width: 640, height: 400, scale: 2, manualFrames: true)
    }

    /// Everything a wl_output and the wl_surfaces it is given say, as lines.
    final class OutputRecorder {
        private(set) var events: [String] = []
        private let outputListener = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)
        private let surfaceListener = UnsafeMutablePointer<wl_surface_listener>.allocate(capacity: 1)
        private let xdgOutputListener = UnsafeMutablePointer<zxdg_output_v1_listener>.allocate(capacity: 1)

        init() {
            outputListener.initialize(to: wl_output_listener(
                geometry: { data, _, x, y, _, _, _, make, model, transform in
                    recorder(data).events.append("geometry \(x) \(y) \(String(cString: make!)) \(String(cString: model!)) \(transform)")
                },
                mode: { data, _, flags, width, height, refresh in recorder(data).events.append("mode \(flags) \(width)x\(height) \(refresh)") },
                done: { data, _ in recorder(data).events.append("done") },
                scale: { data, _, scale in recorder(data).events.append("scale \(scale)") },
                name: { data, _, name in recorder(data).events.append("name \(String(cString: name!))") },
                description: { data, _, text in recorder(data).events.append("description \(String(cString: text!))") }))
            surfaceListener.initialize(to: wl_surface_listener(
                enter: { data, surface, _ in recorder(data).events.append("enter \(wl_proxy_get_id(surface))") },
                leave: { data, surface, _ in recorder(data).events.append("leave \(wl_proxy_get_id(surface))") }))
            xdgOutputListener.initialize(to: zxdg_output_v1_listener(
                logical_position: { data, _, x, y in recorder(data).events.append("logical_position \(x) \(y)") },
                logical_size: { data, _, w, h in recorder(data).events.append("logical_size \(w)x\(h)") },
                done: { data, _ in recorder(data).events.append("xdg_output.done") },
                name: { data, _, name in recorder(data).events.append("xdg_output.name \(String(cString: name!))") },
                description: { _, _, _ in }))
        }

        deinit {
            outputListener.deallocate()
            surfaceListener.deallocate()
            xdgOutputListener.deallocate()
        }

        var me: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
        func listen(output: OpaquePointer) { wl_output_add_listener(output, outputListener, me) }
        func listen(surface: OpaquePointer) { wl_surface_add_listener(surface, surfaceListener, me) }
        func listen(xdgOutput: OpaquePointer) { zxdg_output_v1_add_listener(xdgOutput, xdgOutputListener, me) }

        @discardableResult
        func take(_ client: RawClient) -> [String] {
            client.roundtrip()
            defer { events = [] }
            return events
        }
    }

    func testOutputDescribesItselfAndXdgOutputGivesItsLogicalSize() throws {
        let client = try RawClient(strata)
        let recorder = OutputRecorder()
        let output = try client.bind(strata_wl_output_interface(), version: 4)
        recorder.listen(output: output)
        XCTAssertEqual(recorder.take(client), ["geometry 0 0 Strata Headless 0", "mode 3 640x400 60000", "scale 2",
                                               "name HEADLESS-1", "description Strata headless output 640×400", "done"])
        let manager = try client.bind(strata_zxdg_output_manager_v1_interface(), version: 3)
        recorder.listen(xdgOutput: zxdg_output_manager_v1_get_xdg_output(manager, output)!)
        XCTAssertEqual(recorder.take(client), ["logical_position 0 0", "logical_size 320x200", "xdg_output.name HEADLESS-1", "done"],
                       "version 3 ends with wl_output.done")
    }

    func testSurfacesEnterAndLeaveTheOutput() throws {
        let client = try RawClient(strata)
        let recorder = OutputRecorder()
        recorder.listen(output: try client.bind(strata_wl_output_interface(), version: 4))
        recorder.take(client)
        let window = try RawWindow(client, title: "w", width: 40, height: 30) { _, surface in recorder.listen(surface: surface) }
        let main = window.surfaceID
        XCTAssertEqual(recorder.take(client), ["enter \(main)"], "mapped: on the output")

        let subcompositor = try client.bind(strata_wl_subcompositor_interface(), version: 1)
        let child = wl_compositor_create_surface(window.compositor)!
        recorder.listen(surface: child)
        let subsurface = wl_subcompositor_get_subsurface(subcompositor, child, window.surface)!
        wl_surface_attach(child, try client.makeBuffer(shm: window.shm, width: 10, height: 10), 0, 0)
        wl_surface_commit(child)
        XCTAssertEqual(recorder.take(client), [], "a synchronized child is not shown before its parent commits")
        wl_surface_commit(window.surface)
        XCTAssertEqual(recorder.take(client), ["enter \(wl_proxy_get_id(child))"])
        wl_subsurface_destroy(subsurface)
        XCTAssertEqual(recorder.take(client), ["leave \(wl_proxy_get_id(child))"], "an unmapped subsurface leaves")

        // Binding the output again, late: the new binding is told where the surfaces already are.
        recorder.listen(output: try client.bind(strata_wl_output_interface(), version: 4))
        XCTAssertEqual(recorder.take(client).last, "enter \(main)")

        xdg_toplevel_destroy(window.toplevel)
        XCTAssertEqual(recorder.take(client), ["leave \(main)", "leave \(main)"], "the window is gone: a leave for each of the two bindings")
    }
}

private func recorder(_ data: UnsafeMutableRawPointer?) -> OutputProtocolTests.OutputRecorder {
    Unmanaged<OutputProtocolTests.OutputRecorder>.fromOpaque(data!).takeUnretainedValue()
}

/// wayland-info, the generic inspector, lists what Strata serves.
final class WaylandInfoTests: XCTestCase {
    func testWaylandInfoListsTheGlobals() throws {
        guard let info = StrataProcess.which("wayland-info") else { throw XCTSkip("wayland-info is not installed (make deps)") }
        let strata = try StrataProcess(width: 320, height: 240)
        defer { strata.stop() }
        let result = try runProcess(info, [], environment: strata.clientEnvironment)
        XCTAssertEqual(result.status, 0, result.standardError)
        for (global, version) in [("wl_compositor", 5), ("wl_subcompositor", 1), ("wl_data_device_manager", 3), ("wl_output", 4),
                                  ("wl_seat", 8), ("xdg_wm_base", 5), ("zxdg_output_manager_v1", 3),
                                  ("zwlr_screencopy_manager_v1", 3), ("strata_layers_v1", 4),
                                  ("wp_viewporter", 1), ("wp_fractional_scale_manager_v1", 1),
                                  ("wp_single_pixel_buffer_manager_v1", 1),
                                  ("wp_presentation", 1),
                                  ("zwp_primary_selection_device_manager_v1", 1),
                                  ("xdg_activation_v1", 1),
                                  ("zwp_idle_inhibit_manager_v1", 1),
                                  ("zwp_relative_pointer_manager_v1", 1),
                                  ("zwp_pointer_constraints_v1", 1),
                                  ("zwp_text_input_manager_v3", 1),
                                  ("zwp_text_input_manager_v1", 1),
                                  ("zwp_input_method_manager_v2", 1),
                                  ("zwp_virtual_keyboard_manager_v1", 1),
                                  ("zwlr_foreign_toplevel_manager_v1", 3),
                                  ("zwlr_virtual_pointer_manager_v1", 2),
                                  ("ext_session_lock_manager_v1", 1),
                                  ("zwlr_output_manager_v1", 2),
                                  ("zwlr_output_power_manager_v1", 1),
                                 ] {
            XCTAssertTrue(result.standardOutput.range(of: "'\(global)',\\s+version:\\s+\(version),", options: .regularExpression) != nil,
                          "\(global) v\(version) missing from:\n\(result.standardOutput)")
        }
        XCTAssertTrue(result.standardOutput.contains("HEADLESS-1"), "the output's name")
    }
}
