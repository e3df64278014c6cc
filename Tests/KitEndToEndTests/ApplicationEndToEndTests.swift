import Foundation
@testable import StrataKit
import TestSupport
import XCTest

/// UIApplication in the test process: launching, the main run loop serving
/// ordinary Swift code, and ending when the compositor closes the last window.
final class ApplicationEndToEndTests: KitTestCase {
    /// UIKit: UIApplicationMain creates the delegate, calls
    /// application(_:didFinishLaunchingWithOptions:), and the window it
    /// makes key and visible appears. (The same path as UIApplicationMain
    /// up to its never-ending run loop.)
    func testLaunchCallsTheDelegateAndShowsItsWindow() throws {
        try startCompositor()
        let delegate = LaunchingDelegate()
        let application = UIApplication.shared
        application.launch(delegate: delegate)
        XCTAssertEqual(delegate.calls, ["willFinishLaunching", "didFinishLaunching"])
        XCTAssertTrue(application.delegate === delegate)
        let window = try XCTUnwrap(delegate.window)
        XCTAssertTrue(application.windows.contains { $0 === window })
        XCTAssertTrue(application.keyWindow === window)
        XCTAssertTrue(runMainLoop(until: { window.surface?.isRootSent ?? false }))
        waitUntilPresented()
        let root = try appRootLayer(of: serverWindow(titled: "launched"))
        XCTAssertEqual(root.sublayers.first?.backgroundRGBA, [0, 0, 1, 1], "the root view controller's view")
        application.delegate = nil
    }

    /// One main run loop serves the Wayland socket, DispatchQueue.main,
    /// Timer and @MainActor tasks: changes made from each reach the screen.
    func testMainRunLoopServesDispatchTimersAndMainActorTasks() throws {
        try startCompositor()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 30, height: 10))
        window.title = "sources"
        let views = (0..<3).map { index -> UIView in
            let view = UIView(frame: CGRect(x: index * 10, y: 0, width: 10, height: 10))
            window.addSubview(view)
            return view
        }
        show(window)

        let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        DispatchQueue.main.async { views[0].backgroundColor = blue }
        let timer = Timer(timeInterval: 0.02, repeats: false) { _ in views[1].backgroundColor = blue }
        RunLoop.main.add(timer, forMode: .default)
        Task { @MainActor in views[2].backgroundColor = blue }

        XCTAssertTrue(runMainLoop(until: {
            let root = try? self.appRootLayer(of: self.serverWindow(titled: "sources"))
            return root?.sublayers.allSatisfy { $0.backgroundRGBA == [0, 0, 1, 1] } ?? false
        }), "not every change reached the compositor")
    }

    /// xdg_toplevel.close hides the window; when the last visible window is
    /// closed the app tells its delegate (applicationWillTerminate(_:)) and
    /// exits with status 0. The test catches the exit; the close arrives
    /// through the handler the xdg_toplevel.close event calls, since the
    /// compositor has no way yet to send one on request.
    func testClosingTheLastWindowEndsTheApp() throws {
        try startCompositor()
        let application = UIApplication.shared
        let delegate = LaunchingDelegate()
        application.delegate = delegate
        var exitStatus: Int32?
        application.terminationHandler = { exitStatus = $0 }

        let first = UIWindow(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        first.title = "first"
        let second = UIWindow(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        second.title = "second"
        show(first)
        show(second)

        try XCTUnwrap(first.surface?.toplevel.onClose)()
        XCTAssertTrue(first.isHidden)
        XCTAssertNil(exitStatus, "a window is still open")
        XCTAssertTrue(runMainLoop(until: { (try? self.strata.windows().compactMap { $0["title"] as? String }) == ["second"] }))

        try XCTUnwrap(second.surface?.toplevel.onClose)()
        XCTAssertEqual(exitStatus, 0)
        XCTAssertEqual(delegate.calls.last, "willTerminate")
        XCTAssertTrue(runMainLoop(until: { (try? self.strata.windows().isEmpty) ?? false }))
        application.delegate = nil
    }

    /// UIApplicationMain finds the delegate class by the name
    /// NSStringFromClass / String(reflecting:) gives it.
    func testUIApplicationMainFindsClassesByName() {
        XCTAssertTrue(UIApplication.delegateClass(named: String(reflecting: LaunchingDelegate.self)) == LaunchingDelegate.self)
        XCTAssertNil(UIApplication.delegateClass(named: "KitEndToEndTests.NoSuchDelegate"))
        XCTAssertTrue(UIApplication.applicationClass(named: "StrataKit.UIApplication") == UIApplication.self)
    }

    /// Views and windows work with no compositor (as in a UIKit unit test):
    /// nothing connects until a window is shown.
    func testViewsAndHiddenWindowsNeedNoCompositor() {
        CompositorConnection.close()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(UIView(frame: window.bounds))
        window.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        runMainLoop(for: 0.05)
        XCTAssertNil(CompositorConnection.current)
        XCTAssertTrue(CATransaction.changedLayers.isEmpty, "changes are not kept for a compositor that is not there")
    }
}

final class LaunchingDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var calls: [String] = []

    func application(_ application: UIApplication,
                     willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        calls.append("willFinishLaunching")
        return true
    }

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        calls.append("didFinishLaunching")
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 80, height: 60))
        window.title = "launched"
        let controller = UIViewController()
        controller.view.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        self.window = window
        return true
    }

    func applicationWillTerminate(_ application: UIApplication) {
        calls.append("willTerminate")
    }
}
