import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// wp_fractional_scale_manager_v1 on the real socket, with bare libwayland
/// clients: the preferred scale of a surface on a scale-2 output, its
/// errors, and a surface destroyed before its object.
final class FractionalScaleProtocolTests: CompositorTestCase {
    override func makeStrata() throws -> StrataProcess {
        try StrataProcess(width: 640, height: 400, scale: 2, manualFrames: true)
    }

    /// The preferred_scale events one wp_fractional_scale_v1 got.
    final class ScaleRecorder {
        private(set) var scales: [UInt32] = []
        private let listener = UnsafeMutablePointer<wp_fractional_scale_v1_listener>.allocate(capacity: 1)

        init(_ object: OpaquePointer) {
            listener.initialize(to: wp_fractional_scale_v1_listener(preferred_scale: { data, _, scale in
                Unmanaged<ScaleRecorder>.fromOpaque(data!).takeUnretainedValue().scales.append(scale)
            }))
            wp_fractional_scale_v1_add_listener(object, listener, Unmanaged.passUnretained(self).toOpaque())
        }

        deinit { listener.deallocate() }
    }

    func testASurfaceOnAScaleTwoOutputPrefers240() throws {
        let client = try RawClient(strata)
        let manager = try client.bind(strata_wp_fractional_scale_manager_v1_interface(), version: 1)
        let window = try RawWindow(client, title: "fractional", width: 100, height: 80)
        let object = try XCTUnwrap(wp_fractional_scale_manager_v1_get_fractional_scale(manager, window.surface))
        let recorder = ScaleRecorder(object)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(recorder.scales, [240], "sent at once for a surface already on the output")
        XCTAssertTrue(try strata.control("frame").status == 0)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(recorder.scales, [240], "and not again while it stays")
        let surface = try XCTUnwrap(strata.windows().first?["surface"] as? [String: Any])
        XCTAssertEqual(surface["preferred_scale"] as? Int, 240, "strata tree shows what was sent")
        wp_fractional_scale_v1_destroy(object)
        XCTAssertTrue(client.roundtrip())
    }

    func testTheScaleComesWhenTheSurfaceGoesOnTheOutput() throws {
        let client = try RawClient(strata)
        let manager = try client.bind(strata_wp_fractional_scale_manager_v1_interface(), version: 1)
        var recorder: ScaleRecorder?
        _ = try RawWindow(client, title: "later", width: 100, height: 80) { _, surface in
            recorder = ScaleRecorder(wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface)!)
        }
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(recorder?.scales, [240], "once mapped, and only once")
    }

    func testASecondObjectForOneSurfaceIsAnError() throws {
        let client = try RawClient(strata)
        let manager = try client.bind(strata_wp_fractional_scale_manager_v1_interface(), version: 1)
        let window = try RawWindow(client, title: "twice", width: 100, height: 80)
        _ = wp_fractional_scale_manager_v1_get_fractional_scale(manager, window.surface)
        _ = wp_fractional_scale_manager_v1_get_fractional_scale(manager, window.surface)
        try assertProtocolError(client, interface: "wp_fractional_scale_manager_v1",
                                code: WP_FRACTIONAL_SCALE_MANAGER_V1_ERROR_FRACTIONAL_SCALE_EXISTS.rawValue)
    }

    func testAnotherObjectAfterTheFirstIsDestroyedIsFine() throws {
        let client = try RawClient(strata)
        let manager = try client.bind(strata_wp_fractional_scale_manager_v1_interface(), version: 1)
        let window = try RawWindow(client, title: "again", width: 100, height: 80)
        wp_fractional_scale_v1_destroy(wp_fractional_scale_manager_v1_get_fractional_scale(manager, window.surface))
        let recorder = ScaleRecorder(wp_fractional_scale_manager_v1_get_fractional_scale(manager, window.surface)!)
        XCTAssertTrue(client.roundtrip(), String(describing: client.protocolError))
        XCTAssertEqual(recorder.scales, [240])
    }

    func testDestroyingTheSurfaceFirstLeavesTheObjectInert() throws {
        let client = try RawClient(strata)
        let manager = try client.bind(strata_wp_fractional_scale_manager_v1_interface(), version: 1)
        let compositor = try client.bind(strata_wl_compositor_interface(), version: 5)
        let surface = try XCTUnwrap(wl_compositor_create_surface(compositor))
        let object = try XCTUnwrap(wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface))
        let recorder = ScaleRecorder(object)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(recorder.scales, [], "a surface on no output has no scale yet")
        wl_surface_destroy(surface)
        XCTAssertTrue(client.roundtrip(), String(describing: client.protocolError))
        wp_fractional_scale_v1_destroy(object)
        XCTAssertTrue(client.roundtrip(), String(describing: client.protocolError))
        XCTAssertEqual(try strata.control("frame").status, 0, strata.serverLog)
    }
}

/// `strata run --preferred-scale`: every surface is asked for that scale, whatever its outputs'.
final class PreferredScaleOptionTests: CompositorTestCase {
    override func makeStrata() throws -> StrataProcess {
        try StrataProcess(width: 640, height: 400, scale: 2, manualFrames: true, extraArguments: ["--preferred-scale", "1.5"])
    }

    func testTheConfiguredScaleIsSent() throws {
        let client = try RawClient(strata)
        let manager = try client.bind(strata_wp_fractional_scale_manager_v1_interface(), version: 1)
        let window = try RawWindow(client, title: "one and a half", width: 100, height: 80)
        let recorder = FractionalScaleProtocolTests.ScaleRecorder(
            wp_fractional_scale_manager_v1_get_fractional_scale(manager, window.surface)!)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(recorder.scales, [180])
    }
}
