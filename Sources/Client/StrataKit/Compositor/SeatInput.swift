import Dispatch
import Foundation
import StrataWayland

/// The app's end of the compositor's wl_seat: finds the window each event
/// is for and hands it on as a `WindowInput` in window coordinates.
///
/// The compositor decides which window an event goes to (the surface under
/// the pointer, the surface a touch went down on, the focused surface for
/// keys); the window then decides which view, with UIKit's hit testing.
/// Key repeat is the client's job in Wayland: the compositor only says how
/// fast, and this repeats the held key on the main queue.
final class SeatInput {
    private let seat: WaylandSeat
    private var clock = CompositorTimestamps()

    /// The window under the pointer (between enter and leave).
    private weak var pointerWindow: UIWindow?
    /// The window the touchpad pinch in progress began on.
    private weak var pinchWindow: UIWindow?
    /// The window each touch point went down on.
    private var touchWindows: [Int32: WindowReference] = [:]
    /// Windows whose touches changed since the last wl_touch.frame.
    private var touchWindowsInFrame: [WindowReference] = []
    /// The window with keyboard focus.
    private weak var keyboardWindow: UIWindow?

    private var repeatTimer: DispatchSourceTimer?
    private var repeatingKey: Key?

    init(seat: WaylandSeat) {
        self.seat = seat
        seat.onEvent = { [unowned self] event in self.handle(event) }
    }

    deinit {
        repeatTimer?.cancel()
        seat.destroy()
    }

    private func window(for surface: OpaquePointer) -> UIWindow? {
        UIApplication.shared.windows.first { $0.surface?.toplevel.surface == surface }
    }

    /// Surface-local points to window coordinates: the window's layer is
    /// the surface's root, drawn from its bounds origin.
    /// (Below the title bar the app draws, when it draws one.)
    private func location(_ x: Double, _ y: Double, in window: UIWindow) -> CGPoint {
        let offset = window.surface?.presenter?.contentOffset ?? 0
        return CGPoint(x: CGFloat(x) + window.bounds.minX, y: CGFloat(y) - offset + window.bounds.minY)
    }

    /// The pointer in surface coordinates, for the app-drawn title bar.
    private var pointerInSurface = CGPoint.zero
    /// A press the title bar took: its release is the bar's too.
    private var isPressInTitleBar = false

    /// A press on the app-drawn decoration moves, resizes or closes the
    /// window, as the compositor's own title bar would; true when it took it.
    private func decorationTookButton(isPressed: Bool, in window: UIWindow) -> Bool {
        guard let surface = window.surface, let presenter = surface.presenter, presenter.titleBar != nil else { return false }
        if !isPressed {
            defer { isPressInTitleBar = false }
            return isPressInTitleBar
        }
        let size = presenter.scene.bounds
        switch ClientTitleBar.hit(pointerInSurface, width: CGFloat(size.width), height: CGFloat(size.height),
                                  resizable: presenter.resizesFromEdges) {
        case .content: return false
        case .move: surface.toplevel.move(seat: seat, serial: seat.buttonSerial)
        case .resize(let edges): surface.toplevel.resize(seat: seat, serial: seat.buttonSerial, edges: edges)
        case .close: UIApplication.shared.windowCloseRequested(window)
        }
        isPressInTitleBar = true
        return true
    }

