import Foundation

/// Creates the application object and its delegate, calls the launch
/// methods, and runs the main run loop; as in UIKit it never returns (the
/// app exits with status 0 when its last window is closed).
///
/// `principalClassName` names a UIApplication subclass (nil: UIApplication);
/// `delegateClassName` names a class adopting UIApplicationDelegate, as
/// `String(reflecting:)` or `NSStringFromClass` spell it ("Module.AppDelegate").
@discardableResult
public func UIApplicationMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                              _ principalClassName: String?, _ delegateClassName: String?) -> Int32 {
    var applicationType: UIApplication.Type = UIApplication.self
    if let principalClassName {
        guard let type = UIApplication.applicationClass(named: principalClassName) else {
            fatalError("UIApplicationMain: \(principalClassName) is not a UIApplication subclass")
        }
        applicationType = type
    }
    var delegate: UIApplicationDelegate?
    if let delegateClassName {
        guard let type = UIApplication.delegateClass(named: delegateClassName) else {
            fatalError("UIApplicationMain: \(delegateClassName) is not a class adopting UIApplicationDelegate")
        }
        delegate = type.init()
    }
    let application = UIApplication.makeShared(type: applicationType)
    application.launch(delegate: delegate)
    application.runMainLoop()
}

extension UIApplication {
    /// The UIApplication subclass with this module-qualified name.
    static func applicationClass(named name: String) -> UIApplication.Type? {
        _typeByName(name) as? UIApplication.Type
    }

    /// The delegate class with this module-qualified name ("App.AppDelegate").
    static func delegateClass(named name: String) -> UIApplicationDelegate.Type? {
        _typeByName(name) as? UIApplicationDelegate.Type
    }
}
