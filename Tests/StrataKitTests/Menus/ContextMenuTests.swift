import XCTest
@testable import StrataKit

/// UIContextMenuInteraction and the table view's row context menus.
final class ContextMenuTests: MenuTestCase {
    var view: RecordingView!
    var picked: [String] = []

    override func setUp() {
        super.setUp()
        view = RecordingView(frame: CGRect(x: 50, y: 60, width: 200, height: 200))
        window.addSubview(view)
    }

    override func tearDown() {
        view = nil
        super.tearDown()
    }

    func menu(_ titles: String...) -> UIMenu {
        UIMenu(children: titles.map { title in UIAction(title: title) { [unowned self] _ in picked.append(title) } })
    }

    /// UIContextMenuInteractionDelegate: "contextMenuInteraction(_:configurationForMenuAtLocation:)
    /// Returns the configuration of the context menu", the location being
    /// in the interaction's view; the menu appears where the pointer clicked.
    func testSecondaryClickShowsTheDelegatesMenuAtTheClick() {
        let delegate = FixedContextMenu(menu("Open", "Delete"))
        let interaction = UIContextMenuInteraction(delegate: delegate)
        view.addInteraction(interaction)
        XCTAssertTrue(view.interactions.first === interaction)
        XCTAssertTrue(interaction.view === view)

        click(at: CGPoint(x: 80, y: 100), button: .secondary)
        XCTAssertEqual(delegate.locations, [CGPoint(x: 30, y: 40)])
        XCTAssertEqual(shownTitles, [["Open", "Delete"]])
        XCTAssertEqual(overlay?.panels.first?.frame.origin, CGPoint(x: 80, y: 100))
        XCTAssertEqual(interaction.location(in: view), CGPoint(x: 30, y: 40))
        XCTAssertEqual(view.log, [], "the secondary click opens the menu and is no touch")
        XCTAssertEqual(delegate.log, ["configuration", "willDisplay"])

        click(at: center(of: "Delete"))
        XCTAssertEqual(picked, ["Delete"])
        XCTAssertEqual(delegate.log, ["configuration", "willDisplay", "willEnd"])
    }

    /// A nil configuration: "return nil to prevent the interaction from beginning".
    func testNilConfigurationShowsNothing() {
        let delegate = FixedContextMenu(nil)
        view.addInteraction(UIContextMenuInteraction(delegate: delegate))
        click(at: CGPoint(x: 80, y: 100), button: .secondary)
        XCTAssertFalse(isMenuShown)
        XCTAssertEqual(delegate.log, ["configuration"])
        XCTAssertEqual(view.log, ["began", "ended"], "the click is an ordinary press")
    }

    /// A long press shows the context menu at the finger.
    func testLongPressShowsTheMenu() {
        let delegate = FixedContextMenu(menu("Open"))
        view.addInteraction(UIContextMenuInteraction(delegate: delegate))
        touchDown(at: CGPoint(x: 100, y: 100))
        advance(0.6)
        XCTAssertEqual(shownTitles, [["Open"]])
        XCTAssertEqual(delegate.locations, [CGPoint(x: 50, y: 40)])
        touchUp()
        XCTAssertTrue(isMenuShown)
    }

    /// Where the delegate has no menu the long press does not begin: the
    /// view keeps its touch and sees it end.
    func testLongPressWithoutAMenuLeavesTheTouchAlone() {
        let delegate = FixedContextMenu(nil)
        view.addInteraction(UIContextMenuInteraction(delegate: delegate))
        touchDown(at: CGPoint(x: 100, y: 100))
        advance(0.6)
        touchUp()
        XCTAssertFalse(isMenuShown)
        XCTAssertEqual(delegate.log, ["configuration"])
        XCTAssertEqual(view.log, ["began", "ended"])
    }

    /// dismissMenu() ends the menu as a dismissal: willEnd, no action.
    func testDismissMenuAndRemoveInteraction() {
        let delegate = FixedContextMenu(menu("Open"))
        let interaction = UIContextMenuInteraction(delegate: delegate)
        view.addInteraction(interaction)
        click(at: CGPoint(x: 80, y: 100), button: .secondary)
        interaction.dismissMenu()
        XCTAssertFalse(isMenuShown)
        XCTAssertEqual(delegate.log.last, "willEnd")

        view.removeInteraction(interaction)
        XCTAssertTrue(view.interactions.isEmpty)
        XCTAssertNil(interaction.view)
        click(at: CGPoint(x: 80, y: 100), button: .secondary)
        XCTAssertFalse(isMenuShown)
    }

