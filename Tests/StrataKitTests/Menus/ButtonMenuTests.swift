import XCTest
@testable import StrataKit

/// UIButton.menu, showsMenuAsPrimaryAction, changesSelectionAsPrimaryAction
/// and UIBarButtonItem.menu.
final class ButtonMenuTests: MenuTestCase {
    var button: UIButton!
    var picked: [String] = []
    var primaryActions = 0

    override func setUp() {
        super.setUp()
        button = UIButton(type: .system)
        button.setTitle("Sort", for: .normal)
        button.frame = CGRect(x: 20, y: 20, width: 100, height: 44)
        button.addAction(UIAction { [unowned self] _ in primaryActions += 1 }, for: .touchUpInside)
        button.addAction(UIAction { [unowned self] _ in primaryActions += 1 }, for: .primaryActionTriggered)
        window.addSubview(button)
    }

    override func tearDown() {
        button = nil
        super.tearDown()
    }

    func action(_ title: String, attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off) -> UIAction {
        UIAction(title: title, attributes: attributes, state: state) { [unowned self] action in
            picked.append(action.title)
            XCTAssertTrue(action.sender as AnyObject === button)
        }
    }

    /// UIControl.showsMenuAsPrimaryAction: "the contextMenuInteraction
    /// becomes the primary action of the control, and the menu shows in
    /// response to the touchDown event."
    func testMenuAsPrimaryActionOpensOnTapAndRunsThePickedAction() {
        var menuTriggered = 0
        button.addAction(UIAction { _ in menuTriggered += 1 }, for: .menuActionTriggered)
        button.menu = UIMenu(children: [action("Name"), action("Date")])
        button.showsMenuAsPrimaryAction = true

        touchDown(at: center(of: button))
        XCTAssertEqual(shownTitles, [["Name", "Date"]], "the menu shows on touch down")
        touchUp()
        XCTAssertTrue(isMenuShown)
        XCTAssertEqual(menuTriggered, 1)

        tap(at: center(of: "Date"))
        XCTAssertEqual(picked, ["Date"])
        XCTAssertFalse(isMenuShown)
        XCTAssertEqual(primaryActions, 0, "neither touchUpInside nor the primary action is sent")
    }

    /// The menu hangs below the button (inside the window).
    func testMenuShowsBelowTheButton() {
        button.menu = UIMenu(children: [action("Name")])
        button.showsMenuAsPrimaryAction = true
        tap(at: center(of: button))
        let panel = try! XCTUnwrap(overlay?.panels.first)
        XCTAssertGreaterThan(panel.frame.minY, button.frame.maxY)
        XCTAssertEqual(panel.frame.minX, button.frame.minX)
    }

    /// UIButton.menu: without showsMenuAsPrimaryAction a tap is the
    /// button's primary action and a long press shows the menu.
    func testWithoutPrimaryActionATapSendsActionsAndALongPressShowsTheMenu() {
        button.menu = UIMenu(children: [action("Name")])
        tap(at: center(of: button))
        XCTAssertEqual(primaryActions, 2)
        XCTAssertFalse(isMenuShown)

        touchDown(at: center(of: button))
        advance(0.6)
        XCTAssertEqual(shownTitles, [["Name"]])
        touchUp()
        XCTAssertEqual(primaryActions, 2, "the long press cancels the tap")
        XCTAssertTrue(isMenuShown)
    }

    /// A finger held down since the menu opened picks the row it lifts over.
    func testLongPressSlidesOntoAnItem() {
        button.menu = UIMenu(children: [action("Name"), action("Date")])
        touchDown(at: center(of: button))
        advance(0.6)
        touchMove(to: center(of: "Date"))
        XCTAssertEqual(highlightedTitle, "Date")
        touchUp()
        XCTAssertEqual(picked, ["Date"])
        XCTAssertFalse(isMenuShown)
    }

    /// UIMenuElement.Attributes.disabled: "An attribute indicating the
    /// disabled style" — it cannot be picked.
    func testDisabledItemsCannotBePicked() {
        button.menu = UIMenu(children: [action("Name", attributes: .disabled), action("Date")])
        button.showsMenuAsPrimaryAction = true
        tap(at: center(of: button))
        tap(at: center(of: "Name"))
        XCTAssertEqual(picked, [])
        XCTAssertTrue(isMenuShown, "a tap on a disabled item leaves the menu open")
        click(at: center(of: "Name"))
        XCTAssertEqual(picked, [])
        press(.keyboardDownArrow)
        XCTAssertEqual(highlightedTitle, "Date", "the keyboard skips the disabled item")
    }

