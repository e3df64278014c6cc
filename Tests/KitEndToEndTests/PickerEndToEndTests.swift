import Foundation
import TestSupport
import XCTest
@testable import StrataKit

/// A picker view and an inline date picker in a window on a real
/// compositor, driven by `strata input`: a drag spins a wheel that comes
/// to rest on a row in the gray band, a click on a day chooses it.
final class PickerEndToEndTests: KitTestCase {
    final class Controller: UIPickerViewDataSource, UIPickerViewDelegate {
        var selections: [String] = []
        var dates: [Date] = []
        let fruits = ["Apple", "Banana", "Cherry", "Damson", "Elderberry", "Fig", "Grape", "Kiwi", "Lemon", "Mango"]

        func numberOfComponents(in pickerView: UIPickerView) -> Int { 2 }
        func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
            component == 0 ? 100 : fruits.count
        }
        func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
            component == 0 ? "\(row)" : fruits[row]
        }
        func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
            selections.append("\(row) in \(component)")
        }
        func dateChanged(_ sender: UIDatePicker) { dates.append(sender.date) }
    }

    private var window: UIWindow!
    private let controller = Controller()
    private var picker: UIPickerView!
    private var datePicker: UIDatePicker!
    private var origin = (x: 0, y: 0)
    private var utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    override func setUpWithError() throws {
        try startCompositor(width: 720, height: 420)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 680, height: 380))
        window.title = "Pickers"
        window.backgroundColor = .white

        picker = UIPickerView(frame: CGRect(x: 10, y: 20, width: 320, height: 216))
        picker.dataSource = controller
        picker.delegate = controller
        picker.selectRow(4, inComponent: 1, animated: false)

        datePicker = UIDatePicker(frame: CGRect(x: 350, y: 20, width: 320, height: 330))
        datePicker.locale = Locale(identifier: "en_US")
        datePicker.calendar = utc
        datePicker.timeZone = TimeZone(identifier: "UTC")
        datePicker.preferredDatePickerStyle = .inline
        datePicker.datePickerMode = .date
        datePicker.date = utc.date(from: DateComponents(year: 2026, month: 11, day: 27, hour: 9))!
        datePicker.addTarget(controller, action: Controller.dateChanged, for: .valueChanged)

        window.addSubview(picker)
        window.addSubview(datePicker)
        show(window)
        origin = try origin(of: serverWindow(titled: "Pickers"))
    }

    override func tearDown() {
        window = nil
        picker = nil
        datePicker = nil
        super.tearDown()
    }

    private func output(_ point: CGPoint) -> [String] {
        ["\(CGFloat(origin.x) + point.x)", "\(CGFloat(origin.y) + point.y)"]
    }

    /// A drag up on the numbers ends with a row resting in the band; the
    /// delegate hears it once. The band is gray across the picker, the
    /// rows above and below on white.
    func testDragSpinsAWheelToARow() throws {
        let wheel = picker.wheels[0]
        let x = picker.frame.minX + wheel.frame.midX
        try strata.input(["drag"] + output(CGPoint(x: x, y: 200)) + output(CGPoint(x: x, y: 110)) + ["--steps", "9"])
        XCTAssertTrue(runMainLoop(until: { !self.controller.selections.isEmpty && !wheel.isDecelerating }),
                      "selections: \(controller.selections)")
        let row = picker.selectedRow(inComponent: 0)
        XCTAssertGreaterThan(row, 0)
        XCTAssertEqual(controller.selections, ["\(row) in 0"])
        XCTAssertEqual(wheel.contentOffset.y, wheel.offset(forRow: row).y, accuracy: 0.01)

        try strata.input("move", "715", "415")
        runMainLoop(for: 0.3)
        waitUntilPresented()
        let shot = try strata.screenshot(to: strata.runtimeDirectory + "/kit-pickers.png")
        let band = shot[origin.x + 10 + 12, origin.y + 20 + 108]
        XCTAssertTrue(band.red < 250 && band.red == band.green, "the gray band: \(band)")
        XCTAssertEqual(shot[origin.x + 10 + 12, origin.y + 20 + 30], .init(red: 255, green: 255, blue: 255))
    }

    /// A click on the 3rd in the inline month chooses it, keeping the time.
    func testClickChoosesADay() throws {
        let calendar = try XCTUnwrap(datePicker.calendarView)
        window.layoutIfNeeded()
        let cell = calendar.dayCells[2]
        XCTAssertEqual(cell.label.text, "3")
        let point = window.convert(CGPoint(x: cell.bounds.midX, y: cell.bounds.midY), from: cell)
        try strata.input(["click"] + output(point))
        XCTAssertTrue(runMainLoop(until: { !self.controller.dates.isEmpty }))
        XCTAssertEqual(controller.dates, [utc.date(from: DateComponents(year: 2026, month: 11, day: 3, hour: 9))!])
        XCTAssertTrue(cell.isChosen)
    }
}
