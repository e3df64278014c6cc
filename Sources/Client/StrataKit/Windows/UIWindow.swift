import Foundation

/// A window: the root of a view hierarchy, shown by the compositor as an
/// xdg_toplevel whose content is the window's layer tree.
///
/// As in UIKit a window starts hidden; `makeKeyAndVisible()` (or
/// `isHidden = false`) shows it, which opens the compositor connection the
/// first time; hiding it unmaps it. Its bounds follow the size the
/// compositor configures, which runs autoresizing and layout like any
/// bounds change. An app may have several windows.
open class UIWindow: UIView {
    /// Pixels per point of the output the window is on (the wl_output
    /// scale); 1 until the compositor says otherwise. Views read it as
    /// their `contentScaleFactor`.
    var screenScale: CGFloat = 1 {
        didSet {
            // Views take the new scale as their contentScaleFactor (unless
            // set by hand) and those that draw redraw at it.
            if screenScale != oldValue { windowScreenScaleDidChange() }
        }
    }

    /// The xdg_toplevel app id of this process's windows.
    static var applicationID: String = ProcessInfo.processInfo.processName

    /// Shown without a frame: sized to the screen and maximized.
    var fillsScreen = false

    /// A window made in a scene fills the screen, as UIKit's do.
    public convenience init(windowScene: UIWindowScene) {
        self.init(frame: windowScene.screen.bounds)
        fillsScreen = true
        join(windowScene)
    }

    /// The scene the window belongs to.
    open var windowScene: UIWindowScene? {
        get { scene }
        set { join(newValue) }
    }

    private weak var scene: UIWindowScene?

    private func join(_ newScene: UIWindowScene?) {
        guard newScene !== scene else { return }
        scene?.windowList.removeAll { $0.window == nil || $0.window === self }
        scene = newScene
        newScene?.windowList.append(UIWindowScene.WeakWindow(window: self))
    }

    /// The compositor side of the window while it is visible.
    var surface: WindowSurface?

    /// Whether the compositor configured the window, so its tree is sent.
    var isShownOnCompositor: Bool { surface?.isConfigured ?? false }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        // UIKit: "windows are hidden by default".
        isHidden = true
        UIApplication.shared.register(self)
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    /// A window's next responder is the application.
    open override var next: UIResponder? {
        UIApplication.shared
    }

    // MARK: Events (Events/UIWindow+Input.swift and its neighbours)

    /// Delivers an event that UIApplication.sendEvent(_:) dispatched here:
    /// touches to their views and gesture recognizers, presses to the first
    /// responder, scrolls to the pan gesture recognizers that accept them.
    open func sendEvent(_ event: UIEvent) {
        deliver(event)
    }

    /// The input this window is in the middle of: touches, presses, gestures.
    let input = WindowInputState()

    /// The responder keys go to (Keyboard/UIResponder+FirstResponder.swift).
    weak var firstResponderReference: UIResponder?

    deinit {
        surface?.tearDown()
    }

    // MARK: The root view controller

