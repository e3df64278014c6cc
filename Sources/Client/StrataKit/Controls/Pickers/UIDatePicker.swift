import Foundation

/// UIKit's date picker: a control for a point in time (a time of day, a
/// day, or both) or a duration. The user's changes send `.valueChanged`;
/// setting `date` in code sends nothing.
///
/// `date` always lies within `minimumDate…maximumDate` (UIKit ignores both
/// when the minimum is later than the maximum) and, with
/// `roundsToMinuteInterval`, on a whole `minuteInterval`. Its parts are
/// read with `calendar` in `timeZone`, its labels written for `locale`,
/// all through Foundation.
///
/// The look follows `datePickerStyle`: wheels (`DatePickerWheels`, on a
/// UIPickerView), an inline month calendar (`DatePickerCalendarView`,
/// with time wheels below it for `.dateAndTime`), or the compact button
/// (`DatePickerCompactView`) that opens the inline picker over the window.
open class UIDatePicker: UIControl {
    /// UIKit's sizes: the wheels are a picker view's; the calendar a month of six weeks.
    static let wheelsSize = CGSize(width: 320, height: 216)
    static let calendarSize = CGSize(width: 320, height: 330)
    static let inlineTimeHeight: CGFloat = 132
    static let compactHeight: CGFloat = 34

    public override init(frame: CGRect) {
        storedDate = Date()
        super.init(frame: frame)
        storedDate = adjusted(storedDate)
        rebuildContent()
    }

    public required init?(coder: NSCoder) { nil }

    // MARK: Configuration

    open var datePickerMode: Mode = .dateAndTime {
        didSet { if datePickerMode != oldValue { rebuildContent() } }
    }

    /// The style asked for; `datePickerStyle` is the one shown.
    open var preferredDatePickerStyle: UIDatePickerStyle = .automatic {
        didSet { if preferredDatePickerStyle != oldValue { rebuildContent() } }
    }

    /// The style in use: `.automatic` is `.compact`, and a countdown timer
    /// has only wheels (as in UIKit).
    open var datePickerStyle: UIDatePickerStyle {
        if datePickerMode == .countDownTimer { return .wheels }
        if datePickerMode == .time && preferredDatePickerStyle == .inline { return .wheels }
        return preferredDatePickerStyle == .automatic ? .compact : preferredDatePickerStyle
    }

    /// nil: the current locale.
    open var locale: Locale? {
        didSet { rebuildContent() }
    }

    /// The calendar the date's parts are read in; the current one by default.
    open var calendar: Calendar! = Calendar.current {
        didSet {
            if calendar == nil { calendar = Calendar.current }
            rebuildContent()
        }
    }

    /// nil: the current time zone (or the calendar's, if it has one set).
    open var timeZone: TimeZone? {
        didSet { rebuildContent() }
    }

    open var minimumDate: Date? {
        didSet { limitsDidChange() }
    }

    open var maximumDate: Date? {
        didSet { limitsDidChange() }
    }

    /// UIKit: "The interval value must be evenly divided into 60; if it
    /// isn't, the default value is used. The default and minimum values are
    /// 1; the maximum value is 30."
    open var minuteInterval: Int = 1 {
        didSet {
            if !(1...30).contains(minuteInterval) || 60 % minuteInterval != 0 { minuteInterval = 1 }
            guard minuteInterval != oldValue else { return }
            storedDate = adjusted(storedDate)
            countDownDuration = wholeCountDown(countDownDuration)
            rebuildContent()
        }
    }

    /// UIKit (iOS 15): with it, `date` "always rounds to the minuteInterval".
    open var roundsToMinuteInterval = true {
        didSet { storedDate = adjusted(storedDate); updateContent(animated: false) }
    }

    /// The duration of `.countDownTimer`, in seconds: whole minutes (and
    /// whole `minuteInterval`s) up to 23 hours 59 minutes.
    open var countDownDuration: TimeInterval = 0 {
        didSet {
            // Set inside its own observer, the property does not call it again.
            let whole = wholeCountDown(countDownDuration)
            if whole != countDownDuration { countDownDuration = whole }
            if datePickerMode == .countDownTimer { updateContent(animated: false) }
        }
    }

    /// `duration` within 0…23:59, down to a whole minute interval.
    private func wholeCountDown(_ duration: TimeInterval) -> TimeInterval {
        let interval = TimeInterval(60 * minuteInterval)
        let value = duration.isFinite ? min(max(duration, 0), 86_399) : 0
        return (value / interval).rounded(.down) * interval
    }

    // MARK: The date

    var storedDate: Date

    open var date: Date {
        get { storedDate }
        set { setDate(newValue, animated: false) }
    }

    /// Sets the date (kept within the limits and on the interval); the
    /// wheels spin to it when animated. Sends no action.
    open func setDate(_ date: Date, animated: Bool) {
        storedDate = adjusted(date)
        updateContent(animated: animated)
    }

    /// The user chose `date` (or a duration) in one of the parts: it is
    /// kept within the limits, shown, and announced if it changed.
    func userPicked(_ date: Date) {
        let old = storedDate
        storedDate = adjusted(date)
        updateContent(animated: true)
        if storedDate != old { sendActions(for: .valueChanged) }
    }