    /// UIMenu.Options.singleSelection: "Indicates that the menu should
    /// only allow a single selection" — picking an element turns it on and
    /// the others off.
    func testSingleSelectionMovesTheCheckMark() {
        let name = action("Name", state: .on)
        let date = action("Date")
        button.menu = UIMenu(options: .singleSelection, children: [name, date])
        button.showsMenuAsPrimaryAction = true
        tap(at: center(of: button))
        tap(at: center(of: "Date"))
        XCTAssertEqual(name.state, .off)
        XCTAssertEqual(date.state, .on)
        XCTAssertEqual(picked, ["Date"])

        tap(at: center(of: button))
        XCTAssertEqual(try XCTUnwrap(row("Date")).subviews.compactMap { ($0 as? MenuGlyphView)?.glyph }, [.checkmark])
        XCTAssertEqual(try XCTUnwrap(row("Name")).subviews.compactMap { ($0 as? MenuGlyphView)?.glyph }, [])
    }

    /// UIButton.changesSelectionAsPrimaryAction with a menu as primary
    /// action: a pop-up button, showing the selected element's title.
    func testPopUpButtonShowsTheSelection() {
        button.showsMenuAsPrimaryAction = true
        button.changesSelectionAsPrimaryAction = true
        button.menu = UIMenu(children: [action("Name"), action("Date")])
        XCTAssertEqual(button.title(for: .normal), "Name", "the first element starts selected")
        tap(at: center(of: button))
        tap(at: center(of: "Date"))
        XCTAssertEqual(button.title(for: .normal), "Date")
        XCTAssertEqual(button.menu?.selectedElements.map(\.title), ["Date"])
    }

    /// UIButton.changesSelectionAsPrimaryAction without a menu: a tap toggles isSelected.
    func testChangesSelectionToggles() {
        button.changesSelectionAsPrimaryAction = true
        tap(at: center(of: button))
        XCTAssertTrue(button.isSelected)
        tap(at: center(of: button))
        XCTAssertFalse(button.isSelected)
    }

    /// UIBarButtonItem.menu: an item with a menu and no action shows the menu when tapped.
    func testBarButtonItemShowsItsMenu() {
        let controller = UIViewController()
        let navigation = UINavigationController(rootViewController: controller)
        var added = 0
        let item = UIBarButtonItem(title: "Add", image: nil, primaryAction: nil)
        item.menu = UIMenu(children: [UIAction(title: "Folder") { _ in added += 1 }])
        controller.navigationItem.rightBarButtonItem = item
        window.rootViewController = navigation
        window.layoutIfNeeded()
        let itemView = try! XCTUnwrap(findView(in: window) { ($0 as? BarButtonItemView)?.item === item })
        tap(at: center(of: itemView))
        XCTAssertEqual(shownTitles, [["Folder"]])
        tap(at: center(of: "Folder"))
        XCTAssertEqual(added, 1)
    }

    /// UIBarButtonItem.menu: with an action, a tap runs the action and a long press shows the menu.
    func testBarButtonItemWithAnActionShowsItsMenuOnALongPress() {
        let controller = UIViewController()
        let navigation = UINavigationController(rootViewController: controller)
        var tapped = 0
        let item = UIBarButtonItem(title: "Add", primaryAction: UIAction(title: "Add") { _ in tapped += 1 },
                                   menu: UIMenu(children: [UIAction(title: "Folder") { _ in }]))
        controller.navigationItem.rightBarButtonItem = item
        window.rootViewController = navigation
        window.layoutIfNeeded()
        let itemView = try! XCTUnwrap(findView(in: window) { ($0 as? BarButtonItemView)?.item === item })
        tap(at: center(of: itemView))
        XCTAssertEqual(tapped, 1)
        XCTAssertFalse(isMenuShown)
        touchDown(at: center(of: itemView))
        advance(0.6)
        touchUp()
        XCTAssertEqual(shownTitles, [["Folder"]])
        XCTAssertEqual(tapped, 1)
    }

    private func findView(in view: UIView, where match: (UIView) -> Bool) -> UIView? {
        if match(view) { return view }
        for subview in view.subviews { if let found = findView(in: subview, where: match) { return found } }
        return nil
    }
}
