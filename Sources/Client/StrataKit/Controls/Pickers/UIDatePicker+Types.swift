import Foundation

extension UIDatePicker {
    /// What the picker chooses: a time of day, a day, both, or a duration.
    public enum Mode: Int, Sendable {
        /// Hours, minutes and, where the locale uses them, AM/PM.
        case time
        /// Month, day and year, in the locale's order.
        case date
        /// A day, hours, minutes and AM/PM.
        case dateAndTime
        /// Hours and minutes of a duration (`countDownDuration`).
        case countDownTimer
    }
}

/// How a date picker looks.
public enum UIDatePickerStyle: Int, Sendable {
    /// The system chooses: `.compact`, or `.wheels` for a countdown timer.
    case automatic
    /// Spinning wheels, as UIPickerView has.
    case wheels
    /// A button showing the date that opens the full picker over the window.
    case compact
    /// The full picker in place: a month calendar for dates.
    case inline
}
