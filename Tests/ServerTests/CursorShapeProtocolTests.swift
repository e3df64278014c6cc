import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// wp_cursor_shape_manager_v1: a client names its cursor's shape and Strata
/// draws it from the cursor theme, with the serial of the pointer's latest
/// enter as wl_pointer.set_cursor takes ("the serial parameter must match
/// the latest wl_pointer.enter serial number"); a shape outside the enum is
/// the invalid_shape error.
final class CursorShapeProtocolTests: CompositorTestCase {
    let windowBlue = DecodedPNG.Pixel(red: 0, green: 128, blue: 255)

    struct Scene {
        let client: RawClient
        let recorder: SeatRecorder
        let device: OpaquePointer
    }

    func scene() throws -> Scene {
        let client = try RawClient(strata)
        let recorder = try SeatRecorder(client)
        _ = try RawWindow(client, title: "A", width: 100, height: 100)
        let manager = try client.bind(strata_wp_cursor_shape_manager_v1_interface(), version: 1)
        let device = try XCTUnwrap(wp_cursor_shape_manager_v1_get_pointer(manager, recorder.pointer))
        XCTAssertTrue(client.roundtrip())
        return Scene(client: client, recorder: recorder, device: device)
    }

    func cursorShape() throws -> String? {
        ((try strata.tree()["seat"] as? [String: Any])?["pointer"] as? [String: Any])?["cursor_shape"] as? String
    }

    func testANamedShapeIsDrawnFromTheThemeWithTheLatestEnterSerial() throws {
        let scene = try scene()
        try strata.input("move", "50", "50")
        scene.recorder.take()
        let stale = scene.recorder.lastPointerEnterSerial
        try strata.input("move", "300", "200")
        try strata.input("move", "60", "70")
        scene.recorder.take()
        let latest = scene.recorder.lastPointerEnterSerial
        let arrow = try strata.shot("cursor-shape-arrow")

        wp_cursor_shape_device_v1_set_shape(scene.device, stale, WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_TEXT.rawValue)
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertNil(try cursorShape(), "a stale serial is ignored")

        wp_cursor_shape_device_v1_set_shape(scene.device, latest, WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_TEXT.rawValue)
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertEqual(try cursorShape(), "text")
        let text = try strata.shot("cursor-shape-text")
        let around = (x: 40, y: 50, width: 40, height: 40)
        XCTAssertGreaterThan(text.count(x: around.x, y: around.y, width: around.width, height: around.height) { $0 != windowBlue }, 20,
                             "the theme's text cursor is drawn at the pointer")
        func pixels(_ image: DecodedPNG) -> [DecodedPNG.Pixel] {
            var result: [DecodedPNG.Pixel] = []
            for y in 50..<90 { for x in 40..<80 { result.append(image[x, y]) } }
            return result
        }
        XCTAssertNotEqual(pixels(text), pixels(arrow), "and it is not the arrow")

        // Another client's surface under the pointer: its cursor, not this client's shape.
        try strata.input("move", "300", "200")
        XCTAssertNil(try cursorShape(), "the shape is the client's only while it has the pointer")
    }

    func testAShapeOutsideTheEnumIsAProtocolError() throws {
        let scene = try scene()
        try strata.input("move", "60", "70")
        scene.recorder.take()
        wp_cursor_shape_device_v1_set_shape(scene.device, scene.recorder.lastPointerEnterSerial, 35)
        try assertProtocolError(scene.client, interface: "wp_cursor_shape_device_v1",
                                code: WP_CURSOR_SHAPE_DEVICE_V1_ERROR_INVALID_SHAPE.rawValue)
    }
}
