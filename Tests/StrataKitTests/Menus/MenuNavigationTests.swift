import XCTest
@testable import StrataKit

/// Operating a shown menu with the pointer and the keyboard, and
/// dismissing it (UIKit on iPadOS and Mac Catalyst: arrow keys move
/// through a menu, Return picks, Escape and a click outside dismiss).
final class MenuNavigationTests: MenuTestCase {
    var picked: [String] = []
    var target: RecordingView!
    var delegate: FixedContextMenu!

    override func setUp() {
        super.setUp()
        target = RecordingView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        window.addSubview(target)
        window.receive(.keyboardFocus(true))
    }

    override func tearDown() {
        window.receive(.keyboardFocus(false))
        target = nil
        delegate = nil
        super.tearDown()
    }

    func action(_ title: String, attributes: UIMenuElement.Attributes = []) -> UIAction {
        UIAction(title: title, attributes: attributes) { [unowned self] action in picked.append(action.title) }
    }

    func openMenu(_ children: [UIMenuElement], at point: CGPoint = CGPoint(x: 40, y: 40)) {
        delegate = FixedContextMenu(UIMenu(children: children))
        target.addInteraction(UIContextMenuInteraction(delegate: delegate))
        click(at: point, button: .secondary)
    }

    func testArrowKeysMoveAndReturnPicks() {
        openMenu([action("Copy"), action("Rename", attributes: .disabled), action("Share")])
        XCTAssertNil(highlightedTitle)
        press(.keyboardDownArrow)
        XCTAssertEqual(highlightedTitle, "Copy")
        press(.keyboardDownArrow)
        XCTAssertEqual(highlightedTitle, "Share")
        press(.keyboardDownArrow)
        XCTAssertEqual(highlightedTitle, "Copy", "the highlight wraps around")
        press(.keyboardUpArrow)
        XCTAssertEqual(highlightedTitle, "Share")
        press(.keyboardReturnOrEnter, "\r")
        XCTAssertEqual(picked, ["Share"])
        XCTAssertFalse(isMenuShown)
        XCTAssertEqual(target.log, [], "the clicks never reached the view")
    }

    /// Submenus open beside their row: Right opens one, Left closes it.
    func testRightAndLeftOpenAndCloseSubmenus() {
        openMenu([action("Copy"), UIMenu(title: "Sort By", children: [action("Name"), action("Date")])], at: CGPoint(x: 10, y: 40))
        press(.keyboardDownArrow)
        press(.keyboardDownArrow)
        XCTAssertEqual(highlightedTitle, "Sort By")
        press(.keyboardRightArrow)
        XCTAssertEqual(shownTitles, [["Copy", "Sort By"], ["Name", "Date"]])
        XCTAssertEqual(highlightedTitle, "Name")
        let panels = try! XCTUnwrap(overlay?.panels)
        XCTAssertGreaterThanOrEqual(panels[1].frame.minX, panels[0].frame.maxX, "the submenu is beside its parent")
        press(.keyboardLeftArrow)
        XCTAssertEqual(shownTitles, [["Copy", "Sort By"]])
        press(.keyboardRightArrow)
        press(.keyboardDownArrow)
        press(.keyboardReturnOrEnter, "\r")
        XCTAssertEqual(picked, ["Date"])
    }

    /// The pointer highlights the row under it; over a submenu's row the
    /// submenu opens, and a click there picks.
    func testHoverHighlightsAndOpensSubmenus() {
        openMenu([action("Copy"), UIMenu(title: "Sort By", children: [action("Name"), action("Date")])])
        pointerMove(to: center(of: "Copy"))
        XCTAssertEqual(highlightedTitle, "Copy")
        pointerMove(to: center(of: "Sort By"))
        XCTAssertEqual(shownTitles.count, 2)
        click(at: center(of: "Name"))
        XCTAssertEqual(picked, ["Name"])
        XCTAssertFalse(isMenuShown)
    }

    func testEscapeDismisses() {
        openMenu([action("Copy")])
        XCTAssertTrue(isMenuShown)
        press(.keyboardEscape)
        XCTAssertFalse(isMenuShown)
        XCTAssertEqual(picked, [])
        XCTAssertEqual(delegate.log, ["configuration", "willDisplay", "willEnd"])
    }

    /// A click outside dismisses the menu and goes no further.
    func testClickOutsideDismisses() {
        openMenu([action("Copy")])
        click(at: CGPoint(x: 380, y: 380))
        XCTAssertFalse(isMenuShown)
        XCTAssertEqual(picked, [])
        XCTAssertEqual(target.log, [], "the dismissing click is not a touch of the view")
        click(at: CGPoint(x: 380, y: 380))
        XCTAssertEqual(target.log, ["began", "ended"], "the next click is")
    }

    func testTapOutsideDismisses() {
        openMenu([action("Copy")])
        tap(at: CGPoint(x: 380, y: 380))
        XCTAssertFalse(isMenuShown)
        XCTAssertEqual(target.log, [])
    }

    /// Hiding the window ends its menu, as the window's other input.
    func testHidingTheWindowDismisses() {
        openMenu([action("Copy")])
        window.isHidden = true
        window.synchronizeVisibility()
        XCTAssertFalse(isMenuShown)
        XCTAssertEqual(delegate.log, ["configuration", "willDisplay", "willEnd"])
    }

    /// Losing the keyboard (another window took it) dismisses the menu.
    func testLosingKeyboardFocusDismisses() {
        openMenu([action("Copy")])
        window.receive(.keyboardFocus(false))
        XCTAssertFalse(isMenuShown)
    }

    /// A scroll dismisses the menu and does not scroll.
    func testScrollDismisses() {
        openMenu([action("Copy")])
        window.receive(.scroll(delta: CGVector(dx: 0, dy: 10), isContinuous: false, timestamp: clock.now))
        XCTAssertFalse(isMenuShown)
    }

    /// The menu stays inside the window: opened near the bottom right
    /// corner, it goes up and to the left of the point.
    func testMenuStaysInsideTheWindow() {
        openMenu([action("Copy"), action("Share")], at: CGPoint(x: 390, y: 390))
        let frame = try! XCTUnwrap(overlay?.panels.first?.frame)
        XCTAssertTrue(window.bounds.contains(frame))
        XCTAssertLessThanOrEqual(frame.maxX, 390)
        XCTAssertLessThanOrEqual(frame.maxY, 390)
    }

    /// UIMenuElement.Attributes.keepsMenuPresented (iOS 16): the action
    /// runs and the menu stays.
    func testKeepsMenuPresented() {
        openMenu([action("Zoom In", attributes: .keepsMenuPresented)])
        click(at: center(of: "Zoom In"))
        click(at: center(of: "Zoom In"))
        XCTAssertEqual(picked, ["Zoom In", "Zoom In"])
        XCTAssertTrue(isMenuShown)
    }
}