    func userPicked(countDownDuration duration: TimeInterval) {
        let old = countDownDuration
        countDownDuration = max(duration, TimeInterval(60 * minuteInterval))
        if countDownDuration != old { sendActions(for: .valueChanged) }
    }

    /// The limits that hold: none when the minimum is after the maximum.
    var effectiveLimits: (minimum: Date?, maximum: Date?) {
        if let minimumDate, let maximumDate, minimumDate > maximumDate { return (nil, nil) }
        return (minimumDate, maximumDate)
    }

    /// On the minute interval (rounded to the nearest), then within the limits.
    func adjusted(_ date: Date) -> Date {
        var result = date
        if roundsToMinuteInterval && minuteInterval > 1 { result = roundedToMinuteInterval(date) }
        let limits = effectiveLimits
        if let minimum = limits.minimum, result < minimum { result = minimum }
        if let maximum = limits.maximum, result > maximum { result = maximum }
        return result
    }

    private func roundedToMinuteInterval(_ date: Date) -> Date {
        let calendar = resolvedCalendar
        guard let hour = calendar.dateInterval(of: .hour, for: date) else { return date }
        let step = TimeInterval(60 * minuteInterval)
        let intoHour = date.timeIntervalSince(hour.start)
        return hour.start.addingTimeInterval((intoHour / step).rounded() * step)
    }

    private func limitsDidChange() {
        storedDate = adjusted(storedDate)
        rebuildContent()
    }

    // MARK: Foundation settings in use

    /// The calendar in the picker's time zone and locale.
    var resolvedCalendar: Calendar {
        var calendar = self.calendar ?? Calendar.current
        if let timeZone { calendar.timeZone = timeZone }
        calendar.locale = resolvedLocale
        return calendar
    }

    var resolvedLocale: Locale { locale ?? calendar?.locale ?? Locale.current }

    /// A formatter for `template` (a DateFormatter template such as "yMMMd")
    /// in the picker's locale, calendar and time zone.
    func formatter(template: String) -> DateFormatter {
        let formatter = DateFormatter()
        let calendar = resolvedCalendar
        formatter.locale = resolvedLocale
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: resolvedLocale) ?? template
        return formatter
    }

    /// Whether the locale shows times with AM/PM.
    var uses12HourClock: Bool {
        (DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: resolvedLocale) ?? "").contains("a")
    }

    // MARK: Content (the parts of each style)

    /// The parts showing the date, built for the style and mode.
    var wheels: DatePickerWheels?
    var calendarView: DatePickerCalendarView?
    var compactView: DatePickerCompactView?

    /// Builds the parts the style and mode need, replacing the old ones.
    func rebuildContent() {
        for part in [wheels?.pickerView, calendarView, compactView] as [UIView?] { part?.removeFromSuperview() }
        compactView?.dismissOverlay()
        wheels = nil
        calendarView = nil
        compactView = nil
        switch datePickerStyle {
        case .compact:
            let compact = DatePickerCompactView(datePicker: self)
            compactView = compact
            addSubview(compact)
        case .inline:
            let calendar = DatePickerCalendarView(datePicker: self)
            calendarView = calendar
            addSubview(calendar)
            if datePickerMode == .dateAndTime {
                let time = DatePickerWheels(datePicker: self, mode: .time)
                wheels = time
                addSubview(time.pickerView)
            }
        case .wheels, .automatic:
            let wheels = DatePickerWheels(datePicker: self, mode: datePickerMode)
            self.wheels = wheels
            addSubview(wheels.pickerView)
        }
        updateContent(animated: false)
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// Shows the current date in every part.
    func updateContent(animated: Bool) {
        wheels?.show(animated: animated && window != nil)
        calendarView?.show()
        compactView?.show()
    }

    // MARK: Layout

    open override var intrinsicContentSize: CGSize {
        switch datePickerStyle {
        case .compact:
            return CGSize(width: compactView?.fittingWidth ?? UIView.noIntrinsicMetric, height: Self.compactHeight)
        case .inline:
            let time = datePickerMode == .dateAndTime ? Self.inlineTimeHeight : 0
            return CGSize(width: Self.calendarSize.width, height: Self.calendarSize.height + time)
        case .wheels, .automatic:
            return CGSize(width: UIView.noIntrinsicMetric, height: Self.wheelsSize.height)
        }
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let intrinsic = intrinsicContentSize
        return CGSize(width: intrinsic.width >= 0 ? intrinsic.width : Self.wheelsSize.width, height: intrinsic.height)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        switch datePickerStyle {
        case .compact:
            compactView?.frame = bounds
        case .inline:
            let timeHeight = wheels == nil ? 0 : min(Self.inlineTimeHeight, bounds.height / 3)
            calendarView?.frame = CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height - timeHeight)
            wheels?.pickerView.frame = CGRect(x: 0, y: bounds.height - timeHeight, width: bounds.width, height: timeHeight)
        case .wheels, .automatic:
            wheels?.pickerView.frame = bounds
        }
    }
}