    /// The controller whose view fills the window: its view is added sized
    /// to the window's bounds, with flexible width and height, so it
    /// follows the window when the window is resized. While the window is
    /// visible the old controller disappears and the new one appears
    /// (appearance callbacks, forwarded to their children).
    open var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            let visible = !isHidden
            if let oldValue {
                if visible { oldValue.beginAppearanceTransition(false, animated: false) }
                if let oldView = oldValue.viewIfLoaded, oldView.superview === self { oldView.removeFromSuperview() }
                if visible { oldValue.endAppearanceTransition() }
            }
            guard let controller = rootViewController else { return }
            controller.frameForLoadedView = bounds
            guard let view = controller.view else { return }
            view.frame = bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            if visible { controller.beginAppearanceTransition(true, animated: false) }
            addSubview(view)
            if visible { controller.endAppearanceTransition() }
        }
    }

    /// Showing the window makes its root view controller (or the
    /// controller presented over it) appear; hiding it makes it disappear.
    open override var isHidden: Bool {
        get { super.isHidden }
        set {
            let wasHidden = super.isHidden
            super.isHidden = newValue
            guard wasHidden != newValue, let root = rootViewController else { return }
            // What is on screen: the last controller presented over the
            // root, and beneath it those an "over" presentation leaves visible.
            var chain = [root]
            while let presented = chain.last!.presentedViewController { chain.append(presented) }
            var shown = [chain.removeLast()]
            while shown.last!.keepsPresenterVisible, let presenter = chain.popLast() { shown.append(presenter) }
            for controller in shown { controller.beginAppearanceTransition(!newValue, animated: false) }
            for controller in shown { controller.endAppearanceTransition() }
        }
    }

    // MARK: Key window and visibility

    /// Whether this is the app's key window.
    open var isKeyWindow: Bool { UIApplication.shared.keyWindow === self }

    /// Makes this the key window; the previous one gets `resignKey()`.
    open func makeKey() {
        let application = UIApplication.shared
        guard application.keyWindowReference !== self else { return }
        let previous = application.keyWindowReference
        application.keyWindowReference = self
        previous?.loseKeyStatus()
        becomeKey()
        NotificationCenter.default.post(name: UIWindow.didBecomeKeyNotification, object: self)
    }

    /// Stops being the key window (keyboard focus went elsewhere): its keys
    /// in progress are cancelled, then resignKey() and the notification.
    func loseKeyStatus() {
        cancelActivePresses()
        resignKey()
        NotificationCenter.default.post(name: UIWindow.didResignKeyNotification, object: self)
    }

    public static let didBecomeKeyNotification = Notification.Name("UIWindowDidBecomeKeyNotification")
    public static let didResignKeyNotification = Notification.Name("UIWindowDidResignKeyNotification")

    /// Shows the window and makes it key.
    open func makeKeyAndVisible() {
        isHidden = false
        makeKey()
        synchronizeVisibility()
    }

    open func becomeKey() {}
    open func resignKey() {}

    /// The window's title, which the compositor shows (xdg_toplevel.set_title).
    /// UIKit on iOS has no window titles; desktop windows need one.
    public var title: String = "" {
        didSet {
            guard title != oldValue else { return }
            surface?.setTitle(title)
            UpdateCycle.shared.schedule()
        }
    }

    /// Maps or unmaps the window to match `isHidden` (run by the update
    /// cycle, since `isHidden` is UIView's and only says so through the layer).
    func synchronizeVisibility() {
        if let surface, !surface.isAlive {
            self.surface = nil
        }
        if isHidden {
            // Nothing in progress will be finished by the compositor now.
            cancelAllInput()
        }
        if isHidden, let surface {
            surface.tearDown()
            self.surface = nil
        } else if !isHidden, surface == nil {
            show()
        }
    }

    private func show() {
        do {
            let compositor = try CompositorConnection.open()
            // UIKit: a window made without a frame fills its screen. Here it
            // asks to be maximized, so it fills the output's usable area.
            if bounds.isEmpty {
                fillsScreen = true
                frame = UIScreen.main.bounds
            }
            screenScale = compositor.screenScale
            surface = try WindowSurface(window: self, compositor: compositor)
            UpdateCycle.shared.schedule()
        } catch let error as CompositingModeError {
            // The app cannot be shown the way it was told to: it says why and ends.
            FileHandle.standardError.write(Data("StrataKit: \(error)\n".utf8))
            UIApplication.shared.terminationHandler(1)
        } catch {
            FileHandle.standardError.write(Data("StrataKit: cannot show the window: \(error)\n".utf8))
        }
    }

    // MARK: Converting between windows

    /// Converts a point from this window's coordinates to `window`'s (nil:
    /// screen coordinates, where a window's frame is its place).
    open func convert(_ point: CGPoint, to window: UIWindow?) -> CGPoint {
        let onScreen = CGPoint(x: point.x - bounds.minX + frame.minX, y: point.y - bounds.minY + frame.minY)
        return window?.pointFromScreen(onScreen) ?? onScreen
    }

    /// Converts a point from `window`'s coordinates (nil: the screen's) to this window's.
    open func convert(_ point: CGPoint, from window: UIWindow?) -> CGPoint {
        let onScreen = window?.convert(point, to: nil as UIWindow?) ?? point
        return pointFromScreen(onScreen)
    }

    open func convert(_ rect: CGRect, to window: UIWindow?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: window), size: rect.size)
    }

    open func convert(_ rect: CGRect, from window: UIWindow?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: window), size: rect.size)
    }

    private func pointFromScreen(_ point: CGPoint) -> CGPoint {
        CGPoint(x: point.x - frame.minX + bounds.minX, y: point.y - frame.minY + bounds.minY)
    }
}
