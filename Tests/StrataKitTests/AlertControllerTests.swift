import XCTest
@testable import StrataKit

/// UIAlertController as Apple's reference describes it ("UIKit displays
/// alerts and action sheets modally over your app's content"), its
/// actions (UIAlertAction), `preferredAction` and text fields, presented
/// in a 400 × 400 window over a root controller. The window also holds a
/// text field (TextFieldTestCase) that has the keys before the alert.
final class AlertControllerTests: TextFieldTestCase {
    var root: LoggingViewController!
    let log = CallbackLog()

    override func setUp() {
        super.setUp()
        root = LoggingViewController("root", log: log)
        window.rootViewController = root
        window.layoutIfNeeded()
        _ = log.take()
    }

    override func tearDown() {
        window.rootViewController = nil
        root = nil
        super.tearDown()
    }

    private func makeAlert(_ actions: [(String, UIAlertAction.Style)], title: String? = "Title", message: String? = "A message.",
                           style: UIAlertController.Style = .alert, log handlerLog: ((String) -> Void)? = nil) -> UIAlertController {
        let alert = UIAlertController(title: title, message: message, preferredStyle: style)
        for (title, style) in actions {
            alert.addAction(UIAlertAction(title: title, style: style) { action in handlerLog?(action.title ?? "") })
        }
        return alert
    }

    private func show(_ alert: UIAlertController, animated: Bool = false) {
        root.present(alert, animated: animated)
        window.layoutIfNeeded()
    }

    private func buttons(of alert: UIAlertController) -> [AlertActionButton] { alert.parts.buttons }

    private func frameInWindow(_ view: UIView) -> CGRect { view.convert(view.bounds, to: window) }

    private func titles(of alert: UIAlertController) -> [String] { buttons(of: alert).map { $0.action.title ?? "" } }

    /// Turns the run loop until `condition` holds: animations that no
    /// compositor plays end on timers.
    private func spin(until condition: () -> Bool, timeout: TimeInterval = 3) {
        CATransaction.flush()
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
    }

    // MARK: Layout

    /// An alert is a 270-point box with rounded corners in the middle of
    /// the window. Two buttons sit side by side, and the Human Interface
    /// Guidelines put Cancel on the left ("Cancel buttons should always be
    /// on the left"), whatever order they were added in; `actions` keeps
    /// the added order ("The actions are in the order in which you added
    /// them to the alert controller").
    func testAlertIsACenteredBoxWithTwoButtonsSideBySideCancelOnTheLeft() {
        let alert = makeAlert([("OK", .default), ("Cancel", .cancel)])
        show(alert)
        let box = frameInWindow(alert.parts.boxView)
        XCTAssertEqual(box.width, 270)
        XCTAssertEqual(box.midX, 200, accuracy: 0.5)
        XCTAssertEqual(box.midY, 200, accuracy: 0.5)
        XCTAssertEqual(alert.parts.boxView.layer.cornerRadius, 14)
        XCTAssertTrue(alert.parts.boxView.clipsToBounds)
        XCTAssertEqual(alert.actions.map { $0.title }, ["OK", "Cancel"])
        XCTAssertEqual(titles(of: alert), ["Cancel", "OK"])
        let (cancel, ok) = (frameInWindow(buttons(of: alert)[0]), frameInWindow(buttons(of: alert)[1]))
        XCTAssertEqual(cancel.minY, ok.minY, "one row")
        XCTAssertEqual(cancel.width, 135)
        XCTAssertEqual(ok.width, 135)
        XCTAssertEqual(cancel.minX, box.minX)
        XCTAssertEqual(ok.maxX, box.maxX)
        XCTAssertEqual(cancel.height, 44)
        XCTAssertEqual(ok.maxY, box.maxY, "the buttons end the box")
        XCTAssertTrue(alert.parts.titleLabel.frame.maxY <= alert.parts.messageLabel.frame.minY, "message below the title")
        XCTAssertTrue(buttons(of: alert)[0].isEmphasized, "without a preferred action, Cancel is bold")
    }