    /// A secondary click outside the menu closes it and opens the menu there.
    func testSecondaryClickElsewhereMovesTheMenu() {
        let delegate = FixedContextMenu(menu("Open"))
        view.addInteraction(UIContextMenuInteraction(delegate: delegate))
        click(at: CGPoint(x: 60, y: 70), button: .secondary)
        click(at: CGPoint(x: 240, y: 240), button: .secondary)
        XCTAssertEqual(delegate.log, ["configuration", "willDisplay", "willEnd", "configuration", "willDisplay"])
        let frame = try! XCTUnwrap(overlay?.panels.first?.frame)
        XCTAssertEqual(frame.origin, CGPoint(x: 240 - frame.width, y: 240), "at the second click (to its left, for room)")
        XCTAssertEqual(view.log, [])
    }

    /// The innermost view's interaction answers.
    func testInnermostInteractionWins() {
        let outer = FixedContextMenu(menu("Outer"))
        let inner = FixedContextMenu(menu("Inner"))
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        view.addSubview(child)
        view.addInteraction(UIContextMenuInteraction(delegate: outer))
        child.addInteraction(UIContextMenuInteraction(delegate: inner))
        click(at: CGPoint(x: 60, y: 70), button: .secondary)
        XCTAssertEqual(shownTitles, [["Inner"]])
        XCTAssertEqual(outer.log, [])
    }

    /// A long press on a row shows its menu; without one the row is
    /// selected as by a tap.
    func testLongPressOnATableRow() {
        let model = RowMenus()
        let table = UITableView(frame: window.bounds, style: .plain)
        table.dataSource = model
        table.delegate = model
        window.addSubview(table)
        window.layoutIfNeeded()
        let row1 = table.rectForRow(at: IndexPath(row: 1, section: 0))
        touchDown(at: CGPoint(x: 100, y: row1.midY))
        advance(0.6)
        touchUp()
        XCTAssertEqual(shownTitles, [["Pin 1"]])
        XCTAssertNil(table.indexPathForSelectedRow)
        press(.keyboardEscape)

        model.menuRows = []
        touchDown(at: CGPoint(x: 100, y: row1.midY))
        advance(0.6)
        touchUp()
        XCTAssertFalse(isMenuShown)
        XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 1, section: 0))
    }

    /// UITableViewDelegate: "tableView(_:contextMenuConfigurationForRowAt:point:)
    /// Returns a context menu configuration for the row at a point."
    func testSecondaryClickOnATableRowAsksTheDelegate() {
        final class Delegate: NSObject, UITableViewDataSource, UITableViewDelegate {
            var asked: [(IndexPath, CGPoint)] = []
            var log: [String] = []
            var menu: UIMenu?
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 5 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.text = "Row \(indexPath.row)"
                return cell
            }
            func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
                           point: CGPoint) -> UIContextMenuConfiguration? {
                asked.append((indexPath, point))
                return UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { [menu] _ in menu }
            }
            func tableView(_ tableView: UITableView, willDisplayContextMenu configuration: UIContextMenuConfiguration,
                           animator: UIContextMenuInteractionAnimating?) { log.append("willDisplay") }
            func tableView(_ tableView: UITableView, willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
                           animator: UIContextMenuInteractionAnimating?) { log.append("willEnd") }
        }
        let table = UITableView(frame: window.bounds, style: .plain)
        let delegate = Delegate()
        delegate.menu = menu("Pin", "Delete")
        table.dataSource = delegate
        table.delegate = delegate
        window.addSubview(table)
        window.layoutIfNeeded()

        let rowRect = table.rectForRow(at: IndexPath(row: 2, section: 0))
        click(at: table.convert(CGPoint(x: 100, y: rowRect.midY), to: window), button: .secondary)
        XCTAssertEqual(delegate.asked.map(\.0), [IndexPath(row: 2, section: 0)])
        XCTAssertEqual(delegate.asked.first?.1, CGPoint(x: 100, y: rowRect.midY))
        XCTAssertEqual(shownTitles, [["Pin", "Delete"]])
        XCTAssertEqual(delegate.log, ["willDisplay"])
        click(at: center(of: "Pin"))
        XCTAssertEqual(picked, ["Pin"])
        XCTAssertEqual(delegate.log, ["willDisplay", "willEnd"])
        XCTAssertNil(table.indexPathForSelectedRow, "the secondary click does not select the row")
    }
}

/// Five rows; those in `menuRows` have a one-item menu.
final class RowMenus: NSObject, UITableViewDataSource, UITableViewDelegate {
    var menuRows: Set<Int> = [0, 1, 2, 3, 4]
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 5 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: nil)
    }
    func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
                   point: CGPoint) -> UIContextMenuConfiguration? {
        guard menuRows.contains(indexPath.row) else { return nil }
        return UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { _ in
            UIMenu(children: [UIAction(title: "Pin \(indexPath.row)") { _ in }])
        }
    }
}
