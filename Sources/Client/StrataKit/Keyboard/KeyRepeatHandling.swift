import Foundation

/// A responder that handles some keys itself in pressesBegan (not passing
/// them on) and wants them again while they are held, as a text field's
/// arrow keys and Delete repeat. Typed text and key commands repeat without it.
protocol KeyRepeatHandling: UIResponder {
    func pressRepeated(_ press: UIPress)
}