    /// Three or more buttons are stacked, full width, in the added order
    /// but for Cancel, which ends the stack.
    func testThreeActionsAreStackedWithCancelAtTheBottom() {
        let alert = makeAlert([("Cancel", .cancel), ("Save", .default), ("Delete", .destructive)])
        show(alert)
        XCTAssertEqual(titles(of: alert), ["Save", "Delete", "Cancel"])
        let frames = buttons(of: alert).map(frameInWindow)
        let box = frameInWindow(alert.parts.boxView)
        for (index, frame) in frames.enumerated() {
            XCTAssertEqual(frame.width, 270)
            XCTAssertEqual(frame.height, 44)
            if index > 0 { XCTAssertEqual(frame.minY, frames[index - 1].maxY, accuracy: 0.01) }
        }
        XCTAssertEqual(frames.last!.maxY, box.maxY)
        XCTAssertTrue(buttons(of: alert)[1].titleLabel.textColor === UIColor.systemRed, "destructive is red")
    }

    /// Two titles too long for half the box are stacked too.
    func testTwoLongTitlesAreStacked() {
        let alert = makeAlert([("Keep the current version", .default), ("Replace it with the new one", .default)])
        show(alert)
        let frames = buttons(of: alert).map(frameInWindow)
        XCTAssertEqual(frames[0].width, 270)
        XCTAssertEqual(frames[1].minY, frames[0].maxY, accuracy: 0.01)
    }

    /// An action sheet sits at the bottom of the window, 8 points in from
    /// its sides; its cancel action stands in a box of its own below the
    /// others, as UIKit shows it.
    func testActionSheetPutsCancelApartAtTheBottom() {
        let sheet = makeAlert([("Cancel", .cancel), ("Copy", .default), ("Share", .default)], title: nil, message: nil, style: .actionSheet)
        show(sheet)
        let box = frameInWindow(sheet.parts.boxView)
        let cancelBox = frameInWindow(sheet.parts.cancelBoxView)
        XCTAssertEqual(titles(of: sheet), ["Copy", "Share", "Cancel"])
        XCTAssertEqual(box.minX, 8)
        XCTAssertEqual(box.width, 384)
        XCTAssertEqual(cancelBox.maxY, 392, "8 points above the bottom")
        XCTAssertEqual(cancelBox.minY - box.maxY, 8, "apart from the others")
        XCTAssertEqual(box.height, 2 * 57, "no header: just the two buttons")
        XCTAssertTrue(buttons(of: sheet)[2].superview === sheet.parts.cancelBoxView)
        XCTAssertEqual(cancelBox.height, 57)
    }

    /// An action sheet with only a cancel action shows only the cancel box.
    func testActionSheetWithOnlyCancel() {
        let sheet = makeAlert([("Cancel", .cancel)], title: nil, message: nil, style: .actionSheet)
        show(sheet)
        XCTAssertTrue(sheet.parts.boxView.isHidden)
        XCTAssertFalse(sheet.parts.cancelBoxView.isHidden)
    }

    // MARK: Presentation

    /// The presenter's view stays in the window under the alert's dimming
    /// view (UIKit shows alerts "modally over your app's content"), and the
    /// presenter is not told it disappeared: it is still on screen. A tap
    /// outside the box reaches the alert, not the view beneath.
    func testThePresentersViewStaysBeneath() {
        let alert = makeAlert([("OK", .default)])
        show(alert)
        XCTAssertTrue(root.view.superview === window)
        XCTAssertTrue(alert.view.superview === window)
        XCTAssertLessThan(window.subviews.firstIndex { $0 === root.view }!, window.subviews.firstIndex { $0 === alert.view }!)
        XCTAssertEqual(alert.view.frame, window.bounds)
        XCTAssertEqual(log.take(), [], "the presenter does not disappear")
        let hit = window.hitTest(CGPoint(x: 10, y: 10), with: nil)
        XCTAssertTrue(hit?.isDescendant(of: alert.view) ?? false, "the dimming view takes touches outside the box")
        alert.dismiss(animated: false)
        XCTAssertNil(alert.view.superview)
        XCTAssertTrue(root.view.superview === window)
        XCTAssertEqual(log.take(), [])
    }

