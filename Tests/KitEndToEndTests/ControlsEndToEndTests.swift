import CPixman
import Foundation
import StrataRender
import TestSupport
import XCTest
@testable import StrataKit

/// A button, a switch and a slider in a window on a real compositor,
/// driven by `strata input` as a person with a mouse would: the actions
/// run in the app, and the screen shows each control's new state.
final class ControlsEndToEndTests: KitTestCase {
    final class Controller {
        var saves = 0
        var switchValues: [Bool] = []
        var sliderValues: [Float] = []
        func save() { saves += 1 }
        func switchChanged(_ sender: UISwitch) { switchValues.append(sender.isOn) }
        func sliderChanged(_ sender: UISlider) { sliderValues.append(sender.value) }
    }

    private var window: UIWindow!
    private let controller = Controller()
    private var button: UIButton!
    private var toggle: UISwitch!
    private var slider: UISlider!
    private var origin = (x: 0, y: 0)

    override func setUpWithError() throws {
        try startCompositor(width: 360, height: 200)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 160))
        window.title = "Controls"
        window.backgroundColor = .white

        button = UIButton(type: .system)
        button.setTitle("Save", for: .normal)
        button.sizeToFit()
        button.frame.origin = CGPoint(x: 20, y: 20)
        button.addTarget(controller, action: Controller.save, for: .touchUpInside)

        toggle = UISwitch(frame: CGRect(x: 220, y: 20, width: 0, height: 0))
        toggle.addTarget(controller, action: Controller.switchChanged, for: .valueChanged)

        slider = UISlider(frame: CGRect(x: 20, y: 100, width: 280, height: 31))
        slider.addTarget(controller, action: Controller.sliderChanged, for: .valueChanged)

        for view: UIView in [button, toggle, slider] { window.addSubview(view) }
        show(window)
        origin = try origin(of: serverWindow(titled: "Controls"))
    }

    override func tearDown() {
        window = nil
        button = nil
        toggle = nil
        slider = nil
        super.tearDown()
    }

    /// Output coordinates of a window point, as text for `strata input`.
    private func output(_ point: CGPoint) -> [String] {
        ["\(CGFloat(origin.x) + point.x)", "\(CGFloat(origin.y) + point.y)"]
    }

    private func screenshot(_ name: String) throws -> DecodedPNG {
        try strata.screenshot(to: strata.runtimeDirectory + "/\(name).png")
    }

    /// The pixel at a window point.
    private func pixel(_ shot: DecodedPNG, _ x: Int, _ y: Int) -> DecodedPNG.Pixel {
        shot[origin.x + x, origin.y + y]
    }

    /// Pixels of the system blue's title in `rect` (window points): blue, not pale.
    private func tintPixels(_ shot: DecodedPNG, in rect: CGRect) -> Int {
        var count = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                let p = pixel(shot, x, y)
                if p.blue > 200, p.red < 120 { count += 1 }
            }
        }
        return count
    }

    /// Compares the screenshot with References/NAME.png: text antialiasing
    /// may differ by a few levels, shapes not at all.
    private func assertMatchesReference(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = strata.runtimeDirectory + "/\(name).png"
        _ = try strata.screenshot(to: path)
        let image = try PNGFile.read(path: path)
        defer { pixman_image_unref(image) }
        ImageComparison.assertMatches(image, reference: name, in: .module, referencesDirectory: references,
                                      tolerance: 4, maxDifferingPixels: 0, file: file, line: line)
    }

    /// Lets the compositor finish the controls' animations (a quarter or a
    /// third of a second) and present them.
    private func settle() {
        runMainLoop(for: 0.6)
        waitUntilPresented()
    }

    /// The three controls as first shown: the button's title in the system
    /// blue, the switch off (its thumb at the left), the slider at 0.
    func testControlsAsShown() throws {
        let shot = try screenshot("shown")
        XCTAssertGreaterThan(tintPixels(shot, in: button.frame), 20, "the title in the tint")
        XCTAssertEqual(pixel(shot, 220 + 10, 20 + 15), .init(red: 255, green: 255, blue: 255), "the switch's thumb, left")
        let rightOfThumb = pixel(shot, 150, 115)
        XCTAssertTrue(rightOfThumb.red > 200 && rightOfThumb.blue > 200, "the maximum track, pale: \(rightOfThumb)")
        try assertMatchesReference("kit-controls")
    }

    /// A press highlights the button (its title dims on screen), the
    /// release inside runs the action and the title comes back.
    func testClickingTheButtonDimsItsTitleAndRunsTheAction() throws {
        let center = CGPoint(x: button.frame.midX, y: button.frame.midY)
        try strata.input(["move"] + output(center))
        try strata.input("press")
        XCTAssertTrue(runMainLoop(until: { self.button.isHighlighted }), "the press did not reach the button")
        settle()
        XCTAssertEqual(tintPixels(try screenshot("pressed"), in: button.frame), 0, "the title is dimmed")
        XCTAssertEqual(controller.saves, 0)

        try strata.input("release")
        XCTAssertTrue(runMainLoop(until: { self.controller.saves == 1 }), "touchUpInside did not run the action")
        XCTAssertFalse(button.isHighlighted)
        settle()
        XCTAssertGreaterThan(tintPixels(try screenshot("released"), in: button.frame), 20)
    }

    /// A click turns the switch on: `.valueChanged` runs the action, and
    /// once the thumb has slid the track shows green where the thumb was.
    func testClickingTheSwitchTurnsItOn() throws {
        try strata.input(["click"] + output(CGPoint(x: 245, y: 35)))
        XCTAssertTrue(runMainLoop(until: { self.controller.switchValues == [true] }),
                      "valueChanged: \(controller.switchValues)")
        XCTAssertTrue(toggle.isOn)
        settle()
        let shot = try screenshot("switch-on")
        XCTAssertEqual(pixel(shot, 220 + 10, 20 + 15), .init(red: 52, green: 199, blue: 89), "green track, left")
        XCTAssertEqual(pixel(shot, 220 + 36, 20 + 15), .init(red: 255, green: 255, blue: 255), "the thumb, right")
        try assertMatchesReference("kit-controls-switch-on")
    }

    /// Dragging the thumb 140 of its 252 points of travel sets the value to
    /// 140/252, sending `.valueChanged` along the way; the minimum track
    /// (the tint) then reaches past the middle of the slider.
    func testDraggingTheSliderThumb() throws {
        try strata.input(["drag"] + output(CGPoint(x: 34, y: 115)) + output(CGPoint(x: 174, y: 115)) + ["--steps", "7"])
        XCTAssertTrue(runMainLoop(until: { abs(self.slider.value - 140 / 252) < 0.01 && !self.slider.isTracking }),
                      "value \(slider.value)")
        XCTAssertGreaterThanOrEqual(controller.sliderValues.count, 5, "continuous: \(controller.sliderValues)")
        XCTAssertEqual(controller.sliderValues.last ?? 0, 140 / 252, accuracy: 0.01)
        settle()
        let shot = try screenshot("slider")
        XCTAssertEqual(pixel(shot, 150, 115), .init(red: 0, green: 122, blue: 255), "the minimum track")
        try assertMatchesReference("kit-controls-changed-slider")
    }

    /// A finger drags the thumb too; a slider that is not continuous sends
    /// one `.valueChanged`, at the lift.
    func testTouchscreenDragOfANonContinuousSlider() throws {
        slider.isContinuous = false
        try strata.input(["touch", "down", "1"] + output(CGPoint(x: 30, y: 118)))
        for x in stride(from: 50, through: 90, by: 20) {
            try strata.input(["touch", "move", "1"] + output(CGPoint(x: CGFloat(x), y: 118)))
        }
        XCTAssertTrue(runMainLoop(until: { abs(self.slider.value - 60 / 252) < 0.01 }), "value \(slider.value)")
        XCTAssertEqual(controller.sliderValues, [], "nothing sent while the finger is down")
        try strata.input("touch", "up", "1")
        XCTAssertTrue(runMainLoop(until: { self.controller.sliderValues.count == 1 }), "\(controller.sliderValues)")
        XCTAssertEqual(controller.sliderValues.first ?? 0, 60 / 252, accuracy: 0.01)
    }

    /// A spinning activity indicator is played by the compositor: the
    /// screen changes between two screenshots while the app sends no commit.
    func testActivityIndicatorSpinsWithoutTheApp() throws {
        let indicator = UIActivityIndicatorView(style: .large)
        indicator.color = .black
        indicator.center = CGPoint(x: 160, y: 60)
        window.addSubview(indicator)
        indicator.startAnimating()
        waitForNextCommit()
        let commitsBefore = compositor.lastCommitSerial
        func wheelPixels() throws -> [DecodedPNG.Pixel] {
            let shot = try screenshot("spinner")
            return (40..<80).flatMap { y in (140..<180).map { x in pixel(shot, x, y) } }
        }
        let first = try wheelPixels()
        XCTAssertTrue(first.contains { $0.red < 60 }, "the wheel is drawn")
        runMainLoop(for: 0.3)
        let later = try wheelPixels()
        XCTAssertNotEqual(first, later, "the wheel turned")
        XCTAssertEqual(compositor.lastCommitSerial, commitsBefore, "the app committed nothing while it turned")
    }
}
