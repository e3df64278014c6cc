import Foundation

/// The inline date picker's month: the month and year with buttons to the
/// previous and next month, the weekday initials from the calendar's
/// first weekday, and six weeks of days. The chosen day is a tinted
/// circle, today is in the tint; days outside the limits are dimmed and
/// take no taps. A tap on a day chooses it, keeping the time of day.
final class DatePickerCalendarView: UIView {
    weak var datePicker: UIDatePicker?

    static let headerHeight: CGFloat = 44
    static let weekdayHeight: CGFloat = 20
    static let sideInset: CGFloat = 12

    let monthLabel = UILabel()
    let previousButton = UIButton(type: .system)
    let nextButton = UIButton(type: .system)
    private var weekdayLabels: [UILabel] = []
    private(set) var dayCells: [DatePickerDayCell] = []

    /// The first day of the month shown.
    private(set) var displayedMonth = Date()
    /// The date last shown, so a new date brings its month into view.
    private var shownDate: Date?

    init(datePicker: UIDatePicker) {
        self.datePicker = datePicker
        super.init(frame: .zero)
        monthLabel.font = .boldSystemFont(ofSize: 17)
        addSubview(monthLabel)
        previousButton.setTitle("‹", for: .normal)
        nextButton.setTitle("›", for: .normal)
        for button in [previousButton, nextButton] { button.titleLabel?.font = .systemFont(ofSize: 30) }
        previousButton.addTarget(self, action: DatePickerCalendarView.showPreviousMonth, for: .touchUpInside)
        nextButton.addTarget(self, action: DatePickerCalendarView.showNextMonth, for: .touchUpInside)
        addSubview(previousButton)
        addSubview(nextButton)
        for _ in 0..<7 {
            let label = UILabel()
            label.font = .systemFont(ofSize: 13)
            label.textColor = .secondaryLabel
            label.textAlignment = .center
            weekdayLabels.append(label)
            addSubview(label)
        }
        for _ in 0..<42 {
            let cell = DatePickerDayCell()
            dayCells.append(cell)
            addSubview(cell)
        }
        addGestureRecognizer(UITapGestureRecognizer(target: self, action: DatePickerCalendarView.handleTap))
    }

    required init?(coder: NSCoder) { nil }

    // MARK: Content

    /// Shows the picker's date, moving to its month if the date changed.
    func show() {
        guard let datePicker else { return }
        let calendar = datePicker.resolvedCalendar
        if shownDate != datePicker.date {
            shownDate = datePicker.date
            displayedMonth = calendar.dateInterval(of: .month, for: datePicker.date)?.start ?? datePicker.date
        }
        monthLabel.text = datePicker.formatter(template: "MMMMy").string(from: displayedMonth)
        let symbols = calendar.veryShortStandaloneWeekdaySymbols
        for (index, label) in weekdayLabels.enumerated() {
            label.text = symbols[(calendar.firstWeekday - 1 + index) % symbols.count]
        }
        let limits = datePicker.effectiveLimits
        for (index, cell) in dayCells.enumerated() {
            guard let day = dayOfCell(index), calendar.isDate(day, equalTo: displayedMonth, toGranularity: .month) else {
                cell.isHidden = true
                continue
            }
            cell.isHidden = false
            cell.label.text = String(calendar.component(.day, from: day))
            cell.isAvailable = isAvailable(day, limits: limits, calendar: calendar)
            cell.isChosen = calendar.isDate(day, inSameDayAs: datePicker.date)
            cell.isToday = calendar.isDateInToday(day)
        }
    }

    /// The day in cell `index` (row by row from the top left).
    func dayOfCell(_ index: Int) -> Date? {
        guard let calendar = datePicker?.resolvedCalendar else { return nil }
        let weekday = calendar.component(.weekday, from: displayedMonth)
        let lead = (weekday - calendar.firstWeekday + 7) % 7
        return calendar.date(byAdding: .day, value: index - lead, to: displayedMonth)
    }

