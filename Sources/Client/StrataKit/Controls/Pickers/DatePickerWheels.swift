import Foundation

/// The wheels of a date picker: a UIPickerView whose components are the
/// parts of the date for the mode (UIKit's layouts: "6 | 53 | PM",
/// "November | 15 | 2007" in the locale's order, "Wed Nov 15 | 6 | 53 |
/// PM", and hours and minutes of a countdown). This object is the picker
/// view's data source and delegate; a row the user settles on makes a new
/// date from every wheel, which the date picker keeps within its limits
/// (the wheels then spin back to it) and announces.
final class DatePickerWheels: UIPickerViewDataSource, UIPickerViewDelegate {
    enum Column: Equatable {
        case hour, minute, meridiem, month, dayOfMonth, year, day, durationHours, durationMinutes
    }

    weak var datePicker: UIDatePicker?
    let mode: UIDatePicker.Mode
    let pickerView = UIPickerView()
    private(set) var columns: [Column] = []

    /// `.dateAndTime`: the day of row 0 and how many days there are.
    private var firstDay = Date()
    private var dayCount = 0
    /// `.date`: the year of row 0 and how many years there are.
    private var firstYear = 1
    private var yearCount = 0
    private var twelveHour = false

    /// How many days either side of the date the day wheel reaches when no limit is set.
    static let dayReach = 1000

    init(datePicker: UIDatePicker, mode: UIDatePicker.Mode) {
        self.datePicker = datePicker
        self.mode = mode
        twelveHour = datePicker.uses12HourClock
        columns = Self.columns(for: mode, twelveHour: twelveHour, locale: datePicker.resolvedLocale)
        pickerView.dataSource = self
        pickerView.delegate = self
        makeRanges()
    }

    static func columns(for mode: UIDatePicker.Mode, twelveHour: Bool, locale: Locale) -> [Column] {
        let time: [Column] = twelveHour ? [.hour, .minute, .meridiem] : [.hour, .minute]
        switch mode {
        case .time: return time
        case .dateAndTime: return [.day] + time
        case .countDownTimer: return [.durationHours, .durationMinutes]
        case .date:
            // The locale's order of month, day and year.
            let pattern = DateFormatter.dateFormat(fromTemplate: "yMMMd", options: 0, locale: locale) ?? "MMM d y"
            let order: [(Character, Column)] = [("M", .month), ("L", .month), ("d", .dayOfMonth), ("y", .year)]
            var columns: [Column] = []
            for character in pattern {
                if let column = order.first(where: { $0.0 == character })?.1, !columns.contains(column) { columns.append(column) }
            }
            return columns.count == 3 ? columns : [.month, .dayOfMonth, .year]
        }
    }

    /// The days and years the wheels hold: within the limits, or around the date.
    private func makeRanges() {
        guard let datePicker else { return }
        let calendar = datePicker.resolvedCalendar
        let limits = datePicker.effectiveLimits
        let date = datePicker.date
        let start = limits.minimum.map { calendar.startOfDay(for: $0) }
            ?? calendar.date(byAdding: .day, value: -Self.dayReach, to: calendar.startOfDay(for: date))!
        let end = limits.maximum.map { calendar.startOfDay(for: $0) }
            ?? calendar.date(byAdding: .day, value: Self.dayReach, to: calendar.startOfDay(for: date))!
        firstDay = start
        dayCount = (calendar.dateComponents([.day], from: start, to: end).day ?? 0) + 1
        firstYear = limits.minimum.map { calendar.component(.year, from: $0) } ?? 1
        let lastYear = limits.maximum.map { calendar.component(.year, from: $0) } ?? 9999
        yearCount = max(1, lastYear - firstYear + 1)
    }

    private var interval: Int { datePicker?.minuteInterval ?? 1 }

    // MARK: Showing the date

    /// Spins every wheel to the picker's date (one the user holds stays put).
    func show(animated: Bool) {
        guard let datePicker else { return }
        let calendar = datePicker.resolvedCalendar
        let date = datePicker.date
        if columns.contains(.day) {
            let row = calendar.dateComponents([.day], from: firstDay, to: calendar.startOfDay(for: date)).day ?? 0
            if !(0..<dayCount).contains(row) {
                makeRanges()
                pickerView.reloadAllComponents()
            }
        }
        for (component, column) in columns.enumerated() {
            let row = self.row(of: column, for: date, calendar: calendar, duration: datePicker.countDownDuration)
            let wheel = pickerView.numberOfComponents > component ? pickerView.wheels[component] : nil
            if wheel?.isTracking == true || wheel?.isDragging == true { continue }
            if pickerView.selectedRow(inComponent: component) != row {
                pickerView.selectRow(row, inComponent: component, animated: animated)
            }
        }
    }

