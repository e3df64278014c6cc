import XCTest
@testable import StrataKit

/// A log the view controllers of a test write their callbacks to, in order.
final class CallbackLog {
    var entries: [String] = []
    func take() -> [String] {
        defer { entries = [] }
        return entries
    }
}

/// A controller that writes down its appearance, containment and layout
/// callbacks as "NAME.callback(argument)", with the transition flags that
/// UIKit documents as meaningful inside them.
class LoggingViewController: UIViewController {
    let name: String
    let log: CallbackLog
    var logsLayout = false

    init(_ name: String, log: CallbackLog) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    private func flags() -> String {
        var flags: [String] = []
        if isMovingToParent { flags.append("movingTo") }
        if isMovingFromParent { flags.append("movingFrom") }
        if isBeingPresented { flags.append("presented") }
        if isBeingDismissed { flags.append("dismissed") }
        return flags.isEmpty ? "" : " [" + flags.joined(separator: ",") + "]"
    }

    override func viewWillAppear(_ animated: Bool) { log.entries.append("\(name).willAppear(\(animated))\(flags())") }
    override func viewDidAppear(_ animated: Bool) { log.entries.append("\(name).didAppear(\(animated))\(flags())") }
    override func viewWillDisappear(_ animated: Bool) { log.entries.append("\(name).willDisappear(\(animated))\(flags())") }
    override func viewDidDisappear(_ animated: Bool) { log.entries.append("\(name).didDisappear(\(animated))\(flags())") }

    override func willMove(toParent parent: UIViewController?) {
        log.entries.append("\(name).willMove(\(Self.name(of: parent)))")
    }

    override func didMove(toParent parent: UIViewController?) {
        log.entries.append("\(name).didMove(\(Self.name(of: parent)))")
    }

    override func viewWillLayoutSubviews() { if logsLayout { log.entries.append("\(name).viewWillLayoutSubviews") } }
    override func viewDidLayoutSubviews() { if logsLayout { log.entries.append("\(name).viewDidLayoutSubviews") } }

    static func name(of controller: UIViewController?) -> String {
        guard let controller else { return "nil" }
        if let logging = controller as? LoggingViewController { return logging.name }
        return String(describing: type(of: controller))
    }
}

/// A window shown without a compositor (the update cycle is not needed:
/// tests lay out by hand), 320 × 480 points.
class ViewControllerTestCase: XCTestCase {
    var window: UIWindow!
    let log = CallbackLog()

    override func setUp() {
        super.setUp()
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    }

    override func tearDown() {
        thawMediaClock()
        window.rootViewController = nil
        window.isHidden = true
        window = nil
        super.tearDown()
    }

    func controller(_ name: String) -> LoggingViewController {
        LoggingViewController(name, log: log)
    }

    /// Makes `root` the window's root and shows the window; clears the log.
    func show(_ root: UIViewController) {
        window.rootViewController = root
        window.isHidden = false
        window.layoutIfNeeded()
        _ = log.take()
    }

    /// A media clock that stands still until the test moves it, so
    /// `presentation()` shows a transition at a chosen moment.
    final class FrozenClock: @unchecked Sendable { var time = 1.0 }

    func freezeMediaClock() -> FrozenClock {
        let clock = FrozenClock()
        MediaClock.current = MediaClock { clock.time }
        return clock
    }

    /// Back to the real clock: animations begun on the frozen one are over
    /// by its measure, so they end on the next turns.
    func thawMediaClock() {
        MediaClock.current = .monotonic
    }

    /// Where `view`'s frame is on screen at `time` of the frozen clock.
    func presentedFrame(of view: UIView, at time: Double, on clock: FrozenClock) -> CGRect {
        clock.time = time
        return view.layer.presentation()?.frame ?? view.frame
    }

    /// Turns the main run loop until `condition` holds (animations that no
    /// compositor plays end on timers), at most `timeout` seconds.
    func spin(until condition: () -> Bool, timeout: TimeInterval = 3) {
        CATransaction.flush()
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
    }
}