    private func handle(_ event: SeatEvent) {
        switch event {
        case .pointerEnter(let surface, let x, let y):
            pointerInSurface = CGPoint(x: x, y: y)
            pointerWindow = window(for: surface)
            if let window = pointerWindow {
                window.receive(.pointerMotion(location: location(x, y, in: window), timestamp: clock.now))
            }
        case .pointerLeave:
            pointerWindow?.receive(.pointerLeave(timestamp: clock.now))
            pointerWindow = nil
        case .pointerMotion(let x, let y, let time):
            pointerInSurface = CGPoint(x: x, y: y)
            guard let window = pointerWindow else { return }
            window.receive(.pointerMotion(location: location(x, y, in: window), timestamp: clock.timestamp(time)))
        case .pointerButton(let code, let isPressed, let time):
            if let window = pointerWindow, decorationTookButton(isPressed: isPressed, in: window) { return }
            pointerWindow?.receive(.pointerButton(PointerButton(linuxCode: code), isPressed: isPressed,
                                                  timestamp: clock.timestamp(time)))
        case .pointerScroll(let dx, let dy, let isContinuous, let time):
            pointerWindow?.receive(.scroll(delta: CGVector(dx: dx, dy: dy), isContinuous: isContinuous,
                                           timestamp: clock.timestamp(time)))

        case .pinchBegin(let surface, _, let time):
            pinchWindow = window(for: surface)
            pinchWindow?.receive(.transform(.began, scale: 1, rotation: 0, timestamp: clock.timestamp(time)))
        case .pinchUpdate(let scale, let rotation, let time):
            pinchWindow?.receive(.transform(.changed, scale: scale, rotation: rotation * .pi / 180,
                                            timestamp: clock.timestamp(time)))
        case .pinchEnd(let isCancelled, let time):
            pinchWindow?.receive(.transform(isCancelled ? .cancelled : .ended, scale: 1, rotation: 0,
                                            timestamp: clock.timestamp(time)))
            pinchWindow = nil

        case .touchDown(let surface, let id, let x, let y, let time):
            guard let window = window(for: surface) else { return }
            touchWindows[id] = WindowReference(window)
            touched(window)
            window.receive(.touchDown(id: id, location: location(x, y, in: window), timestamp: clock.timestamp(time)))
        case .touchMotion(let id, let x, let y, let time):
            guard let window = touchWindows[id]?.window else { return }
            touched(window)
            window.receive(.touchMotion(id: id, location: location(x, y, in: window), timestamp: clock.timestamp(time)))
        case .touchUp(let id, let time):
            guard let window = touchWindows.removeValue(forKey: id)?.window else { return }
            touched(window)
            window.receive(.touchUp(id: id, timestamp: clock.timestamp(time)))
        case .touchFrame:
            let windows = touchWindowsInFrame.compactMap(\.window)
            touchWindowsInFrame = []
            for window in windows { window.receive(.touchFrame) }
        case .touchCancel:
            // wl_touch.cancel: every touch of this client is gone.
            let windows = Set(touchWindows.values.compactMap(\.window).map(ObjectIdentifier.init))
            let cancelled = UIApplication.shared.windows.filter { windows.contains(ObjectIdentifier($0)) }
            touchWindows = [:]
            touchWindowsInFrame = []
            for window in cancelled { window.receive(.touchCancel(timestamp: clock.now)) }

        case .keyboardEnter(let surface):
            stopRepeating()
            keyboardWindow = window(for: surface)
            keyboardWindow?.receive(.keyboardFocus(true))
        case .keyboardLeave:
            stopRepeating()
            keyboardWindow?.receive(.keyboardFocus(false))
            keyboardWindow = nil
        case .key(let key, let isPressed, let time):
            let timestamp = clock.timestamp(time)
            if isPressed {
                startRepeating(key)
            } else if repeatingKey?.code == key.code {
                stopRepeating()
            }
            keyboardWindow?.receive(.key(KeyStroke(key), phase: isPressed ? .down : .up, timestamp: timestamp))
        }
    }

    private func touched(_ window: UIWindow) {
        if !touchWindowsInFrame.contains(where: { $0.window === window }) { touchWindowsInFrame.append(WindowReference(window)) }
    }

    // MARK: Key repeat

    /// A held key repeats after the compositor's delay, at its rate, until
    /// it (or focus) goes, or another key is pressed.
    private func startRepeating(_ key: Key) {
        stopRepeating()
        guard key.repeats, seat.repeatRate > 0 else { return }
        repeatingKey = key
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + .milliseconds(Int(max(seat.repeatDelay, 0))),
                       repeating: .nanoseconds(1_000_000_000 / Int(seat.repeatRate)))
        timer.setEventHandler { [weak self] in
            guard let self, let key = self.repeatingKey else { return }
            self.keyboardWindow?.receive(.key(KeyStroke(key), phase: .repeat, timestamp: self.clock.now))
        }
        timer.resume()
        repeatTimer = timer
    }

    private func stopRepeating() {
        repeatTimer?.cancel()
        repeatTimer = nil
        repeatingKey = nil
    }
}

private struct WindowReference {
    weak var window: UIWindow?
    init(_ window: UIWindow) { self.window = window }
}

/// Turns the compositor's millisecond timestamps (32 bits, any base) into
/// seconds on the app's `systemUptime` clock, keeping their spacing.
struct CompositorTimestamps {
    private var offset: TimeInterval?

    var now: TimeInterval { ProcessInfo.processInfo.systemUptime }

    mutating func timestamp(_ milliseconds: UInt32) -> TimeInterval {
        let seconds = TimeInterval(milliseconds) / 1000
        let current = now
        // Re-anchor on the first event, and when the compositor's clock
        // wrapped or is not the one it was (a timestamp in the future or
        // far in the past).
        if let offset, case let mapped = seconds + offset, mapped <= current + 0.01, mapped > current - 2 {
            return mapped
        }
        offset = current - seconds
        return current
    }
}
