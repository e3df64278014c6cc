import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// zwp_pointer_gestures_v1 on the real socket, driven by `strata input
/// swipe|pinch|hold` as a touchpad's libinput gestures are: the client with
/// the pointer gets begin (its surface, the fingers), the updates and end;
/// another client gets nothing, and a gesture stays with the surface it
/// began on.
final class PointerGesturesProtocolTests: CompositorTestCase {
    /// A client's swipe, pinch and hold objects and what they were told, as lines.
    final class GestureRecorder {
        let client: RawClient
        let seat: SeatRecorder
        let manager: OpaquePointer
        private(set) var events: [String] = []
        private var objects: [OpaquePointer] = []
        private let swipeListener = UnsafeMutablePointer<zwp_pointer_gesture_swipe_v1_listener>.allocate(capacity: 1)
        private let pinchListener = UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener>.allocate(capacity: 1)
        private let holdListener = UnsafeMutablePointer<zwp_pointer_gesture_hold_v1_listener>.allocate(capacity: 1)

        init(_ strata: StrataProcess, version: UInt32 = 3) throws {
            client = try RawClient(strata)
            seat = try SeatRecorder(client)
            manager = try client.bind(strata_zwp_pointer_gestures_v1_interface(), version: version)
            swipeListener.initialize(to: zwp_pointer_gesture_swipe_v1_listener(
                begin: { data, _, _, _, surface, fingers in recorder(data).record("swipe begin \(wl_proxy_get_id(surface)) \(fingers)") },
                update: { data, _, _, dx, dy in
                    recorder(data).record("swipe update \(wl_fixed_to_double(dx)) \(wl_fixed_to_double(dy))")
                },
                end: { data, _, _, _, cancelled in recorder(data).record("swipe end \(cancelled)") }))
            pinchListener.initialize(to: zwp_pointer_gesture_pinch_v1_listener(
                begin: { data, _, _, _, surface, fingers in recorder(data).record("pinch begin \(wl_proxy_get_id(surface)) \(fingers)") },
                update: { data, _, _, dx, dy, scale, rotation in
                    recorder(data).record("pinch update \(wl_fixed_to_double(dx)) \(wl_fixed_to_double(dy)) "
                                          + "\(wl_fixed_to_double(scale)) \(wl_fixed_to_double(rotation))")
                },
                end: { data, _, _, _, cancelled in recorder(data).record("pinch end \(cancelled)") }))
            holdListener.initialize(to: zwp_pointer_gesture_hold_v1_listener(
                begin: { data, _, _, _, surface, fingers in recorder(data).record("hold begin \(wl_proxy_get_id(surface)) \(fingers)") },
                end: { data, _, _, _, cancelled in recorder(data).record("hold end \(cancelled)") }))
            let me = Unmanaged.passUnretained(self).toOpaque()
            let swipe = zwp_pointer_gestures_v1_get_swipe_gesture(manager, seat.pointer)!
            zwp_pointer_gesture_swipe_v1_add_listener(swipe, swipeListener, me)
            let pinch = zwp_pointer_gestures_v1_get_pinch_gesture(manager, seat.pointer)!
            zwp_pointer_gesture_pinch_v1_add_listener(pinch, pinchListener, me)
            objects = [swipe, pinch]
            if version >= 3 {
                let hold = zwp_pointer_gestures_v1_get_hold_gesture(manager, seat.pointer)!
                zwp_pointer_gesture_hold_v1_add_listener(hold, holdListener, me)
                objects.append(hold)
            }
            client.roundtrip()
        }

        deinit {
            swipeListener.deallocate()
            pinchListener.deallocate()
            holdListener.deallocate()
        }

        func record(_ line: String) { events.append(line) }

        /// The events since the last call.
        func take() -> [String] {
            client.roundtrip()
            defer { events = [] }
            return events
        }
    }

    /// A window of the recorder's client at a known place, with the pointer over it.
    func windowUnderPointer(_ recorder: GestureRecorder, title: String) throws -> ManagedWindow {
        let window = try ManagedWindow(recorder.client, title: title, width: 100, height: 80)
        let origin = try strata.origin(of: title)
        try strata.input("move", "\(Int(origin.x) + 20)", "\(Int(origin.y) + 20)")
        recorder.client.roundtrip()
        return window
    }

    func testASwipeReachesTheClientWithThePointer() throws {
        let recorder = try GestureRecorder(strata)
        let window = try windowUnderPointer(recorder, title: "swiped")
        try strata.input("swipe", "30", "-12", "--steps", "3")
        XCTAssertEqual(recorder.take(), ["swipe begin \(window.surfaceID) 3", "swipe update 10.0 -4.0", "swipe update 10.0 -4.0",
                                         "swipe update 10.0 -4.0", "swipe end 0"])
        try strata.input("swipe", "0", "8", "--fingers", "4", "--steps", "1", "--cancel")
        XCTAssertEqual(recorder.take(), ["swipe begin \(window.surfaceID) 4", "swipe update 0.0 8.0", "swipe end 1"])
    }

    func testAPinchAndAHold() throws {
        let recorder = try GestureRecorder(strata)
        let window = try windowUnderPointer(recorder, title: "pinched")
        try strata.input("pinch", "2", "--rotation", "90", "--steps", "2")
        XCTAssertEqual(recorder.take(), ["pinch begin \(window.surfaceID) 2", "pinch update 0.0 0.0 1.5 45.0",
                                         "pinch update 0.0 0.0 2.0 45.0", "pinch end 0"])
        try strata.input("hold", "--fingers", "2", "--cancel")
        XCTAssertEqual(recorder.take(), ["hold begin \(window.surfaceID) 2", "hold end 1"])
    }

    func testAnotherClientGetsNothingAndNobodyWithoutThePointer() throws {
        let recorder = try GestureRecorder(strata)
        let other = try GestureRecorder(strata)
        _ = try windowUnderPointer(recorder, title: "focused")
        try strata.input("swipe", "10", "0", "--steps", "1")
        XCTAssertEqual(recorder.take().count, 3)
        XCTAssertEqual(other.take(), [], "not the client with the pointer")

        // Over no window: nobody hears of it.
        try strata.input("move", "630", "470")
        try strata.input("pinch", "1.5")
        XCTAssertEqual(recorder.take().filter { $0.hasPrefix("pinch") }, [])
    }

    func testVersionTwoHasNoHoldButSwipes() throws {
        let recorder = try GestureRecorder(strata, version: 2)
        let window = try windowUnderPointer(recorder, title: "v2")
        try strata.input("hold")
        try strata.input("swipe", "5", "5", "--steps", "1")
        XCTAssertEqual(recorder.take(), ["swipe begin \(window.surfaceID) 3", "swipe update 5.0 5.0", "swipe end 0"])
        zwp_pointer_gestures_v1_release(recorder.manager)
        XCTAssertTrue(recorder.client.roundtrip(), "release (version 2) leaves the gestures")
        try strata.input("swipe", "5", "5", "--steps", "1")
        XCTAssertEqual(recorder.take().count, 3)
    }
}

private func recorder(_ data: UnsafeMutableRawPointer?) -> PointerGesturesProtocolTests.GestureRecorder {
    Unmanaged<PointerGesturesProtocolTests.GestureRecorder>.fromOpaque(data!).takeUnretainedValue()
}
