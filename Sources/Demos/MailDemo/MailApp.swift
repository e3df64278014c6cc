import Foundation
import StrataKit

// A mail client as UIKit apps are written: an inbox in a table view
// controller (sections by day with pinned headers, self-sizing rows,
// swipe actions, pull to refresh), a message pushed onto the navigation
// stack with its body in a text view, and a compose alert with a text
// field. What happens is printed, one line an event, for tests.

@main
final class MailAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        if CommandLine.arguments.count > 1 {
            FileHandle.standardError.write(Data("strata-mail-demo: unexpected argument \(CommandLine.arguments[1]) (it takes none)\n".utf8))
            exit(2)
        }
        setvbuf(stdout, nil, _IOLBF, 0)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 380, height: 560))
        window.title = "Mail"
        window.rootViewController = UINavigationController(rootViewController: InboxViewController(mailbox: Mailbox.sample()))
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
