import CPixman
import Foundation
import StrataRender
import TestSupport
import XCTest
@testable import StrataKit

/// A stepper and a segmented control in a window on a real compositor,
/// driven by `strata input`: clicks step the value and select a segment,
/// a held button repeats, and the screen shows the new states.
final class StepperSegmentedEndToEndTests: KitTestCase {
    final class Controller {
        var stepperValues: [Double] = []
        var segments: [Int] = []
        func stepperChanged(_ sender: UIStepper) { stepperValues.append(sender.value) }
        func segmentChanged(_ sender: UISegmentedControl) { segments.append(sender.selectedSegmentIndex) }
    }

    private var window: UIWindow!
    private let controller = Controller()
    private var stepper: UIStepper!
    private var segmented: UISegmentedControl!
    private var origin = (x: 0, y: 0)

    override func setUpWithError() throws {
        try startCompositor(width: 360, height: 200)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 140))
        window.title = "Steppers"
        window.backgroundColor = .white

        stepper = UIStepper(frame: CGRect(x: 20, y: 20, width: 0, height: 0))
        stepper.maximumValue = 2
        stepper.addTarget(controller, action: Controller.stepperChanged, for: .valueChanged)

        segmented = UISegmentedControl(items: ["One", "Two", "Three"])
        segmented.frame = CGRect(x: 20, y: 80, width: 280, height: 32)
        segmented.addTarget(controller, action: Controller.segmentChanged, for: .valueChanged)

        window.addSubview(stepper)
        window.addSubview(segmented)
        show(window)
        origin = try origin(of: serverWindow(titled: "Steppers"))
    }

    override func tearDown() {
        window = nil
        stepper = nil
        segmented = nil
        super.tearDown()
    }

    /// Output coordinates of a window point, as text for `strata input`.
    private func output(_ point: CGPoint) -> [String] {
        ["\(CGFloat(origin.x) + point.x)", "\(CGFloat(origin.y) + point.y)"]
    }

    /// Two clicks on plus take the stepper to its maximum of 2, where the
    /// plus dims; a click on "Two" selects it, moving the white thumb
    /// under it. The screen is compared with a reference: text
    /// antialiasing may differ by 4 levels a channel, shapes not at all.
    func testClicksStepAndSelect() throws {
        let plus = output(CGPoint(x: 20 + 70, y: 36))
        try strata.input(["click"] + plus)
        XCTAssertTrue(runMainLoop(until: { self.controller.stepperValues == [1] }), "\(controller.stepperValues)")
        try strata.input(["click"] + plus)
        XCTAssertTrue(runMainLoop(until: { self.controller.stepperValues == [1, 2] }), "\(controller.stepperValues)")
        try strata.input(["click"] + plus)
        runMainLoop(for: 0.2)
        XCTAssertEqual(controller.stepperValues, [1, 2], "the plus is disabled at the maximum")

        try strata.input(["click"] + output(CGPoint(x: 20 + 140, y: 96)))
        XCTAssertTrue(runMainLoop(until: { self.controller.segments == [1] }), "\(controller.segments)")
        XCTAssertEqual(segmented.selectedSegmentIndex, 1)

        try strata.input("move", "350", "190")  // the pointer out of the picture
        runMainLoop(for: 0.3)
        waitUntilPresented()
        let path = strata.runtimeDirectory + "/kit-stepper-segmented.png"
        let shot = try strata.screenshot(to: path)
        let thumb = shot[origin.x + 20 + 100, origin.y + 90]
        XCTAssertEqual(thumb, .init(red: 255, green: 255, blue: 255), "the white thumb under 'Two'")
        let image = try PNGFile.read(path: path)
        defer { pixman_image_unref(image) }
        ImageComparison.assertMatches(image, reference: "kit-stepper-segmented", in: .module, referencesDirectory: references,
                                      tolerance: 4, maxDifferingPixels: 0)
    }

    /// Holding the minus half with a finger repeats the step: one at the
    /// press, more after half a second, until the minimum stops it.
    func testHoldingATouchRepeats() throws {
        stepper.maximumValue = 10
        stepper.value = 10
        try strata.input(["touch", "down", "1"] + output(CGPoint(x: 20 + 20, y: 36)))
        XCTAssertTrue(runMainLoop(until: { self.controller.stepperValues.count >= 3 }, timeout: 5),
                      "repeats: \(controller.stepperValues)")
        try strata.input("touch", "up", "1")
        runMainLoop(for: 0.3)
        let count = controller.stepperValues.count
        runMainLoop(for: 0.6)
        XCTAssertEqual(controller.stepperValues.count, count, "the lift stops the repeating")
        XCTAssertEqual(controller.stepperValues.prefix(3), [9, 8, 7])
    }
}