    /// Animated, the alert fades in: its view starts transparent.
    func testAlertFadesIn() {
        let alert = makeAlert([("OK", .default)])
        var presented = false
        root.present(alert, animated: true) { presented = true }
        XCTAssertEqual(alert.modalTransitionStyle, .crossDissolve)
        CATransaction.flush()
        XCTAssertEqual(alert.view.layer.presentation()?.opacity ?? 1, 0, accuracy: 0.05, "starts transparent")
        spin { presented }
        XCTAssertEqual(alert.view.alpha, 1)
    }

    /// `.overFullScreen` and `.overCurrentContext`: UIKit: "The views
    /// beneath the presented content aren't removed from the view
    /// hierarchy when the presentation finishes." The presenter gets no
    /// appearance callbacks.
    func testOverFullScreenKeepsThePresentersView() {
        for style in [UIModalPresentationStyle.overFullScreen, .overCurrentContext] {
            let presented = LoggingViewController("over", log: log)
            presented.modalPresentationStyle = style
            root.present(presented, animated: false)
            XCTAssertTrue(root.view.superview === window)
            XCTAssertEqual(log.take(), ["over.willAppear(false) [presented]", "over.didAppear(false) [presented]"])
            presented.dismiss(animated: false)
            XCTAssertTrue(root.view.superview === window)
            XCTAssertEqual(log.take(), ["over.willDisappear(false) [dismissed]", "over.didDisappear(false) [dismissed]"])
        }
    }

    /// Hiding and showing the window: the alert and the presenter beneath
    /// it are both on screen, so both disappear and appear.
    func testWindowVisibilityReachesTheAlertAndThePresenterBeneath() {
        let over = LoggingViewController("over", log: log)
        over.modalPresentationStyle = .overFullScreen
        root.present(over, animated: false)
        _ = log.take()
        window.isHidden = true
        XCTAssertEqual(log.take(), ["over.willDisappear(false)", "root.willDisappear(false)",
                                    "over.didDisappear(false)", "root.didDisappear(false)"])
        window.isHidden = false
        XCTAssertEqual(log.take(), ["over.willAppear(false)", "root.willAppear(false)",
                                    "over.didAppear(false)", "root.didAppear(false)"])
    }

    // MARK: Picking actions

    /// A tap on a button dismisses the alert; its handler runs once the
    /// alert is gone, so it can present again from the presenter.
    func testTappingAButtonDismissesThenRunsTheHandler() {
        var seen: [String] = []
        let alert = UIAlertController(title: "Delete?", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { [unowned self] action in
            seen.append("\(action.title!) presented=\(self.root.presentedViewController != nil) inWindow=\(alert.viewIfLoaded?.window != nil)")
        })
        show(alert)
        let delete = frameInWindow(buttons(of: alert)[1])
        tap(at: CGPoint(x: delete.midX, y: delete.midY))
        XCTAssertEqual(seen, [], "not before the dismissal")
        spin { !seen.isEmpty }
        XCTAssertEqual(seen, ["Delete presented=false inWindow=false"])
    }

    /// A disabled action's button ignores taps (and is grey).
    func testDisabledActionIgnoresTaps() {
        var seen: [String] = []
        let alert = makeAlert([("OK", .default), ("Cancel", .cancel)], log: { seen.append($0) })
        alert.actions[0].isEnabled = false
        show(alert)
        let ok = buttons(of: alert)[1]
        XCTAssertFalse(ok.isEnabled)
        XCTAssertTrue(ok.titleLabel.textColor === UIColor.tertiaryLabel)
        let frame = frameInWindow(ok)
        tap(at: CGPoint(x: frame.midX, y: frame.midY))
        spin(until: { !seen.isEmpty }, timeout: 0.6)
        XCTAssertEqual(seen, [])
        XCTAssertTrue(root.presentedViewController === alert)
    }

