import Foundation
@testable import StrataKit
import TestSupport
import XCTest

/// Scene-based launch as the current Xcode templates write it: the app
/// delegate names the scene delegate in its configuration, the scene
/// delegate makes `UIWindow(windowScene:)` in `scene(_:willConnectTo:options:)`.
final class SceneEndToEndTests: KitTestCase {
    /// UIScene's life cycle: willConnectTo, willEnterForeground,
    /// didBecomeActive at launch; resign, background and disconnect before
    /// the app ends. A window made without a frame fills the screen's
    /// usable area (here, maximized on the output).
    func testSceneDelegateMakesTheWindowAndSeesTheLifeCycle() throws {
        try startCompositor(width: 480, height: 360)
        SceneRecorder.calls = []
        let application = UIApplication.shared
        var exitStatus: Int32?
        application.terminationHandler = { exitStatus = $0 }
        application.launch(delegate: SceneAppDelegate())
        XCTAssertEqual(SceneRecorder.calls, ["configurationForConnecting", "willConnectTo", "willEnterForeground", "didBecomeActive"])
        let scene = try XCTUnwrap(application.connectedScenes.first as? UIWindowScene)
        XCTAssertEqual(scene.activationState, .foregroundActive)
        XCTAssertEqual(scene.session.role, .windowApplication)
        let delegate = try XCTUnwrap(scene.delegate as? SceneDelegate)
        let window = try XCTUnwrap(delegate.window)
        XCTAssertTrue(window.windowScene === scene)
        XCTAssertEqual(SceneRecorder.loadedViewSize, scene.screen.bounds.size, "viewDidLoad sees the screen's size, as on iOS")
        XCTAssertTrue(scene.windows.contains { $0 === window })

        XCTAssertTrue(runMainLoop(until: { window.surface?.isRootSent ?? false }))
        waitUntilPresented()
        XCTAssertTrue(runMainLoop(until: { window.bounds.width > 0 && window.bounds.height > 100 }))
        let placed = try serverWindow(titled: "Scene")
        XCTAssertEqual((placed["states"] as? [String])?.contains("maximized"), true, "\(placed)")
        XCTAssertEqual(window.bounds.width, 480, "as wide as the output")

        try XCTUnwrap(window.surface?.toplevel.onClose)()
        XCTAssertEqual(exitStatus, 0)
        XCTAssertEqual(Array(SceneRecorder.calls.suffix(3)), ["willResignActive", "didEnterBackground", "didDisconnect"])
        XCTAssertTrue(application.connectedScenes.isEmpty)
        application.delegate = nil
    }
}

enum SceneRecorder {
    nonisolated(unsafe) static var calls: [String] = []
    nonisolated(unsafe) static var loadedViewSize: CGSize?
}

final class SceneRootController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        SceneRecorder.loadedViewSize = view.bounds.size
    }
}

final class SceneAppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        SceneRecorder.calls.append("configurationForConnecting")
        let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = SceneDelegate.self
        return configuration
    }
}

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        SceneRecorder.calls.append("willConnectTo")
        guard let windowScene = (scene as? UIWindowScene) else { return }
        let window = UIWindow(windowScene: windowScene)
        window.title = "Scene"
        window.rootViewController = SceneRootController()
        window.makeKeyAndVisible()
        self.window = window
    }

    func sceneWillEnterForeground(_ scene: UIScene) { SceneRecorder.calls.append("willEnterForeground") }
    func sceneDidBecomeActive(_ scene: UIScene) { SceneRecorder.calls.append("didBecomeActive") }
    func sceneWillResignActive(_ scene: UIScene) { SceneRecorder.calls.append("willResignActive") }
    func sceneDidEnterBackground(_ scene: UIScene) { SceneRecorder.calls.append("didEnterBackground") }
    func sceneDidDisconnect(_ scene: UIScene) { SceneRecorder.calls.append("didDisconnect") }
}
