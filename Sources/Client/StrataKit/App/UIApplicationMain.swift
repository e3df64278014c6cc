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
    let applicationType: UIApplication.Type
    if let principalClassName {
        guard let type = _typeByName(principalClassName) as? UIApplication.Type else {
            fatalError("UIApplicationMain: \(principalClassName) is not a UIApplication subclass")
        }
        applicationType = type
    } else {
        applicationType = UIApplication.self
    }
    var delegate: UIApplicationDelegate?
    if let delegateClassName {
        guard let type = _typeByName(delegateClassName) as? UIApplicationDelegate.Type else {
            fatalError("UIApplicationMain: \(delegateClassName) is not a class adopting UIApplicationDelegate")
        }
        delegate = type.init()
    }
    let application = UIApplication.makeShared(type: applicationType)
    application.launch(delegate: delegate)
    application.runMainLoop()
}
