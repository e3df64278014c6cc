import XCTest
@testable import StrataKit

/// UIDatePicker, after Apple's reference: `minimumDate`/`maximumDate`
/// limit the date ("If the minimumDate value is greater than the
/// maximumDate value, the system ignores both properties"); `minuteInterval`
/// "must be evenly divided into 60; if it isn't, the default value is
/// used", and with `roundsToMinuteInterval` (true by default) "date always
/// rounds to the minuteInterval"; the picker "reports interactions to its
/// associated target object" with `.valueChanged` — the user's, not code's
/// `setDate(_:animated:)`. `countDownDuration`: "Maximum value is 86,399
/// seconds (23:59)". `.automatic` is the compact style for dates, and a
/// countdown timer has only wheels.
final class DatePickerTests: InputTestCase {
    final class Counter {
        var valueChanged = 0
        var editing: [String] = []
        func changed() { valueChanged += 1 }
        func began() { editing.append("began") }
        func ended() { editing.append("ended") }
    }

    private var picker: UIDatePicker!
    private var counter: Counter!
    private let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    override func setUp() {
        super.setUp()
        counter = Counter()
        picker = UIDatePicker(frame: CGRect(x: 0, y: 0, width: 320, height: 216))
        picker.locale = Locale(identifier: "en_US")
        picker.calendar = utc
        picker.timeZone = TimeZone(identifier: "UTC")
        picker.addTarget(counter, action: Counter.changed, for: .valueChanged)
        picker.addTarget(counter, action: Counter.began, for: .editingDidBegin)
        picker.addTarget(counter, action: Counter.ended, for: .editingDidEnd)
        window.addSubview(picker)
    }

    override func tearDown() {
        picker = nil
        counter = nil
        super.tearDown()
    }

