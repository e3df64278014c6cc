import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// zwlr_virtual_pointer_manager_v1 on the real socket: one client drives
/// the pointer, another's window hears it through its wl_pointer.
final class VirtualPointerProtocolTests: CompositorTestCase {
    var app: RawClient!
    var window: RawWindow!
    // Called as `recorder!.take()`: on an optional, `take()` would be Optional.take(), which empties it.
    var recorder: SeatRecorder!
    var driver: RawClient!
    var manager: OpaquePointer!
    /// The window's place on the output.
    var origin = (x: 0, y: 0)

    override func setUpWithError() throws {
        try super.setUpWithError()
        app = try RawClient(strata)
        recorder = try SeatRecorder(app)
        window = try RawWindow(app, title: "target", width: 120, height: 100)
        let place = try XCTUnwrap(try strata.windows().first { $0["title"] as? String == "target" }?["origin"] as? [String: Any])
        origin = ((place["x"] as? NSNumber)?.intValue ?? 0, (place["y"] as? NSNumber)?.intValue ?? 0)
        driver = try RawClient(strata)
        manager = try driver.bind(strata_zwlr_virtual_pointer_manager_v1_interface(), version: 2)
        recorder!.take()
    }

    override func tearDown() {
        driver = nil
        window = nil
        recorder = nil
        app = nil
        super.tearDown()
    }

    func testAbsoluteMotionAndButtonsReachTheWindowAtFrame() throws {
        let pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, nil)!
        // Extents of the output's size: points.
        zwlr_virtual_pointer_v1_motion_absolute(pointer, 0, UInt32(origin.x + 10), UInt32(origin.y + 12), 320, 240)
        XCTAssertTrue(driver.roundtrip())
        XCTAssertEqual(recorder!.take(), [], "nothing before frame")
        zwlr_virtual_pointer_v1_frame(pointer)
        XCTAssertTrue(driver.roundtrip())
        XCTAssertEqual(recorder!.take(), ["pointer.enter \(window.surfaceID) 10 12", "pointer.motion 10 12"],
                       "as the seat tells a real pointer's arrival")

        zwlr_virtual_pointer_v1_button(pointer, 0, 0x110, WL_POINTER_BUTTON_STATE_PRESSED.rawValue)
        zwlr_virtual_pointer_v1_frame(pointer)
        zwlr_virtual_pointer_v1_button(pointer, 0, 0x110, WL_POINTER_BUTTON_STATE_RELEASED.rawValue)
        zwlr_virtual_pointer_v1_frame(pointer)
        XCTAssertTrue(driver.roundtrip())
        XCTAssertEqual(recorder.taken("pointer."), ["pointer.button 272 pressed", "pointer.button 272 released"])

