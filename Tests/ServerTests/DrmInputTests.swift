import StrataProtocol
import XCTest
@testable import StrataServer

/// Device events placed on the output, Ctrl+Alt+F`n`, input hotplug and touchpad options.
final class DrmInputTests: XCTestCase {
    func testMotionIsRelativeToThePointerAndFractionsArePoints() {
        var translator = DeviceEventTranslator(outputWidth: 640, outputHeight: 400)
        XCTAssertEqual(translator.translate(.pointerMotion(dx: 5, dy: -2), pointer: Point(x: 100, y: 50)),
                       .seat(.pointerMotion(Point(x: 105, y: 48))))
        XCTAssertEqual(translator.translate(.pointerMotionAbsolute(x: 0.5, y: 0.25), pointer: .zero),
                       .seat(.pointerMotion(Point(x: 320, y: 100))))
        XCTAssertEqual(translator.translate(.touchDown(slot: 3, x: 1.5, y: -1), pointer: .zero),
                       .seat(.touchDown(id: 3, Point(x: 640, y: 0))), "clamped to the output")
        XCTAssertEqual(translator.translate(.scroll(vertical: 15, horizontal: 0, source: .wheel, verticalValue120: 120), pointer: .zero),
                       .seat(.pointerAxis(vertical: 15, horizontal: 0, source: .wheel, verticalValue120: 120)))
        XCTAssertNil(translator.translate(.deviceAdded(name: "mouse"), pointer: .zero))
    }

    func testTouchpadGesturesReachTheSeatAsTheyCame() {
        var translator = DeviceEventTranslator(outputWidth: 640, outputHeight: 400)
        let steps: [PointerGesture] = [.swipeBegin(fingers: 3), .swipeUpdate(dx: 4, dy: -1), .swipeEnd(cancelled: false),
                                       .pinchBegin(fingers: 2), .pinchUpdate(dx: 0, dy: 1, scale: 1.25, rotation: -3),
                                       .pinchEnd(cancelled: true), .holdBegin(fingers: 1), .holdEnd(cancelled: false)]
        for step in steps {
            XCTAssertEqual(translator.translate(.gesture(step), pointer: .zero), .seat(.pointerGesture(step)))
        }
    }

    func testControlAltFunctionKeySwitchesTerminalsAndTheSeatNeverSeesIt() {
        var translator = DeviceEventTranslator(outputWidth: 640, outputHeight: 400)
        XCTAssertEqual(translator.translate(.key(59, pressed: true), pointer: .zero), .seat(.key(59, .pressed)), "F1 alone is a key")
        XCTAssertEqual(translator.translate(.key(59, pressed: false), pointer: .zero), .seat(.key(59, .released)))
        _ = translator.translate(.key(DeviceEventTranslator.leftControl, pressed: true), pointer: .zero)
        _ = translator.translate(.key(DeviceEventTranslator.rightAlt, pressed: true), pointer: .zero)
        XCTAssertEqual(translator.translate(.key(60, pressed: true), pointer: .zero), .switchSession(2))
        XCTAssertNil(translator.translate(.key(60, pressed: false), pointer: .zero), "its release is swallowed too")
        XCTAssertEqual(translator.translate(.key(88, pressed: true), pointer: .zero), .switchSession(12))
        XCTAssertEqual(translator.translate(.key(DeviceEventTranslator.backspace, pressed: true), pointer: .zero), .endSession)
        XCTAssertNil(translator.translate(.key(DeviceEventTranslator.backspace, pressed: false), pointer: .zero))
        XCTAssertEqual(translator.translate(.key(30, pressed: true), pointer: .zero), .seat(.key(30, .pressed)))
        _ = translator.translate(.key(DeviceEventTranslator.rightAlt, pressed: false), pointer: .zero)
        XCTAssertEqual(translator.translate(.key(61, pressed: true), pointer: .zero), .seat(.key(61, .pressed)), "Ctrl+F3 without Alt")
    }

