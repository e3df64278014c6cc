import Foundation

/// The app's delegate, as in UIKit: told when the app finished launching
/// and when it is about to end.
///
/// `@main` on a class adopting it starts the app, as on iOS:
///
///     @main
///     final class AppDelegate: UIResponder, UIApplicationDelegate {
///         var window: UIWindow?
///         func application(_ application: UIApplication,
///                          didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
///             window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
///             window?.rootViewController = ViewController()
///             window?.makeKeyAndVisible()
///             return true
///         }
///     }
///
/// The app creates the delegate from its type, which Swift allows only
/// through an `init()` requirement; so the class is `final` (or declares
/// `required init()`), the one difference from an iOS app delegate.
public protocol UIApplicationDelegate: AnyObject {
    init()

    /// The window of a single-window app (UIKit's convention; optional).
    var window: UIWindow? { get set }

    func application(_ application: UIApplication,
                     willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    /// Called once before the app exits (here: after its last window was closed).
    func applicationWillTerminate(_ application: UIApplication)

    /// The configuration of a scene being connected; a `delegateClass` set
    /// on it makes the app scene-based (the default names none).
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration
}

extension UIApplicationDelegate {
    public var window: UIWindow? {
        get { nil }
        set {}
    }

    public func application(_ application: UIApplication,
                            willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        true
    }

    public func application(_ application: UIApplication,
                            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        true
    }

    public func applicationWillTerminate(_ application: UIApplication) {}

    public func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                            options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }

    /// The entry point `@main` calls: runs the app with this type as its
    /// delegate, as `UIApplicationMain` does on iOS. Never returns.
    public static func main() {
        let application = UIApplication.makeShared(type: UIApplication.self)
        application.launch(delegate: Self())
        application.runMainLoop()
    }
}
