import Foundation

/// The views an alert controller shows: the dimming view over the whole
/// window, the rounded box with the title, message, text fields and
/// buttons, and an action sheet's separate cancel box. Buttons and their
/// hairline separators are made anew when the actions change.
final class AlertParts {
    let dimmingView = UIControl()
    let boxView = UIView()
    let cancelBoxView = UIView()
    let titleLabel = UILabel()
    let messageLabel = UILabel()
    var buttons: [AlertActionButton] = []
    var separators: [UIView] = []
    /// Whether the two buttons of an alert sit side by side (else they are stacked).
    var buttonsInARow = false
}
