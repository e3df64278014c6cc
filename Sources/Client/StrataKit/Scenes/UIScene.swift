import Foundation

/// One instance of the app's interface, as UIKit's scenes are: on a
/// desktop, the app's windows of one scene. The app connects one scene at
/// launch when its delegate's `application(_:configurationForConnecting:options:)`
/// names a delegate class, and the scene's delegate makes its window.
open class UIScene: UIResponder {
    public enum ActivationState: Int, Sendable {
        case unattached = -1, foregroundActive, foregroundInactive, background
    }

    /// What the scene was opened with (nothing, on Linux, yet).
    open class ConnectionOptions {
        public init() {}
    }

    public let session: UISceneSession
    /// The scene keeps its delegate, as UIKit's does.
    open var delegate: UISceneDelegate?
    open internal(set) var activationState: ActivationState = .unattached
    open var title: String! = ""

    public required init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) {
        self.session = session
        super.init()
    }
}

/// A scene of windows.
open class UIWindowScene: UIScene {
    /// The scene's windows, in the order they joined it (held weakly:
    /// whoever made a window keeps it, as in UIKit).
    open var windows: [UIWindow] { windowList.compactMap(\.window) }
    var windowList: [WeakWindow] = []

    struct WeakWindow {
        weak var window: UIWindow?
    }

    open var screen: UIScreen { UIScreen.main }

    open var keyWindow: UIWindow? { windows.first { $0 === UIApplication.shared.keyWindow } }

    open var traitCollection: UITraitCollection { screen.traitCollection }
}

/// A scene's lasting record: its role and configuration.
open class UISceneSession {
    public struct Role: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
    }

    public let role: Role
    public let persistentIdentifier = UUID().uuidString
    open internal(set) var configuration: UISceneConfiguration
    open internal(set) weak var scene: UIScene?

    init(role: Role) {
        self.role = role
        configuration = UISceneConfiguration(name: nil, sessionRole: role)
    }
}

/// Which classes make a scene: its delegate (`delegateClass`, a class
/// adopting UISceneDelegate) and the scene itself (`sceneClass`,
/// UIWindowScene by default). Set in code: there is no Info.plist.
open class UISceneConfiguration {
    open var name: String?
    public let role: UISceneSession.Role
    open var delegateClass: AnyClass?
    open var sceneClass: AnyClass?

    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        role = sessionRole
    }
}
