import Foundation

/// The app: its delegate, its windows, its main run loop.
///
/// One exists per process (`shared`). `UIApplicationMain` makes it; code
/// that never calls it (a test, a tool) gets a plain one on first use of
/// `shared`, so windows can be shown from any main-thread code.
open class UIApplication: UIResponder {
    /// Keys of the launch options dictionary (none are sent on Linux yet).
    public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    private static var sharedInstance: UIApplication?

    /// The app object.
    public class var shared: UIApplication {
        if let sharedInstance { return sharedInstance }
        return makeShared(type: UIApplication.self)
    }

    static func makeShared(type: UIApplication.Type) -> UIApplication {
        if let sharedInstance { return sharedInstance }
        let made = type.init()
        sharedInstance = made
        UpdateCycle.shared.install()
        return made
    }

    /// Required so `UIApplicationMain` can make a subclass from its name.
    public required override init() {
        super.init()
    }

    /// Kept strongly while it is the delegate, as UIApplicationMain keeps
    /// the delegate it creates for the life of the app.
    private var retainedDelegate: UIApplicationDelegate?

    /// The app's delegate.
    open var delegate: UIApplicationDelegate? {
        get { retainedDelegate }
        set { retainedDelegate = newValue }
    }

    /// Every window that exists, in the order they were made, shown or hidden.
    open var windows: [UIWindow] {
        windowList.removeAll { $0.window == nil }
        return windowList.compactMap(\.window)
    }

    /// The window that was last made key and is still visible.
    open var keyWindow: UIWindow? {
        guard let key = keyWindowReference, !key.isHidden else { return nil }
        return key
    }

    weak var keyWindowReference: UIWindow?

    /// The scenes connected, in order (UIApplication+Scenes).
    var connectedSceneList: [UIScene] = []

    private struct WeakWindow { weak var window: UIWindow? }
    private var windowList: [WeakWindow] = []

    /// Whether the app is running its main run loop (set by `runMainLoop`).
    public internal(set) var isRunning = false

    /// Ends the process once the app is done; tests replace it to watch
    /// the app decide to exit without exiting themselves.
    var terminationHandler: (Int32) -> Void = { status in exit(status) }

    /// The responder chain ends at the app delegate when it is a responder.
    open override var next: UIResponder? {
        delegate as? UIResponder
    }

    // MARK: Events (Events/UIApplication+Events.swift)

    /// Dispatches an event to its window (the key window for presses);
    /// drops touches, scrolls and presses while interaction events are ignored.
    open func sendEvent(_ event: UIEvent) {
        dispatch(event)
    }

    /// How many beginIgnoringInteractionEvents() are not yet ended.
    var interactionIgnoreCount = 0

    // MARK: Windows

    func register(_ window: UIWindow) {
        windowList.removeAll { $0.window == nil || $0.window === window }
        windowList.append(WeakWindow(window: window))
    }
}
