import XCTest
@testable import StrataKit

/// UIPickerView. Apple: "A picker view displays one or more wheels that the
/// user manipulates to select items. Each wheel — known as a component —
/// has a series of indexed rows." The delegate's
/// `pickerView(_:didSelectRow:inComponent:)` is "Called by the picker view
/// when the user selects a row in a component", and `selectRow(_:inComponent:animated:)`
/// "Selects a row in a specified component of the picker view" (code, so
/// no delegate call). `reloadComponent(_:)`: "Calling this method causes
/// the picker view to query the delegate for new data for the given component."
final class PickerViewTests: InputTestCase {
    final class Source: UIPickerViewDataSource, UIPickerViewDelegate {
        var rows = [50]
        var prefix = "Row"
        var selections: [String] = []

        func numberOfComponents(in pickerView: UIPickerView) -> Int { rows.count }
        func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int { rows[component] }
        func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
            "\(prefix) \(row)"
        }
        func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
            selections.append("\(row) in \(component)")
        }
    }

    private var picker: UIPickerView!
    private var source: Source!

    override func setUp() {
        super.setUp()
        source = Source()
        picker = UIPickerView(frame: CGRect(x: 0, y: 0, width: 300, height: 216))
        picker.dataSource = source
        picker.delegate = source
        window.addSubview(picker)
        window.layoutIfNeeded()
    }

    override func tearDown() {
        picker = nil
        source = nil
        super.tearDown()
    }

    private var wheel: PickerWheel { picker.wheels[0] }

    /// Advances the clock until the wheel rests.
    private func settle() {
        var elapsed: TimeInterval = 0
        while (wheel.isDecelerating || wheel.isDragging) && elapsed < 10 {
            advance(0.05)
            elapsed += 0.05
        }
        window.layoutIfNeeded()
    }

    /// Where row `row` is drawn while `selected` rests in the band: on the
    /// drum, R sin(d / R) from the middle (R is half the height).
    private func screenY(ofRow row: Int, selected: Int) -> CGFloat {
        let radius: CGFloat = 108
        return 108 + radius * sin(CGFloat(row - selected) * 32 / radius)
    }

    private func titleOf(_ view: UIView?) -> String? { (view as? UILabel)?.text }

    func testDefaultSizeAndEmptyPicker() {
        let empty = UIPickerView()
        XCTAssertEqual(empty.frame.size.height, 216, "UIKit's picker is 216 points high")
        XCTAssertEqual(empty.intrinsicContentSize.height, 216)
        XCTAssertEqual(empty.numberOfComponents, 0)
        XCTAssertEqual(empty.selectedRow(inComponent: 0), -1, "no component: -1")
    }

    func testRowsComeFromTheDataSourceAndDelegate() {
        XCTAssertEqual(picker.numberOfComponents, 1)
        XCTAssertEqual(picker.numberOfRows(inComponent: 0), 50)
        XCTAssertEqual(picker.selectedRow(inComponent: 0), 0)
        XCTAssertEqual(picker.rowSize(forComponent: 0).height, 32)
        XCTAssertEqual(titleOf(picker.view(forRow: 0, forComponent: 0)), "Row 0")
        XCTAssertEqual(titleOf(picker.view(forRow: 2, forComponent: 0)), "Row 2")
        XCTAssertNil(picker.view(forRow: 30, forComponent: 0), "rows out of sight have no view")
        // The selected row is in the band; rows further away are fainter.
        let selectedCell = picker.view(forRow: 0, forComponent: 0)!.superview!
        let farCell = picker.view(forRow: 3, forComponent: 0)!.superview!
        XCTAssertEqual(picker.convert(selectedCell.center, from: wheel).y, 108, accuracy: 0.01)
        XCTAssertEqual(picker.convert(selectedCell.center, from: wheel).y, picker.selectionBand.frame.midY, accuracy: 0.01)
        XCTAssertEqual(selectedCell.alpha, 1, accuracy: 0.01)
        XCTAssertLessThan(farCell.alpha, 0.5)
    }

    /// A drag of three rows' height, resting before the finger lifts: the
    /// wheel comes to rest on row 3, and only then is the delegate told, once.
    func testDragSelectsTheRowThatRestsInTheBand() {
        drag(from: CGPoint(x: 150, y: 180), to: CGPoint(x: 150, y: 84), lift: false)
        advance(0.2)
        touchMove(to: CGPoint(x: 150, y: 84))
        touchUp()
        XCTAssertEqual(source.selections, [], "not before the wheel rests")
        settle()
        XCTAssertEqual(source.selections, ["3 in 0"])
        XCTAssertEqual(picker.selectedRow(inComponent: 0), 3)
        XCTAssertEqual(wheel.contentOffset.y, wheel.offset(forRow: 3).y, "exactly on the row")
        advance(1)
        XCTAssertEqual(source.selections, ["3 in 0"], "told once")
    }

    /// A flick spins further, and still stops exactly on a row.
    func testFlickStopsOnARow() {
        drag(from: CGPoint(x: 150, y: 200), to: CGPoint(x: 150, y: 100), steps: 5)
        settle()
        XCTAssertEqual(source.selections.count, 1)
        let row = picker.selectedRow(inComponent: 0)
        XCTAssertGreaterThan(row, 4, "momentum carries it past where the finger lifted")
        XCTAssertEqual(source.selections, ["\(row) in 0"])
        XCTAssertEqual(wheel.contentOffset.y, wheel.offset(forRow: row).y)
    }

    /// A tap on a row below the band spins that row into it.
    func testTapSelectsTheTappedRow() {
        tap(at: CGPoint(x: 150, y: screenY(ofRow: 2, selected: 0)))
        XCTAssertEqual(source.selections, [])
        settle()
        XCTAssertEqual(source.selections, ["2 in 0"])
        XCTAssertEqual(picker.selectedRow(inComponent: 0), 2)
        tap(at: CGPoint(x: 150, y: screenY(ofRow: 1, selected: 2)))
        settle()
        XCTAssertEqual(source.selections, ["2 in 0", "1 in 0"], "a row above goes down into the band")
    }

    /// A finger that catches the spinning wheel and is held there, then
    /// lifts: the wheel still ends on a row, and the delegate hears it once.
    func testWheelCaughtAndHeldEndsOnARow() {
        drag(from: CGPoint(x: 150, y: 200), to: CGPoint(x: 150, y: 100), steps: 5)
        advance(0.1)
        XCTAssertTrue(wheel.isDecelerating)
        touchDown(at: CGPoint(x: 150, y: 150))
        XCTAssertFalse(wheel.isDecelerating, "caught")
        advance(2)
        touchUp()
        settle()
        XCTAssertEqual(source.selections.count, 1)
        let row = picker.selectedRow(inComponent: 0)
        XCTAssertEqual(source.selections, ["\(row) in 0"])
        XCTAssertEqual(wheel.contentOffset.y, wheel.offset(forRow: row).y, accuracy: 0.001)
    }

    /// The mouse wheel spins it too, ending on the nearest row.
    func testScrollWheelSelectsARow() {
        pointerMove(to: CGPoint(x: 150, y: 108))
        window.receive(.scroll(delta: CGVector(dx: 0, dy: 40), isContinuous: false, timestamp: clock.now))
        advance(0.2)
        settle()
        XCTAssertEqual(picker.selectedRow(inComponent: 0), 1)
        XCTAssertEqual(source.selections, ["1 in 0"])
    }

    func testSelectRowInCodeDoesNotTellTheDelegate() {
        picker.selectRow(7, inComponent: 0, animated: false)
        XCTAssertEqual(picker.selectedRow(inComponent: 0), 7)
        XCTAssertEqual(wheel.contentOffset.y, wheel.offset(forRow: 7).y)
        picker.selectRow(12, inComponent: 0, animated: true)
        XCTAssertEqual(picker.selectedRow(inComponent: 0), 12, "the selection changes at once")
        settle()
        XCTAssertEqual(wheel.contentOffset.y, wheel.offset(forRow: 12).y)
        XCTAssertEqual(titleOf(picker.view(forRow: 12, forComponent: 0)), "Row 12")
        XCTAssertEqual(source.selections, [])
        picker.selectRow(500, inComponent: 0, animated: false)
        XCTAssertEqual(picker.selectedRow(inComponent: 0), 49, "pinned to the rows")
    }

    /// The data is read once and kept until a reload; reloadComponent(_:)
    /// reads that component's rows again and keeps the selection in range.
    func testReloadComponent() {
        picker.selectRow(10, inComponent: 0, animated: false)
        source.rows = [5]
        source.prefix = "Item"
        XCTAssertEqual(picker.numberOfRows(inComponent: 0), 50, "not asked again before a reload")
        picker.reloadComponent(0)
        XCTAssertEqual(picker.numberOfRows(inComponent: 0), 5)
        XCTAssertEqual(picker.selectedRow(inComponent: 0), 4, "the selection stays within the rows")
        window.layoutIfNeeded()
        XCTAssertEqual(titleOf(picker.view(forRow: 4, forComponent: 0)), "Item 4")
        XCTAssertEqual(wheel.contentOffset.y, wheel.offset(forRow: 4).y)
    }

    /// Components side by side, each spinning on its own; reloadAllComponents
    /// picks up a new component count.
    func testComponentsAreIndependent() {
        source.rows = [10, 20]
        picker.reloadAllComponents()
        window.layoutIfNeeded()
        XCTAssertEqual(picker.numberOfComponents, 2)
        let second = picker.wheels[1]
        XCTAssertGreaterThan(second.frame.minX, picker.wheels[0].frame.maxX)
        XCTAssertEqual(picker.rowSize(forComponent: 0).width, picker.rowSize(forComponent: 1).width, accuracy: 0.01)
        let x = second.frame.midX
        tap(at: CGPoint(x: x, y: screenY(ofRow: 1, selected: 0)))
        var elapsed: TimeInterval = 0
        while second.isDecelerating && elapsed < 5 { advance(0.05); elapsed += 0.05 }
        XCTAssertEqual(source.selections, ["1 in 1"])
        XCTAssertEqual(picker.selectedRow(inComponent: 0), 0)
        XCTAssertEqual(picker.selectedRow(inComponent: 1), 1)
    }
}
