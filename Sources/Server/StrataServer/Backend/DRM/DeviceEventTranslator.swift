import StrataProtocol

/// What a device event becomes: input for the seat, or a request of the
/// compositor itself (Ctrl+Alt+F`n` switches virtual terminals, as on any
/// Linux console; Ctrl+Alt+Backspace ends the session, as X's zap does, so
/// a session without a client to quit from is never a trap).
enum TranslatedInput: Equatable {
    case seat(InputEvent)
    case switchSession(Int)
    case endSession
}

/// Places device events on the output: relative motion moves the pointer
/// from where it is (clamped by the seat), fractions become output points;
/// and watches Ctrl and Alt for the virtual-terminal keys.
struct DeviceEventTranslator {
    /// The output's size in points.
    var outputWidth: Double
    var outputHeight: Double
    private var controlKeysDown: Set<UInt32> = []
    private var altKeysDown: Set<UInt32> = []
    /// Function keys that switched sessions: their release is not the seat's either.
    private var swallowedKeys: Set<UInt32> = []
    /// While the session is locked, Ctrl+Alt+Backspace does nothing: ending
    /// the session would give the VT Strata was started from (a logged-in
    /// shell) to whoever is at the keyboard. Switching VTs stays.
    var sessionIsLocked = false

    init(outputWidth: Double, outputHeight: Double) {
        (self.outputWidth, self.outputHeight) = (outputWidth, outputHeight)
    }

    // linux/input-event-codes.h
    static let leftControl: UInt32 = 29, rightControl: UInt32 = 97
    static let leftAlt: UInt32 = 56, rightAlt: UInt32 = 100
    static let backspace: UInt32 = 14

    /// Virtual terminal for a function key: KEY_F1…KEY_F10 are 59…68, F11 87, F12 88.
    static func terminal(forFunctionKey code: UInt32) -> Int? {
        switch code {
        case 59...68: return Int(code - 58)
        case 87: return 11
        case 88: return 12
        default: return nil
        }
    }

    /// `pointer`: where the seat's pointer is now, in output points.
    mutating func translate(_ event: DeviceEvent, pointer: Point) -> TranslatedInput? {
        switch event {
        case .deviceAdded, .deviceRemoved:
            return nil
        case .pointerMotion(let dx, let dy):
            return .seat(.pointerMotion(Point(x: pointer.x + dx, y: pointer.y + dy)))
        case .pointerMotionAbsolute(let x, let y):
            return .seat(.pointerMotion(place(x, y)))
        case .button(let code, let pressed):
            return .seat(.pointerButton(code, pressed ? .pressed : .released))
        case .scroll(let vertical, let horizontal, let source, let verticalValue120, let horizontalValue120):
            return .seat(.pointerAxis(vertical: vertical, horizontal: horizontal, source: source,
                                      verticalValue120: verticalValue120, horizontalValue120: horizontalValue120))
        case .key(let code, let pressed):
            return key(code, pressed: pressed)
        case .touchDown(let slot, let x, let y):
            return .seat(.touchDown(id: slot, place(x, y)))
        case .touchMotion(let slot, let x, let y):
            return .seat(.touchMotion(id: slot, place(x, y)))
        case .touchUp(let slot):
            return .seat(.touchUp(id: slot))
        case .touchCancel:
            return .seat(.touchCancel)
        case .gesture(let gesture):
            return .seat(.pointerGesture(gesture))
        }
    }

    private mutating func key(_ code: UInt32, pressed: Bool) -> TranslatedInput? {
        switch code {
        case Self.leftControl, Self.rightControl:
            if pressed { controlKeysDown.insert(code) } else { controlKeysDown.remove(code) }
        case Self.leftAlt, Self.rightAlt:
            if pressed { altKeysDown.insert(code) } else { altKeysDown.remove(code) }
        default:
            if !pressed, swallowedKeys.remove(code) != nil { return nil }
            if pressed, !controlKeysDown.isEmpty, !altKeysDown.isEmpty {
                if let terminal = Self.terminal(forFunctionKey: code) {
                    swallowedKeys.insert(code)
                    return .switchSession(terminal)
                }
                if code == Self.backspace {
                    swallowedKeys.insert(code)
                    return sessionIsLocked ? nil : .endSession
                }
            }
        }
        return .seat(.key(code, pressed ? .pressed : .released))
    }

    private func place(_ x: Double, _ y: Double) -> Point {
        Point(x: min(max(x, 0), 1) * outputWidth, y: min(max(y, 0), 1) * outputHeight)
    }
}