    /// UIKit: "If the iOS device is connected to a physical keyboard,
    /// pressing the Return key triggers the preferred action." The alert
    /// takes the keys from the field that had them, and gives them back.
    func testReturnTriggersThePreferredAction() {
        var seen: [String] = []
        XCTAssertTrue(field.becomeFirstResponder())
        let alert = makeAlert([("Cancel", .cancel), ("Later", .default), ("Install", .default)], log: { seen.append($0) })
        alert.preferredAction = alert.actions[2]
        show(alert)
        XCTAssertTrue(alert.isFirstResponder)
        XCTAssertTrue(buttons(of: alert).first { $0.action.title == "Install" }!.isEmphasized)
        XCTAssertFalse(buttons(of: alert).first { $0.action.title == "Cancel" }!.isEmphasized,
                       "the preferred action is highlighted instead of the cancel button")
        returnKey()
        spin { !seen.isEmpty }
        XCTAssertEqual(seen, ["Install"])
        XCTAssertTrue(field.isFirstResponder, "the field has the keys again")
    }

    /// Without a preferred action, Return picks an alert's only
    /// default-style action; Escape picks the cancel action.
    func testReturnPicksTheOnlyDefaultActionAndEscapeCancels() {
        var seen: [String] = []
        let first = makeAlert([("Cancel", .cancel), ("OK", .default)], log: { seen.append($0) })
        show(first)
        returnKey()
        spin { !seen.isEmpty }
        XCTAssertEqual(seen, ["OK"])

        seen = []
        let second = makeAlert([("Delete", .destructive), ("Cancel", .cancel)], log: { seen.append($0) })
        show(second)
        returnKey()
        XCTAssertTrue(root.presentedViewController === second, "Return does not pick a destructive action")
        press(.keyboardEscape, "\u{1b}")
        spin { !seen.isEmpty }
        XCTAssertEqual(seen, ["Cancel"])
    }

    /// An action sheet has no preferred action ("it isn't used by action
    /// sheets"); a tap outside it picks its cancel action.
    func testTapOutsideAnActionSheetCancels() {
        var seen: [String] = []
        let sheet = makeAlert([("Copy", .default), ("Cancel", .cancel)], title: nil, message: nil, style: .actionSheet, log: { seen.append($0) })
        show(sheet)
        returnKey()
        XCTAssertTrue(root.presentedViewController === sheet)
        tap(at: CGPoint(x: 200, y: 40))
        spin { !seen.isEmpty }
        XCTAssertEqual(seen, ["Cancel"])
    }

    // MARK: Text fields

    /// `addTextField(configurationHandler:)` configures the field before
    /// it is shown; the first field gets the keys, and Return in it picks
    /// the preferred action, whose handler reads the typed text.
    func testTextFieldsTypeAndReturnPicksThePreferredAction() {
        var typed: [String] = []
        let alert = UIAlertController(title: "Name", message: nil, preferredStyle: .alert)
        XCTAssertNil(alert.textFields)
        alert.addTextField { $0.placeholder = "First" }
        alert.addTextField()
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        let save = UIAlertAction(title: "Save", style: .default) { _ in typed.append(alert.textFields![0].text ?? "") }
        alert.addAction(save)
        alert.preferredAction = save
        XCTAssertEqual(alert.textFields?.count, 2)
        XCTAssertEqual(alert.textFields?[0].placeholder, "First")
        show(alert)
        let fields = alert.textFields!
        XCTAssertTrue(fields[0].isFirstResponder)
        XCTAssertTrue(frameInWindow(fields[0]).maxY <= frameInWindow(fields[1]).minY)
        XCTAssertTrue(frameInWindow(fields[1]).maxY <= frameInWindow(buttons(of: alert)[0]).minY, "fields above the buttons")
        type("Ada")
        returnKey()
        spin { !typed.isEmpty }
        XCTAssertEqual(typed, ["Ada"])
    }
}
