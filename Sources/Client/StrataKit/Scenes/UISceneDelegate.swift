import Foundation

/// A scene's delegate, as in UIKit: told when the scene connects (make
/// the window there), becomes active, and goes. As for the app delegate,
/// StrataKit makes it from its class, which Swift allows only through an
/// `init()` requirement: the class is `final` (or declares `required init()`).
public protocol UISceneDelegate: AnyObject {
    init()

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    func sceneDidDisconnect(_ scene: UIScene)
    func sceneWillEnterForeground(_ scene: UIScene)
    func sceneDidBecomeActive(_ scene: UIScene)
    func sceneWillResignActive(_ scene: UIScene)
    func sceneDidEnterBackground(_ scene: UIScene)
}

extension UISceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    public func sceneDidDisconnect(_ scene: UIScene) {}
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    public func sceneWillResignActive(_ scene: UIScene) {}
    public func sceneDidEnterBackground(_ scene: UIScene) {}
}

/// A window scene's delegate: it holds the scene's window.
public protocol UIWindowSceneDelegate: UISceneDelegate {
    var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
    public var window: UIWindow? {
        get { nil }
        set {}
    }
}

extension UIApplication {
    /// The scenes connected now.
    public var connectedScenes: Set<UIScene> { Set(connectedSceneList) }

    /// Connects the app's first scene, when its delegate's configuration
    /// names a scene delegate: the scene is made, then its delegate, which
    /// is told `scene(_:willConnectTo:options:)`, then that the scene
    /// enters the foreground and becomes active.
    func connectInitialScene() {
        let session = UISceneSession(role: .windowApplication)
        let options = UIScene.ConnectionOptions()
        let configuration = delegate?.application(self, configurationForConnecting: session, options: options)
            ?? UISceneConfiguration(name: nil, sessionRole: session.role)
        session.configuration = configuration
        guard let delegateClass = configuration.delegateClass else { return }
        guard let delegateType = delegateClass as? UISceneDelegate.Type else {
            FileHandle.standardError.write(Data("StrataKit: the scene configuration's delegateClass \(delegateClass) does not adopt UISceneDelegate; no scene is connected\n".utf8))
            return
        }
        if let sceneClass = configuration.sceneClass, !(sceneClass is UIScene.Type) {
            FileHandle.standardError.write(Data("StrataKit: the scene configuration's sceneClass \(sceneClass) is not a UIScene; a UIWindowScene is made instead\n".utf8))
        }
        let sceneType = configuration.sceneClass as? UIScene.Type ?? UIWindowScene.self
        // A window scene is on a screen: the compositor connection opens
        // now, so UIScreen.main has the output's size when the scene's
        // delegate makes its window (and its root view controller's view).
        _ = try? CompositorConnection.open()
        let scene = sceneType.init(session: session, connectionOptions: options)
        session.scene = scene
        scene.delegate = delegateType.init()
        connectedSceneList.append(scene)
        scene.delegate?.scene(scene, willConnectTo: session, options: options)
        scene.activationState = .foregroundInactive
        scene.delegate?.sceneWillEnterForeground(scene)
        scene.activationState = .foregroundActive
        scene.delegate?.sceneDidBecomeActive(scene)
    }

    /// Before the app ends: each scene resigns, goes to the background and disconnects.
    func disconnectScenes() {
        for scene in connectedSceneList {
            scene.delegate?.sceneWillResignActive(scene)
            scene.activationState = .background
            scene.delegate?.sceneDidEnterBackground(scene)
            scene.activationState = .unattached
            scene.delegate?.sceneDidDisconnect(scene)
        }
        connectedSceneList = []
    }
}

extension UIScene: Hashable {
    public static func == (lhs: UIScene, rhs: UIScene) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