    /// Whether any moment of `day` lies within the limits.
    private func isAvailable(_ day: Date, limits: (minimum: Date?, maximum: Date?), calendar: Calendar) -> Bool {
        guard let interval = calendar.dateInterval(of: .day, for: day) else { return true }
        if let minimum = limits.minimum, interval.end <= minimum { return false }
        if let maximum = limits.maximum, interval.start > maximum { return false }
        return true
    }

    private func showPreviousMonth() { moveMonth(by: -1) }
    private func showNextMonth() { moveMonth(by: 1) }

    private func moveMonth(by months: Int) {
        guard let calendar = datePicker?.resolvedCalendar,
              let month = calendar.date(byAdding: .month, value: months, to: displayedMonth) else { return }
        displayedMonth = month
        show()
    }

    /// A tap on an available day of the month chooses it, at the same time of day.
    private func handleTap(_ tap: UITapGestureRecognizer) {
        let point = tap.location(in: self)
        guard tap.state == .ended, let datePicker,
              let index = dayCells.firstIndex(where: { !$0.isHidden && $0.frame.contains(point) }),
              dayCells[index].isAvailable, let day = dayOfCell(index) else { return }
        let calendar = datePicker.resolvedCalendar
        let time = calendar.dateComponents([.hour, .minute, .second], from: datePicker.date)
        let dayStart = calendar.startOfDay(for: day)
        let chosen = calendar.date(bySettingHour: time.hour ?? 0, minute: time.minute ?? 0, second: time.second ?? 0,
                                   of: dayStart) ?? dayStart
        datePicker.userPicked(chosen)
    }

    // MARK: Layout

    override func layoutSubviews() {
        super.layoutSubviews()
        let inset = Self.sideInset
        let width = bounds.width - 2 * inset
        monthLabel.frame = CGRect(x: inset + 4, y: 0, width: width - 88, height: Self.headerHeight)
        previousButton.frame = CGRect(x: bounds.width - inset - 88, y: 0, width: 44, height: Self.headerHeight)
        nextButton.frame = CGRect(x: bounds.width - inset - 44, y: 0, width: 44, height: Self.headerHeight)
        let column = width / 7
        for (index, label) in weekdayLabels.enumerated() {
            label.frame = CGRect(x: inset + CGFloat(index) * column, y: Self.headerHeight, width: column, height: Self.weekdayHeight)
        }
        let top = Self.headerHeight + Self.weekdayHeight + 4
        let row = max(0, (bounds.height - top) / 6)
        for (index, cell) in dayCells.enumerated() {
            cell.frame = CGRect(x: inset + CGFloat(index % 7) * column, y: top + CGFloat(index / 7) * row,
                                width: column, height: row)
        }
    }
}

/// A day of the inline calendar: its number, over a circle when chosen.
final class DatePickerDayCell: UIView {
    let label = UILabel()
    private let circle = UIView()

    var isChosen = false { didSet { restyle() } }
    var isToday = false { didSet { restyle() } }
    var isAvailable = true { didSet { restyle() } }

    override init(frame: CGRect) {
        super.init(frame: frame)
        circle.isUserInteractionEnabled = false
        label.isUserInteractionEnabled = false
        label.textAlignment = .center
        label.font = .systemFont(ofSize: 20)
        addSubview(circle)
        addSubview(label)
        restyle()
    }

    required init?(coder: NSCoder) { nil }

    private func restyle() {
        circle.isHidden = !isChosen
        circle.backgroundColor = tintColor.withAlphaComponent(0.15)
        label.font = isChosen ? .boldSystemFont(ofSize: 20) : .systemFont(ofSize: 20)
        label.textColor = !isAvailable ? .tertiaryLabel : (isChosen || isToday ? tintColor : .label)
    }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        restyle()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds
        let side = min(bounds.width, bounds.height, 40)
        circle.frame = CGRect(x: bounds.midX - side / 2, y: bounds.midY - side / 2, width: side, height: side)
        circle.layer.cornerRadius = side / 2
    }
}