        // Half the extent is the middle of the layout: the seat's pointer is there.
        zwlr_virtual_pointer_v1_motion_absolute(pointer, 0, 1, 1, 2, 2)
        zwlr_virtual_pointer_v1_frame(pointer)
        XCTAssertTrue(driver.roundtrip())
        let seat = try XCTUnwrap(try strata.tree()["seat"] as? [String: Any])
        let position = try XCTUnwrap(seat["pointer"] as? [String: Any])
        XCTAssertEqual((position["x"] as? NSNumber)?.doubleValue, 160)
        XCTAssertEqual((position["y"] as? NSNumber)?.doubleValue, 120)
    }

    func testRelativeMotionAddsUpUntilFrame() throws {
        let pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, nil)!
        zwlr_virtual_pointer_v1_motion_absolute(pointer, 0, UInt32(origin.x + 20), UInt32(origin.y + 20), 320, 240)
        zwlr_virtual_pointer_v1_frame(pointer)
        XCTAssertTrue(driver.roundtrip())
        recorder!.take()
        zwlr_virtual_pointer_v1_motion(pointer, 0, wl_fixed_from_int(5), wl_fixed_from_int(-3))
        zwlr_virtual_pointer_v1_motion(pointer, 0, wl_fixed_from_double(1.5), wl_fixed_from_int(0))
        zwlr_virtual_pointer_v1_frame(pointer)
        XCTAssertTrue(driver.roundtrip())
        XCTAssertEqual(recorder!.take(), ["pointer.motion 26.5 17"])
    }

    func testAxisWithItsSource() throws {
        let pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, nil)!
        zwlr_virtual_pointer_v1_motion_absolute(pointer, 0, UInt32(origin.x + 20), UInt32(origin.y + 20), 320, 240)
        zwlr_virtual_pointer_v1_frame(pointer)
        XCTAssertTrue(driver.roundtrip())
        recorder!.take()
        zwlr_virtual_pointer_v1_axis(pointer, 0, WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue, wl_fixed_from_double(7.5))
        zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_FINGER.rawValue)
        zwlr_virtual_pointer_v1_frame(pointer)
        zwlr_virtual_pointer_v1_axis_discrete(pointer, 0, WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue, wl_fixed_from_int(10), 1)
        zwlr_virtual_pointer_v1_frame(pointer)
        XCTAssertTrue(driver.roundtrip())
        XCTAssertEqual(recorder!.take(), ["pointer.axis_source 1", "pointer.axis 0 7.5",
                                          "pointer.axis_source 0", "pointer.axis_discrete 1 1", "pointer.axis 1 10"])
        zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_FINGER.rawValue)
        zwlr_virtual_pointer_v1_axis_stop(pointer, 0, WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue)
        zwlr_virtual_pointer_v1_frame(pointer)
        XCTAssertTrue(driver.roundtrip())
        XCTAssertEqual(recorder!.take(), ["pointer.axis_source 1", "pointer.axis_stop 0"], "only the axis that stopped")
        // A scroll on one axis and a stop on the other in one frame: both are told.
        zwlr_virtual_pointer_v1_axis(pointer, 0, WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue, wl_fixed_from_double(2))
        zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_FINGER.rawValue)
        zwlr_virtual_pointer_v1_axis_stop(pointer, 0, WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue)
        zwlr_virtual_pointer_v1_frame(pointer)
        XCTAssertTrue(driver.roundtrip())
        XCTAssertEqual(recorder!.take(), ["pointer.axis_source 1", "pointer.axis 0 2", "pointer.axis_source 1", "pointer.axis_stop 1"])
    }

    /// A press of a button the real mouse already holds is not the virtual
    /// pointer's: its release, or its going, lifts nothing.
    func testAButtonTheRealMouseHoldsIsNotReleasedByAVirtualPointer() throws {
        try strata.input("move", "\(origin.x + 10)", "\(origin.y + 10)")
        try strata.input("press", "left")
        XCTAssertEqual(recorder.taken("pointer.button"), ["pointer.button 272 pressed"])
        let pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, nil)!
        zwlr_virtual_pointer_v1_button(pointer, 0, 0x110, WL_POINTER_BUTTON_STATE_PRESSED.rawValue)
        zwlr_virtual_pointer_v1_frame(pointer)
        zwlr_virtual_pointer_v1_button(pointer, 0, 0x110, WL_POINTER_BUTTON_STATE_RELEASED.rawValue)
        zwlr_virtual_pointer_v1_frame(pointer)
        zwlr_virtual_pointer_v1_destroy(pointer)
        XCTAssertTrue(driver.roundtrip())
        XCTAssertEqual(recorder.taken("pointer.button"), [], "the real mouse's button is still down")
        try strata.input("release", "left")
        XCTAssertEqual(recorder.taken("pointer.button"), ["pointer.button 272 released"])
    }

    /// A wheel's turn reaches a wl_seat version 8 client as axis_value120
    /// (120ths of a notch) and an older one as whole notches (axis_discrete).
    func testWheelNotchesAreValue120FromSeatVersion8() throws {
        let modern = try RawClient(strata)
        let recorder8 = try SeatRecorder(modern, version: 8)
        let window8 = try RawWindow(modern, title: "modern", width: 80, height: 60)
        let place = try XCTUnwrap(try strata.windows().first { $0["title"] as? String == "modern" }?["origin"] as? [String: Any])
        let (x, y) = ((place["x"] as? NSNumber)?.intValue ?? 0, (place["y"] as? NSNumber)?.intValue ?? 0)
        let pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, nil)!
        zwlr_virtual_pointer_v1_motion_absolute(pointer, 0, UInt32(x + 10), UInt32(y + 10), 320, 240)
        zwlr_virtual_pointer_v1_frame(pointer)
        XCTAssertTrue(driver.roundtrip())
        recorder8.take()
        zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_WHEEL.rawValue)
        zwlr_virtual_pointer_v1_axis_discrete(pointer, 0, WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue, wl_fixed_from_int(30), 2)
        zwlr_virtual_pointer_v1_frame(pointer)
        XCTAssertTrue(driver.roundtrip())
        XCTAssertEqual(recorder8.take(), ["pointer.axis_source 0", "pointer.axis_value120 0 240", "pointer.axis 0 30"])
        withExtendedLifetime(window8) {}
    }

    /// A driver that goes with a button down releases it, as an unplugged
    /// mouse would: the window hears the release, and the real pointer's
    /// focus moves on again.
    func testButtonsHeldWhenTheVirtualPointerGoesAreReleased() throws {
        let pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, nil)!
        zwlr_virtual_pointer_v1_motion_absolute(pointer, 0, UInt32(origin.x + 10), UInt32(origin.y + 12), 320, 240)
        zwlr_virtual_pointer_v1_button(pointer, 0, 0x117, WL_POINTER_BUTTON_STATE_PRESSED.rawValue)
        zwlr_virtual_pointer_v1_frame(pointer)
        XCTAssertTrue(driver.roundtrip())
        XCTAssertEqual(recorder.taken("pointer.button"), ["pointer.button 279 pressed"])
        // A release of a button it never pressed lifts nothing.
        zwlr_virtual_pointer_v1_button(pointer, 0, 0x110, WL_POINTER_BUTTON_STATE_RELEASED.rawValue)
        zwlr_virtual_pointer_v1_frame(pointer)
        XCTAssertTrue(driver.roundtrip())
        XCTAssertEqual(recorder.taken("pointer.button"), [])

        zwlr_virtual_pointer_v1_destroy(pointer)
        XCTAssertTrue(driver.roundtrip())
        XCTAssertEqual(recorder.taken("pointer.button"), ["pointer.button 279 released"])
        // No button is down: moving off the window leaves it.
        try strata.input("move", "\(origin.x + 200)", "\(origin.y + 200)")
        XCTAssertEqual(recorder.taken("pointer.leave"), ["pointer.leave \(window.surfaceID)"])
    }

    func testAbsoluteMotionSpansTheGivenOutput() throws {
        let output = try driver.bind(strata_wl_output_interface(), version: 4)
        let pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer_with_output(manager, nil, output)!
        zwlr_virtual_pointer_v1_motion_absolute(pointer, 0, UInt32(origin.x + 30) * 10, UInt32(origin.y + 40) * 10, 3200, 2400)
        zwlr_virtual_pointer_v1_frame(pointer)
        XCTAssertTrue(driver.roundtrip())
        XCTAssertEqual(recorder!.take(), ["pointer.enter \(window.surfaceID) 30 40", "pointer.motion 30 40"])
    }

    func testInvalidAxisEndsOnlyThatClient() throws {
        let pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, nil)!
        zwlr_virtual_pointer_v1_axis(pointer, 0, 2, wl_fixed_from_int(1))
        try assertProtocolError(driver, interface: "zwlr_virtual_pointer_v1",
                                code: ZWLR_VIRTUAL_POINTER_V1_ERROR_INVALID_AXIS.rawValue)
        XCTAssertTrue(app.roundtrip(), "the window's client goes on")
        try strata.input("move", "\(origin.x + 5)", "\(origin.y + 5)")
        XCTAssertEqual(recorder!.take(), ["pointer.enter \(window.surfaceID) 5 5", "pointer.motion 5 5"],
                       "and the real pointer still reaches it")
    }

    func testInvalidAxisStopIsInvalidAxis() throws {
        let pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, nil)!
        zwlr_virtual_pointer_v1_axis_stop(pointer, 0, 7)
        try assertProtocolError(driver, interface: "zwlr_virtual_pointer_v1",
                                code: ZWLR_VIRTUAL_POINTER_V1_ERROR_INVALID_AXIS.rawValue)
    }

    func testInvalidAxisSourceEndsOnlyThatClient() throws {
        let pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, nil)!
        zwlr_virtual_pointer_v1_axis_source(pointer, 9)
        try assertProtocolError(driver, interface: "zwlr_virtual_pointer_v1",
                                code: ZWLR_VIRTUAL_POINTER_V1_ERROR_INVALID_AXIS_SOURCE.rawValue)
        XCTAssertTrue(app.roundtrip())
    }
}
