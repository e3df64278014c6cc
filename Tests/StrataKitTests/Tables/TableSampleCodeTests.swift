import XCTest
import StrataKit

/// UIKit code as tutorials and Apple's samples write it, unchanged but for
/// the import: a view controller that owns a table laid out with anchors,
/// registers a cell class, dequeues with `for:`, deselects in
/// didSelectRowAt, deletes with a trailing swipe action and a symbol
/// image, and a UITableViewController subclass with `override`s, a
/// subtitle-style cell made the older way, and swipe to delete through
/// `commit editingStyle`.
final class TableSampleCodeTests: InputTestCase {
    final class FruitsViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
        let tableView = UITableView()
        var fruits = ["Apple", "Banana", "Cherry", "Date", "Elderberry"]
        var opened: [String] = []

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Fruits"
            view.addSubview(tableView)
            tableView.translatesAutoresizingMaskIntoConstraints = false
            NSLayoutConstraint.activate([
                tableView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
                tableView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                tableView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                tableView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            ])
            tableView.dataSource = self
            tableView.delegate = self
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
            tableView.tableFooterView = UIView()
        }

        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            fruits.count
        }

        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = fruits[indexPath.row]
            content.image = UIImage(systemName: "leaf")
            cell.contentConfiguration = content
            cell.accessoryType = .disclosureIndicator
            return cell
        }

        func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            tableView.deselectRow(at: indexPath, animated: true)
            opened.append(fruits[indexPath.row])
        }

        func tableView(_ tableView: UITableView,
                       trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
            let delete = UIContextualAction(style: .destructive, title: "Delete") { [weak self] (action, view, completionHandler) in
                self?.fruits.remove(at: indexPath.row)
                tableView.deleteRows(at: [indexPath], with: .automatic)
                completionHandler(true)
            }
            delete.image = UIImage(systemName: "trash")
            return UISwipeActionsConfiguration(actions: [delete])
        }
    }

    final class SettingsTableViewController: UITableViewController {
        var items = [["Wi-Fi", "Bluetooth"], ["General", "Privacy", "About"]]

        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.rowHeight = UITableView.automaticDimension
            tableView.estimatedRowHeight = 44
            navigationItem.rightBarButtonItem = editButtonItem
        }

        override func numberOfSections(in tableView: UITableView) -> Int { items.count }

        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            items[section].count
        }

        override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
            section == 0 ? "Connections" : "System"
        }

        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "Cell")
                ?? UITableViewCell(style: .subtitle, reuseIdentifier: "Cell")
            cell.textLabel?.text = items[indexPath.section][indexPath.row]
            cell.detailTextLabel?.text = "Section \(indexPath.section)"
            return cell
        }

        override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
                                forRowAt indexPath: IndexPath) {
            if editingStyle == .delete {
                items[indexPath.section].remove(at: indexPath.row)
                tableView.deleteRows(at: [indexPath], with: .fade)
            }
        }

        override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
            UITableView.automaticDimension
        }
    }

    func testAViewControllerWithATableViewWorksAsWritten() {
        let controller = FruitsViewController()
        window.rootViewController = UINavigationController(rootViewController: controller)
        window.layoutIfNeeded()
        XCTAssertEqual(controller.tableView.visibleCells.count, 5)
        let row = controller.tableView.rectForRow(at: IndexPath(row: 1, section: 0))
        let point = controller.tableView.convert(CGPoint(x: row.midX, y: row.midY), to: window)
        tap(at: point)
        advance(0.2)
        XCTAssertEqual(controller.opened, ["Banana"])
        XCTAssertNil(controller.tableView.indexPathForSelectedRow, "deselected in didSelectRowAt")
        // Swipe the first row all the way: its delete action runs.
        let first = controller.tableView.rectForRow(at: IndexPath(row: 0, section: 0))
        let start = controller.tableView.convert(CGPoint(x: first.maxX - 20, y: first.midY), to: window)
        drag(from: start, to: CGPoint(x: start.x - 370, y: start.y), steps: 12)
        advance(1)
        controller.tableView.layoutIfNeeded()
        XCTAssertEqual(controller.fruits, ["Banana", "Cherry", "Date", "Elderberry"])
        XCTAssertEqual(controller.tableView.numberOfRows(inSection: 0), 4)
    }

    func testATableViewControllerSubclassWorksAsWritten() {
        let controller = SettingsTableViewController(style: .insetGrouped)
        window.rootViewController = UINavigationController(rootViewController: controller)
        window.layoutIfNeeded()
        XCTAssertEqual(controller.tableView.numberOfSections, 2)
        XCTAssertEqual(controller.tableView.visibleCells.map { $0.textLabel?.text }, ["Wi-Fi", "Bluetooth", "General", "Privacy", "About"])
        XCTAssertEqual(controller.tableView.visibleCells.first?.detailTextLabel?.text, "Section 0")
        // Editing from the Edit button, then the delete control and Delete.
        controller.setEditing(true, animated: false)
        XCTAssertTrue(controller.tableView.isEditing)
        XCTAssertEqual(controller.editButtonItem.title, "Done")
        let table = controller.tableView!
        table.dataSource?.tableView(table, commit: .delete, forRowAt: IndexPath(row: 0, section: 1))
        XCTAssertEqual(table.numberOfRows(inSection: 1), 2)
    }
}
