import CStrataServerProtocol
import CWaylandServer
import StrataProtocol
#if canImport(Glibc)
import Glibc
#endif

/// The one seat, "seat0": a pointer, a keyboard and a touchscreen that
/// every client may bind (wl_seat v8, `Seat.version`). Every input source calls
/// `handle(_:)`; the seat finds the surface the event belongs to, keeps the
/// focus and grab state, and sends the events to that surface's client.
///
/// Routing lives in one file per device (`Seat+Pointer`, `Seat+Keyboard`,
/// `Seat+Touch`), focus and window changes in `Seat+Focus`.
public final class Seat {
    static let version: Int32 = 8
    static let name = "seat0"

    unowned let server: Server
    private var global: Global?
    /// The layout keys are read with: XKB_DEFAULT_*'s, or a backend's (`useKeymap`).
    var keymap: Keymap
    let cursor: Cursor

    // Every client's objects; each event goes to those of one client.
    var pointers: [PointerResource] = []
    var keyboards: [KeyboardResource] = []
    var touches: [TouchResource] = []

    // Pointer state (Seat+Pointer).
    /// Where the pointer is, in output points.
    public internal(set) var pointerPosition = Point.zero
    /// The pointer was positioned at least once; until then nothing is under it.
    var pointerHasMoved = false
    /// The surface the pointer is over (or, while a button is down, the one the press began on).
    weak var pointerFocus: Surface?
    /// The serial of the enter that gave `pointerFocus` its focus: set_cursor must quote it.
    var pointerEnterSerial: UInt32 = 0
    /// Where the focused surface was last told the pointer is (enter or motion), in its points.
    var pointerFocusLocal: Point?
    /// Buttons down, in the order pressed; while any is down the pointer is grabbed.
    var buttonsDown: [UInt32] = [] {
        didSet { if !buttonsDown.isEmpty { forgetWindowUnderPointer() } }
    }
    /// What the last full hit test found under the pointer (Seat+WindowUnderPointer).
    var windowUnderPointer: WindowUnderPointer?

    // Keyboard state (Seat+Keyboard, Seat+Focus).
    /// The window that gets keys (unless a layer surface or a popup grab has them: `keyboardTarget`).
    public internal(set) weak var keyboardFocus: Toplevel?
    /// A layer surface given the keyboard by a click (on_demand, or
    /// exclusive below the windows); a window taking it back ends it.
    weak var layerKeyboardFocus: LayerSurface?
    /// What had the keyboard when the session locked; it gets it back at unlock.
    var focusBeforeLock: FocusBeforeLock?
    /// Keys down (evdev codes), in the order pressed.
    var keysDown: [UInt32] = []
    /// The keymap the clients' wl_keyboards were sent last: `keymap`, or a
    /// virtual keyboard's while its keys are the latest (Seat+VirtualKeyboard).
    var sentKeymap: Keymap
    /// Every client's zwp_virtual_keyboard_v1.
    var virtualKeyboards: [VirtualKeyboard] = []
    /// Keys whose press went to an input method's keyboard grab, and that
    /// grab: their release goes there too, never to a client that did not
    /// see the press (Seat+InputMethodGrab).
    var keysSentToGrab: [UInt32: Weak<InputMethodKeyboardGrab>] = [:]

    /// The serials of the presses of the implicit grab under way: xdg_toplevel.move and resize must quote one.
    var pressSerials: [(serial: UInt32, client: OpaquePointer?)] = []
    /// An interactive move or resize the pointer drives (Seat+WindowGrab).
    var windowGrab: WindowGrab?
    /// A drag and drop under way (wl_data_device.start_drag).
    var drag: Drag?
    /// The window menu, while it is open (Seat+WindowMenu).
    var windowMenu: WindowMenu?
    /// A press on a title bar, waiting for its release (Seat+TitleBar).
    /// The press that closed the open menus (a click outside them), held
    /// until its buttons are up: no client hears of it, as the menus it
    /// closed were what it was for.
    var pressClosedMenus = false
    var titleBarPress: TitleBarPress?
    /// The latest click on a title bar, for double clicks.
    var lastTitleBarClick: (window: Weak<Toplevel>, time: UInt32)?

    // Keyboard shortcuts (Seat+Bindings).
    /// Keys whose press was a shortcut: their release is not sent either.
    var consumedKeys: Set<UInt32> = []
    /// Alt+Tab's round: the windows in the order it visits them, while Alt is held.
    var switcher: WindowSwitcher?

