import Foundation
import StrataKit

// A settings app as a person would use one: a navigation controller whose
// first screen scrolls through a switch, a slider, a text field and rows in
// several scripts, above a toolbar; a row pushes a list of 300 cities built
// from a few reusable row views (the scroll view tiles its content, as the
// View Programming Guide lays out a large scrollable area).

@main
final class SettingsAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        if CommandLine.arguments.count > 1 {
            FileHandle.standardError.write(Data("strata-settings-demo: unexpected argument \(CommandLine.arguments[1]) (it takes none)\n".utf8))
            exit(2)
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 360, height: 520))
        window.title = "Settings"
        let navigation = UINavigationController(rootViewController: SettingsViewController())
        navigation.isToolbarHidden = false
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