    /// Locked, Ctrl+Alt+Backspace ends nothing (it would hand the VT Strata
    /// started from, a logged-in shell, to whoever is at the keyboard), and
    /// the lock client does not see it either; Ctrl+Alt+F2 still switches.
    func testControlAltBackspaceDoesNotEndALockedSession() {
        var translator = DeviceEventTranslator(outputWidth: 640, outputHeight: 400)
        translator.sessionIsLocked = true
        _ = translator.translate(.key(DeviceEventTranslator.leftControl, pressed: true), pointer: .zero)
        _ = translator.translate(.key(DeviceEventTranslator.leftAlt, pressed: true), pointer: .zero)
        XCTAssertNil(translator.translate(.key(DeviceEventTranslator.backspace, pressed: true), pointer: .zero))
        XCTAssertNil(translator.translate(.key(DeviceEventTranslator.backspace, pressed: false), pointer: .zero))
        XCTAssertEqual(translator.translate(.key(60, pressed: true), pointer: .zero), .switchSession(2))
        translator.sessionIsLocked = false
        XCTAssertEqual(translator.translate(.key(DeviceEventTranslator.backspace, pressed: true), pointer: .zero), .endSession)
    }

    func testBackendFeedsTheSeatAndSwitchesSessions() throws {
        let harness = try DrmBackendHarness()
        defer { harness.shutdown() }
        harness.input.queued = [.deviceAdded(name: "Logitech USB Receiver"), .deviceAdded(name: "AT Translated Set 2 keyboard"),
                                .pointerMotion(dx: 10, dy: 7), .pointerMotion(dx: 500, dy: 3)]
        harness.backend.inputReadable()
        XCTAssertEqual(harness.server.seat.pointerPosition, Point(x: 63, y: 10), "moved, then stopped at the output's edge")
        XCTAssertEqual(harness.backend.inputDeviceNames, ["Logitech USB Receiver", "AT Translated Set 2 keyboard"])

        harness.input.queued = [.deviceRemoved(name: "Logitech USB Receiver"),
                                .key(DeviceEventTranslator.leftControl, pressed: true), .key(DeviceEventTranslator.leftAlt, pressed: true),
                                .key(61, pressed: true)]
        harness.backend.inputReadable()
        XCTAssertEqual(harness.backend.inputDeviceNames, ["AT Translated Set 2 keyboard"])
        XCTAssertEqual(harness.session.calls.last, "switch to 3")
    }

    private final class FakeConfigurableDevice: ConfigurableInputDevice {
        let name: String
        let tapFingerCount: Int
        let hasNaturalScrolling: Bool
        var tap: Bool?
        var natural: Bool?
        init(name: String, tapFingerCount: Int, hasNaturalScrolling: Bool) {
            (self.name, self.tapFingerCount, self.hasNaturalScrolling) = (name, tapFingerCount, hasNaturalScrolling)
        }
        func setTapToClick(_ enabled: Bool) -> Bool { tap = enabled; return true }
        func setNaturalScrolling(_ enabled: Bool) -> Bool { natural = enabled; return true }
    }

    func testTouchpadOptionsAreSetWhereTheDeviceHasThem() {
        let options = InputDeviceOptions(tapToClick: true, naturalScrolling: true)
        let touchpad = FakeConfigurableDevice(name: "SynPS/2 Synaptics TouchPad", tapFingerCount: 3, hasNaturalScrolling: true)
        XCTAssertEqual(options.apply(to: touchpad), ["tap-to-click", "natural scrolling"])
        XCTAssertEqual(touchpad.tap, true)
        XCTAssertEqual(touchpad.natural, true)

        let mouse = FakeConfigurableDevice(name: "USB Mouse", tapFingerCount: 0, hasNaturalScrolling: true)
        XCTAssertEqual(options.apply(to: mouse), ["natural scrolling"])
        XCTAssertNil(mouse.tap, "a mouse has no tapping to set")

        let keyboard = FakeConfigurableDevice(name: "keyboard", tapFingerCount: 0, hasNaturalScrolling: false)
        XCTAssertEqual(options.apply(to: keyboard), [])
        XCTAssertNil(keyboard.natural)

        let plain = FakeConfigurableDevice(name: "SynPS/2 Synaptics TouchPad", tapFingerCount: 3, hasNaturalScrolling: true)
        XCTAssertEqual(InputDeviceOptions().apply(to: plain), [])
        XCTAssertEqual(plain.tap, false, "off is set explicitly, whatever the device's default")
        XCTAssertEqual(plain.natural, false)
    }
}