    private func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
        utc.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }

    private func settle(_ wheel: PickerWheel) {
        var elapsed: TimeInterval = 0
        while (wheel.isDecelerating || wheel.isDragging) && elapsed < 10 {
            advance(0.05)
            elapsed += 0.05
        }
        window.layoutIfNeeded()
    }

    /// Where `row` of `wheel` is drawn while `selected` rests in the band.
    private func point(ofRow row: Int, selected: Int, in wheel: PickerWheel) -> CGPoint {
        let radius = wheel.bounds.height / 2
        let y = radius + radius * sin(CGFloat(row - selected) * wheel.rowHeight / radius)
        return window.convert(CGPoint(x: wheel.bounds.midX, y: wheel.bounds.minY + y), from: wheel)
    }

    func testStyles() {
        XCTAssertEqual(picker.preferredDatePickerStyle, .automatic)
        XCTAssertEqual(picker.datePickerStyle, .compact, "automatic: compact")
        picker.preferredDatePickerStyle = .wheels
        XCTAssertEqual(picker.datePickerStyle, .wheels)
        XCTAssertNotNil(picker.wheels)
        XCTAssertEqual(picker.intrinsicContentSize.height, 216)
        picker.preferredDatePickerStyle = .inline
        picker.datePickerMode = .date
        XCTAssertEqual(picker.datePickerStyle, .inline)
        XCTAssertNotNil(picker.calendarView)
        picker.datePickerMode = .countDownTimer
        XCTAssertEqual(picker.datePickerStyle, .wheels, "a countdown timer has only wheels")
    }

    func testDateIsClampedToTheLimits() {
        picker.date = date(2026, 1, 15, 12)
        picker.minimumDate = date(2026, 1, 10, 12)
        picker.maximumDate = date(2026, 1, 20, 12)
        picker.date = date(2026, 1, 5)
        XCTAssertEqual(picker.date, date(2026, 1, 10, 12))
        picker.setDate(date(2026, 2, 1), animated: true)
        XCTAssertEqual(picker.date, date(2026, 1, 20, 12))
        picker.minimumDate = date(2026, 1, 20, 18)
        XCTAssertEqual(picker.minimumDate, date(2026, 1, 20, 18))
        picker.maximumDate = nil
        XCTAssertEqual(picker.date, date(2026, 1, 20, 18), "a new minimum moves the date up")
        // A minimum after the maximum: both are ignored.
        picker.maximumDate = date(2026, 1, 1)
        picker.date = date(2025, 6, 1)
        XCTAssertEqual(picker.date, date(2025, 6, 1))
        XCTAssertEqual(counter.valueChanged, 0, "code's changes send nothing")
    }

    func testMinuteIntervalRoundsTheDate() {
        picker.minuteInterval = 15
        picker.date = date(2026, 3, 1, 10, 7, 20)
        XCTAssertEqual(picker.date, date(2026, 3, 1, 10, 0))
        picker.date = date(2026, 3, 1, 10, 8)
        XCTAssertEqual(picker.date, date(2026, 3, 1, 10, 15))
        picker.date = date(2026, 3, 1, 23, 53)
        XCTAssertEqual(picker.date, date(2026, 3, 2, 0, 0), "to the next hour")
        picker.minuteInterval = 7
        XCTAssertEqual(picker.minuteInterval, 1, "7 does not divide 60")
        picker.minuteInterval = 45
        XCTAssertEqual(picker.minuteInterval, 1, "more than 30")
        picker.minuteInterval = 10
        picker.roundsToMinuteInterval = false
        picker.date = date(2026, 3, 1, 10, 7)
        XCTAssertEqual(picker.date, date(2026, 3, 1, 10, 7))
    }

    func testCountDownDuration() {
        picker.datePickerMode = .countDownTimer
        picker.countDownDuration = 100_000
        XCTAssertEqual(picker.countDownDuration, 86_340, "at most 23:59")
        picker.minuteInterval = 5
        picker.countDownDuration = 3_600 + 7 * 60 + 20
        XCTAssertEqual(picker.countDownDuration, 3_600 + 5 * 60)
        picker.countDownDuration = -5
        XCTAssertEqual(picker.countDownDuration, 0)
    }

    /// The wheels of `.time` in en_US: hours, minutes, AM/PM. A tap two
    /// rows below the minute in the band makes the date two minutes later.
    func testUserChangeOnTheWheelsSendsValueChanged() throws {
        picker.preferredDatePickerStyle = .wheels
        picker.datePickerMode = .time
        picker.date = date(2026, 3, 1, 22, 30, 15)
        window.layoutIfNeeded()
        let wheels = try XCTUnwrap(picker.wheels)
        XCTAssertEqual(wheels.columns, [.hour, .minute, .meridiem])
        XCTAssertEqual(wheels.pickerView.selectedRow(inComponent: 0), 10)
        XCTAssertEqual(wheels.pickerView.selectedRow(inComponent: 1), 30)
        XCTAssertEqual(wheels.pickerView.selectedRow(inComponent: 2), 1, "PM")
        XCTAssertEqual((wheels.pickerView.view(forRow: 1, forComponent: 2) as? UILabel)?.text, "PM")
        let minutes = wheels.pickerView.wheels[1]
        tap(at: point(ofRow: 32, selected: 30, in: minutes))
        XCTAssertEqual(counter.valueChanged, 0, "not before the wheel rests")
        settle(minutes)
        XCTAssertEqual(picker.date, date(2026, 3, 1, 22, 32))
        XCTAssertEqual(counter.valueChanged, 1)
        // AM: twelve hours earlier.
        let meridiem = wheels.pickerView.wheels[2]
        tap(at: point(ofRow: 0, selected: 1, in: meridiem))
        settle(meridiem)
        XCTAssertEqual(picker.date, date(2026, 3, 1, 10, 32))
        XCTAssertEqual(counter.valueChanged, 2)
        // Code spins the wheels without an action.
        picker.setDate(date(2026, 3, 1, 9, 5), animated: true)
        settle(minutes)
        XCTAssertEqual(wheels.pickerView.selectedRow(inComponent: 1), 5)
        XCTAssertEqual(counter.valueChanged, 2)
    }

    /// A day past the maximum chosen on the wheels: the date stays at the
    /// maximum, and the day wheel spins back to it.
    func testWheelsKeepTheUsersChoiceWithinTheLimits() throws {
        picker.preferredDatePickerStyle = .wheels
        picker.datePickerMode = .date
        picker.date = date(2026, 5, 10, 8)
        picker.maximumDate = date(2026, 5, 12, 8)
        window.layoutIfNeeded()
        let wheels = try XCTUnwrap(picker.wheels)
        XCTAssertEqual(wheels.columns, [.month, .dayOfMonth, .year], "en_US: month, day, year")
        let days = wheels.pickerView.wheels[1]
        XCTAssertEqual(days.selectedRow, 9)
        tap(at: point(ofRow: 13, selected: 9, in: days))
        settle(days)
        XCTAssertEqual(picker.date, date(2026, 5, 12, 8))
        XCTAssertEqual(counter.valueChanged, 1)
        XCTAssertEqual(wheels.pickerView.selectedRow(inComponent: 1), 11, "back on the 12th")
        settle(days)
        XCTAssertEqual(days.contentOffset.y, days.offset(forRow: 11).y)
    }

    /// `.dateAndTime` wheels: a day wheel ("Sun Mar 1"), then the time;
    /// the next day's row keeps the time of day.
    func testDateAndTimeWheels() throws {
        picker.preferredDatePickerStyle = .wheels
        picker.datePickerMode = .dateAndTime
        picker.date = date(2026, 3, 1, 22, 30)
        window.layoutIfNeeded()
        let wheels = try XCTUnwrap(picker.wheels)
        XCTAssertEqual(wheels.columns, [.day, .hour, .minute, .meridiem])
        let days = wheels.pickerView.wheels[0]
        let selected = days.selectedRow
        XCTAssertEqual((wheels.pickerView.view(forRow: selected, forComponent: 0) as? UILabel)?.text, "Sun Mar 1")
        tap(at: point(ofRow: selected + 1, selected: selected, in: days))
        settle(days)
        XCTAssertEqual(picker.date, date(2026, 3, 2, 22, 30))
        XCTAssertEqual(counter.valueChanged, 1)
    }

    /// The inline style's month: a tap on a day chooses it, keeping the time.
    func testInlineCalendarTap() throws {
        picker.preferredDatePickerStyle = .inline
        picker.datePickerMode = .date
        picker.frame = CGRect(x: 0, y: 0, width: 320, height: 330)
        picker.date = date(2026, 11, 27, 10, 30)
        picker.maximumDate = date(2026, 11, 28)
        window.layoutIfNeeded()
        let calendar = try XCTUnwrap(picker.calendarView)
        XCTAssertEqual(calendar.monthLabel.text, "November 2026")
        // November 2026 begins on a Sunday, the first weekday in en_US.
        XCTAssertEqual(calendar.dayCells[0].label.text, "1")
        XCTAssertEqual(calendar.dayCells[14].label.text, "15")
        let cell = calendar.dayCells[14]
        tap(at: window.convert(CGPoint(x: cell.bounds.midX, y: cell.bounds.midY), from: cell))
        XCTAssertEqual(picker.date, date(2026, 11, 15, 10, 30))
        XCTAssertEqual(counter.valueChanged, 1)
        XCTAssertTrue(cell.isChosen)
        // The 29th is past the maximum: dimmed, and a tap does nothing.
        let late = calendar.dayCells[28]
        XCTAssertFalse(late.isAvailable)
        tap(at: window.convert(CGPoint(x: late.bounds.midX, y: late.bounds.midY), from: late))
        XCTAssertEqual(picker.date, date(2026, 11, 15, 10, 30))
        XCTAssertEqual(counter.valueChanged, 1)
        // The arrows page through the months.
        calendar.previousButton.sendActions(for: .touchUpInside)
        XCTAssertEqual(calendar.monthLabel.text, "October 2026")
    }

    /// The compact style: a button with the date opens the month over the
    /// window; a day chosen there is the picker's; a tap outside closes it.
    func testCompactOpensTheCalendarInAnOverlay() throws {
        picker.datePickerMode = .date
        picker.date = date(2026, 11, 27, 10, 30)
        picker.frame = CGRect(x: 20, y: 20, width: 200, height: 34)
        window.layoutIfNeeded()
        let compact = try XCTUnwrap(picker.compactView)
        XCTAssertEqual(compact.dateButton.title(for: .normal), "Nov 27, 2026")
        XCTAssertTrue(compact.timeButton.isHidden)
        let button = compact.dateButton
        tap(at: window.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), from: button))
        let overlay = try XCTUnwrap(compact.overlay)
        XCTAssertTrue(overlay.superview === window)
        XCTAssertEqual(counter.editing, ["began"])
        window.layoutIfNeeded()
        let calendar = try XCTUnwrap(overlay.calendarView)
        let cell = calendar.dayCells[2]
        tap(at: window.convert(CGPoint(x: cell.bounds.midX, y: cell.bounds.midY), from: cell))
        XCTAssertEqual(picker.date, date(2026, 11, 3, 10, 30))
        XCTAssertEqual(counter.valueChanged, 1)
        XCTAssertEqual(compact.dateButton.title(for: .normal), "Nov 3, 2026")
        XCTAssertNotNil(compact.overlay, "still open")
        tap(at: CGPoint(x: 390, y: 390))
        XCTAssertNil(compact.overlay)
        XCTAssertNil(overlay.superview)
        XCTAssertEqual(counter.editing, ["began", "ended"])
    }
}