    private func row(of column: Column, for date: Date, calendar: Calendar, duration: TimeInterval) -> Int {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let hour = parts.hour ?? 0
        switch column {
        case .hour: return twelveHour ? hour % 12 : hour
        case .minute: return (parts.minute ?? 0) / interval
        case .meridiem: return hour < 12 ? 0 : 1
        case .month: return (parts.month ?? 1) - 1
        case .dayOfMonth: return (parts.day ?? 1) - 1
        case .year: return (parts.year ?? firstYear) - firstYear
        case .day: return calendar.dateComponents([.day], from: firstDay, to: calendar.startOfDay(for: date)).day ?? 0
        case .durationHours: return Int(duration) / 3600
        case .durationMinutes: return Int(duration) % 3600 / 60 / interval
        }
    }

    // MARK: UIPickerViewDataSource

    func numberOfComponents(in pickerView: UIPickerView) -> Int { columns.count }

    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
        switch columns[component] {
        case .hour: return twelveHour ? 12 : 24
        case .minute, .durationMinutes: return 60 / interval
        case .meridiem: return 2
        case .month: return datePicker?.resolvedCalendar.monthSymbols.count ?? 12
        case .dayOfMonth: return 31
        case .year: return yearCount
        case .day: return dayCount
        case .durationHours: return 24
        }
    }

    // MARK: UIPickerViewDelegate

    func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat {
        switch columns[component] {
        case .day: return 140
        case .month: return mode == .date ? 130 : 60
        case .year: return 80
        case .durationHours, .durationMinutes: return 120
        default: return 60
        }
    }

    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        guard let datePicker else { return nil }
        let calendar = datePicker.resolvedCalendar
        switch columns[component] {
        case .hour: return twelveHour ? String(row == 0 ? 12 : row) : String(format: "%02d", row)
        case .minute: return String(format: "%02d", row * interval)
        case .meridiem: return row == 0 ? calendar.amSymbol : calendar.pmSymbol
        case .month: return calendar.monthSymbols[row]
        case .dayOfMonth: return String(row + 1)
        case .year: return String(firstYear + row)
        case .day:
            guard let day = calendar.date(byAdding: .day, value: row, to: firstDay) else { return nil }
            if calendar.isDateInToday(day) { return "Today" }
            // UIKit's day wheel reads "Wed Nov 15": the locale's words without commas.
            return datePicker.formatter(template: "EEEMMMd").string(from: day).replacingOccurrences(of: ",", with: "")
        case .durationHours: return row == 1 ? "1 hour" : "\(row) hours"
        case .durationMinutes: return "\(row * interval) min"
        }
    }

    /// A wheel came to rest: the date all wheels now show.
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
        guard let datePicker else { return }
        func selected(_ column: Column) -> Int? {
            columns.firstIndex(of: column).map { pickerView.selectedRow(inComponent: $0) }
        }
        if mode == .countDownTimer {
            let hours = selected(.durationHours) ?? 0, minutes = (selected(.durationMinutes) ?? 0) * interval
            datePicker.userPicked(countDownDuration: TimeInterval(hours * 3600 + minutes * 60))
            return
        }
        let calendar = datePicker.resolvedCalendar
        var parts = calendar.dateComponents([.era, .year, .month, .day, .hour, .minute, .second, .nanosecond],
                                            from: datePicker.date)
        if let hourRow = selected(.hour) {
            let pm = (selected(.meridiem) ?? 0) == 1
            parts.hour = twelveHour ? hourRow + (pm ? 12 : 0) : hourRow
        }
        if let minuteRow = selected(.minute) {
            parts.minute = minuteRow * interval
            parts.second = 0
            parts.nanosecond = 0
        }
        if let dayRow = selected(.day), let day = calendar.date(byAdding: .day, value: dayRow, to: firstDay) {
            let dayParts = calendar.dateComponents([.era, .year, .month, .day], from: day)
            (parts.era, parts.year, parts.month, parts.day) = (dayParts.era, dayParts.year, dayParts.month, dayParts.day)
        }
        if let yearRow = selected(.year) { parts.year = firstYear + yearRow }
        if let monthRow = selected(.month) { parts.month = monthRow + 1 }
        if let dayRow = selected(.dayOfMonth) {
            // A day the month does not have becomes its last day (the wheel spins back).
            var first = parts
            first.day = 1
            let length = calendar.date(from: first).flatMap { calendar.range(of: .day, in: .month, for: $0)?.count } ?? 31
            parts.day = min(dayRow + 1, length)
        }
        guard let date = calendar.date(from: parts) else { return }
        // Whatever is kept (a day the month lacks, a limit), the wheels then show it.
        datePicker.userPicked(date)
    }
}
