import Foundation

/// The compact date picker: the date and/or the time as text on rounded
/// gray buttons. A press on the date opens the month calendar, on the time
/// the time wheels, on a card over the window (`DatePickerOverlay`) next
/// to the button; a tap outside the card closes it. Opening and closing
/// send `.editingDidBegin` and `.editingDidEnd`, as UIKit's does.
final class DatePickerCompactView: UIView {
    weak var datePicker: UIDatePicker?
    let dateButton = UIButton(type: .system)
    let timeButton = UIButton(type: .system)
    private(set) var overlay: DatePickerOverlay?

    static let spacing: CGFloat = 6
    static let padding: CGFloat = 11

    init(datePicker: UIDatePicker) {
        self.datePicker = datePicker
        super.init(frame: .zero)
        for button in [dateButton, timeButton] {
            button.backgroundColor = .secondarySystemFill
            button.layer.cornerRadius = 6
            button.setTitleColor(.label, for: .normal)
            addSubview(button)
        }
        dateButton.addTarget(self, action: DatePickerCompactView.openCalendar, for: .touchUpInside)
        timeButton.addTarget(self, action: DatePickerCompactView.openTime, for: .touchUpInside)
        dateButton.isHidden = datePicker.datePickerMode == .time
        timeButton.isHidden = datePicker.datePickerMode == .date
    }

    required init?(coder: NSCoder) { nil }

    /// The buttons' texts for the picker's date; an open card shows it too.
    func show() {
        guard let datePicker else { return }
        dateButton.setTitle(datePicker.formatter(template: "yMMMd").string(from: datePicker.date), for: .normal)
        timeButton.setTitle(datePicker.formatter(template: "jmm").string(from: datePicker.date), for: .normal)
        overlay?.show()
        setNeedsLayout()
    }

    private var shownButtons: [UIButton] { [dateButton, timeButton].filter { !$0.isHidden } }

    private func buttonWidth(_ button: UIButton) -> CGFloat {
        button.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: UIDatePicker.compactHeight)).width
            + 2 * Self.padding
    }

    var fittingWidth: CGFloat {
        let buttons = shownButtons
        return buttons.map(buttonWidth).reduce(0, +) + Self.spacing * CGFloat(max(0, buttons.count - 1))
    }

    /// The buttons side by side from the leading edge, centered vertically.
    override func layoutSubviews() {
        super.layoutSubviews()
        var x: CGFloat = 0
        let height = min(bounds.height, UIDatePicker.compactHeight)
        for button in shownButtons {
            let width = buttonWidth(button)
            button.frame = CGRect(x: x, y: (bounds.height - height) / 2, width: width, height: height)
            x += width + Self.spacing
        }
    }

    // MARK: The card

    private func openCalendar() { open(.date, from: dateButton) }
    private func openTime() { open(.time, from: timeButton) }

    private func open(_ content: DatePickerOverlay.Content, from button: UIButton) {
        guard let datePicker, let window, overlay == nil else { return }
        let overlay = DatePickerOverlay(datePicker: datePicker, content: content) { [weak self] in self?.dismissOverlay() }
        self.overlay = overlay
        overlay.frame = window.bounds
        window.addSubview(overlay)
        overlay.placeCard(near: window.convert(button.bounds, from: button))
        overlay.show()
        datePicker.sendActions(for: .editingDidBegin)
    }

    func dismissOverlay() {
        guard let overlay else { return }
        self.overlay = nil
        overlay.removeFromSuperview()
        datePicker?.sendActions(for: .editingDidEnd)
    }
}

/// The card a compact date picker opens over the window: the inline
/// calendar or the time wheels, over a faint dimming that closes it when tapped.
final class DatePickerOverlay: UIView {
    enum Content { case date, time }

    let card = UIView()
    private(set) var calendarView: DatePickerCalendarView?
    private(set) var timeWheels: DatePickerWheels?
    private let onDismiss: () -> Void

    init(datePicker: UIDatePicker, content: Content, onDismiss: @escaping () -> Void) {
        self.onDismiss = onDismiss
        super.init(frame: .zero)
        backgroundColor = UIColor.black.withAlphaComponent(0.1)
        card.backgroundColor = .systemBackground
        card.layer.cornerRadius = 13
        card.clipsToBounds = true
        addSubview(card)
        switch content {
        case .date:
            let calendar = DatePickerCalendarView(datePicker: datePicker)
            calendarView = calendar
            card.addSubview(calendar)
        case .time:
            let wheels = DatePickerWheels(datePicker: datePicker, mode: .time)
            timeWheels = wheels
            card.addSubview(wheels.pickerView)
        }
        addGestureRecognizer(UITapGestureRecognizer(target: self, action: DatePickerOverlay.handleTap))
    }

    required init?(coder: NSCoder) { nil }

    func show() {
        calendarView?.show()
        timeWheels?.show(animated: false)
    }

    /// Below `anchor` (window coordinates) if it fits, else above, within the window.
    func placeCard(near anchor: CGRect) {
        let size = calendarView != nil ? UIDatePicker.calendarSize : UIDatePicker.wheelsSize
        let width = min(size.width, bounds.width - 16), height = min(size.height, bounds.height - 16)
        var y = anchor.maxY + 8
        if y + height > bounds.height - 8 { y = max(8, anchor.minY - 8 - height) }
        let x = min(max(8, anchor.minX), max(8, bounds.width - 8 - width))
        card.frame = CGRect(x: x, y: y, width: width, height: height)
        (calendarView ?? timeWheels?.pickerView)?.frame = card.bounds
    }

    private func handleTap(_ tap: UITapGestureRecognizer) {
        guard tap.state == .ended, !card.frame.contains(tap.location(in: self)) else { return }
        onDismiss()
    }
}