    // Touch state (Seat+Touch): each point stays with the surface it went down on.
    var touchPoints: [Int32: TouchPoint] = [:]

    // Popup grab state (Seat+PopupGrab).
    /// The mapped popups with an explicit grab, bottom to top: one chain, the topmost has the keyboard.
    var popupGrabs: [Popup] = []
    /// The latest press, key and touch-down serials and the client each went to: a grab must quote one.
    var grabSerials: [(serial: UInt32, client: OpaquePointer?)] = []

    init(server: Server) {
        self.server = server
        guard let keymap = Keymap() else {
            // Unknown XKB_DEFAULT_* names fall back to US; only missing xkeyboard-config data or memfd support end here.
            fatalError("strata: cannot compile an xkb keymap (is xkb-data installed?)")
        }
        self.keymap = keymap
        sentKeymap = keymap
        cursor = Cursor(scene: server.scene)
        global = Global(display: server.display, interface: strata_wl_seat_interface(), version: Seat.version) {
            [unowned self] client, version, id in
            _ = SeatBinding(seat: self, client: client, version: version, id: id)
        }
    }

    /// Removes the global; the display is about to go.
    func destroyGlobal() { global = nil }

    /// The single entry point for input: routes one event and sends it,
    /// with its `frame`, to the client it belongs to. Events are flushed
    /// by the event loop, or at once by `server.flushClients()`.
    public func handle(_ event: InputEvent) {
        let time = Seat.now()
        server.userActivity()
        switch event {
        case .pointerMotion(let point): pointerMotion(to: point, time: time)
        case .pointerButton(let button, let state): pointerButton(button, pressed: state == .pressed, time: time)
        case .pointerAxis(let vertical, let horizontal, let source, let verticalValue120, let horizontalValue120):
            pointerAxis(vertical: vertical, horizontal: horizontal, source: source,
                        value120: (verticalValue120, horizontalValue120), time: time)
        case .pointerAxisStop(let vertical, let horizontal): pointerAxisStop(vertical: vertical, horizontal: horizontal, time: time)
        case .key(let code, let state): key(code, pressed: state == .pressed, time: time)
        case .touchDown(let id, let point): touchDown(id: id, at: point, time: time)
        case .touchMotion(let id, let point): touchMotion(id: id, to: point, time: time)
        case .touchUp(let id): touchUp(id: id, time: time)
        case .touchCancel: touchCancel()
        case .pointerGesture(let gesture): pointerGesture(gesture, time: time)
        }
    }

    /// Relative motion's timestamps: the monotonic clock in microseconds.
    static func nowMicroseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
    }

    /// Event timestamps: the monotonic clock in milliseconds (wrapping, as the protocol allows).
    static func now() -> UInt32 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt32(truncatingIfNeeded: Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000)
    }

    func nextSerial() -> UInt32 { wl_display_next_serial(server.display) }

    // MARK: The clients' objects

    func addPointer(_ pointer: PointerResource?) {
        guard let pointer else { return }
        pointers.append(pointer)
        // A pointer made while its client has focus learns so at once, as weston does.
        if let focus = pointerFocus, let surfaceResource = focus.resource, focus.client == pointer.client,
           let resource = pointer.resource, let local = focus.localPoint(fromOutput: pointerPosition) {
            wl_pointer_send_enter(resource, pointerEnterSerial, surfaceResource, wl_fixed_from_double(local.x), wl_fixed_from_double(local.y))
            pointer.frame()
        }
    }

    func addKeyboard(_ keyboard: KeyboardResource?) {
        guard let keyboard else { return }
        keyboards.append(keyboard)
        if let surface = keyboardTarget, surface.resource != nil, surface.client == keyboard.client {
            sendKeyboardEnter(surface, to: [keyboard], serial: nextSerial())
        }
    }

    func addTouch(_ touch: TouchResource?) {
        if let touch { touches.append(touch) }
    }

    func removePointer(_ pointer: PointerResource) { pointers.removeAll { $0 === pointer } }
    func removeKeyboard(_ keyboard: KeyboardResource) { keyboards.removeAll { $0 === keyboard } }
    func removeTouch(_ touch: TouchResource) { touches.removeAll { $0 === touch } }

    func pointers(of client: OpaquePointer?) -> [PointerResource] { pointers.filter { $0.client == client } }
    func keyboards(of client: OpaquePointer?) -> [KeyboardResource] { keyboards.filter { $0.client == client } }
    func touches(of client: OpaquePointer?) -> [TouchResource] { touches.filter { $0.client == client } }
}
