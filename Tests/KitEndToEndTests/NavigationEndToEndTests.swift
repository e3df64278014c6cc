import CPixman
import Foundation
import StrataRender
import TestSupport
import XCTest
@testable import StrataKit

/// A navigation controller in a window on a real compositor, driven by
/// `strata input` clicks: the bar button pushes a controller (the
/// compositor plays the slide), the back button pops it, and the screen
/// shows each state.
final class NavigationEndToEndTests: KitTestCase {
    final class InboxController: UIViewController {
        var pushes = 0
        override func viewDidLoad() {
            title = "Inbox"
            view.backgroundColor = .white
            let label = UILabel()
            label.text = "3 messages"
            label.sizeToFit()
            label.frame.origin = CGPoint(x: 20, y: 64)
            view.addSubview(label)
            navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Next", style: .plain, target: self,
                                                                action: InboxController.showMessage)
            toolbarItems = [UIBarButtonItem(barButtonSystemItem: .refresh, target: nil, action: nil), .flexibleSpace(),
                            UIBarButtonItem(barButtonSystemItem: .compose, target: nil, action: nil)]
        }

        func showMessage() {
            pushes += 1
            navigationController?.pushViewController(MessageController(), animated: true)
        }
    }

    final class MessageController: UIViewController {
        var appeared = false
        override func viewDidLoad() {
            title = "Message"
            view.backgroundColor = .systemGray6
            let label = UILabel()
            label.text = "Hello"
            label.sizeToFit()
            label.frame.origin = CGPoint(x: 20, y: 64)
            view.addSubview(label)
            toolbarItems = [.flexibleSpace(), UIBarButtonItem(barButtonSystemItem: .trash, target: nil, action: nil)]
        }
        override func viewDidAppear(_ animated: Bool) { appeared = true }
        override func viewDidDisappear(_ animated: Bool) { appeared = false }
    }

    private var window: UIWindow!
    private var navigation: UINavigationController!
    private var inbox: InboxController!
    private var origin = (x: 0, y: 0)

    override func setUpWithError() throws {
        try startCompositor(width: 360, height: 280)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        window.title = "Navigation"
        inbox = InboxController()
        navigation = UINavigationController(rootViewController: inbox)
        navigation.isToolbarHidden = false
        window.rootViewController = navigation
        show(window)
        origin = try origin(of: serverWindow(titled: "Navigation"))
    }

    override func tearDown() {
        window = nil
        navigation = nil
        inbox = nil
        super.tearDown()
    }

    /// Output coordinates of the center of `view`, as text for `strata input`.
    private func outputCenter(of view: UIView) -> [String] {
        let point = view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: window)
        return ["\(CGFloat(origin.x) + point.x)", "\(CGFloat(origin.y) + point.y)"]
    }

    /// Compares the screen with References/NAME.png. Text antialiasing may
    /// differ by a few levels: tolerance 4 per channel, and no pixel beyond it.
    private func assertMatchesReference(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        // The pointer is drawn: it waits in the output's corner, off the window.
        try strata.input("move", "350", "270")
        let path = strata.runtimeDirectory + "/\(name).png"
        _ = try strata.screenshot(to: path)
        let image = try PNGFile.read(path: path)
        defer { pixman_image_unref(image) }
        ImageComparison.assertMatches(image, reference: name, in: .module, referencesDirectory: references,
                                      tolerance: 4, maxDifferingPixels: 0, file: file, line: line)
    }

    /// Lets the compositor finish the slide (0.35 s) and present the result.
    private func settle() {
        runMainLoop(for: 0.5)
        waitUntilPresented()
    }

    func testBarButtonPushesAndBackButtonPops() throws {
        // The inbox under its bar ("Inbox", a "Next" item) above a toolbar.
        let next = try XCTUnwrap(navigation.navigationBar.rightViews.first)
        try assertMatchesReference("kit-navigation-inbox")

        try strata.input(["click"] + outputCenter(of: next))
        XCTAssertTrue(runMainLoop(until: { self.inbox.pushes == 1 }), "the click did not reach the bar button")
        let message = try XCTUnwrap(navigation.topViewController as? MessageController)
        XCTAssertTrue(runMainLoop(until: { message.appeared }), "the push did not finish")
        settle()
        // The message, with a back button "‹ Inbox" and the trash in the toolbar.
        XCTAssertEqual(navigation.navigationBar.backButton?.title, "Inbox")
        try assertMatchesReference("kit-navigation-message")

        let back = try XCTUnwrap(navigation.navigationBar.backButton)
        try strata.input(["click"] + outputCenter(of: back))
        XCTAssertTrue(runMainLoop(until: { self.navigation.topViewController === self.inbox && !message.appeared }),
                      "the back button did not pop")
        settle()
        XCTAssertEqual(navigation.viewControllers.count, 1)
        try assertMatchesReference("kit-navigation-inbox")
    }

    /// The slide is the compositor's to play: after the push's one commit,
    /// the compositor holds position animations for both views (the new
    /// one from the right, the old one moving left) and the app commits
    /// nothing more until they end. (What the screen shows midway is not
    /// asserted here: that depends on when a loaded machine takes the
    /// screenshot; the transitions demo test looks at a moment with a
    /// manual clock.)
    func testPushSlidesOnTheCompositor() throws {
        navigation.pushViewController(MessageController(), animated: true)
        waitForNextCommit()
        let commitsBefore = compositor.lastCommitSerial
        let positionAnimations = try collectAnimations(in: appRootLayer(of: serverWindow(titled: "Navigation")))
            .filter { $0["keyPath"] as? String == "position" }
        XCTAssertGreaterThanOrEqual(positionAnimations.count, 2, "\(positionAnimations)")
        // Geometry animations are additive, as UIKit's are: each goes from
        // (old − new) to 0, so a view that moves left starts right of where it ends.
        let xs = positionAnimations.compactMap { animation -> (from: Double, to: Double)? in
            guard let from = animation["from"] as? [Double], let to = animation["to"] as? [Double] else { return nil }
            return (from[0], to[0])
        }
        XCTAssertTrue(xs.filter { $0.from > $0.to }.count >= 2, "both views move left: \(xs)")
        runMainLoop(for: UINavigationController.transitionDuration / 2)
        XCTAssertEqual(compositor.lastCommitSerial, commitsBefore, "the app commits nothing while the compositor slides")
    }

    /// Every "animations" entry in a dumped layer tree.
    private func collectAnimations(in layer: [String: Any]) -> [[String: Any]] {
        let own = layer["animations"] as? [[String: Any]] ?? []
        let sublayers = layer["sublayers"] as? [[String: Any]] ?? []
        return own + sublayers.flatMap { collectAnimations(in: $0) }
    }
}
