import XCTest
@testable import StrataKit

/// A cell that counts its reuse.
final class CountingTableCell: UITableViewCell {
    static var made = 0
    var reuseCount = 0

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        CountingTableCell.made += 1
    }

    required init?(coder: NSCoder) { fatalError() }

    override func prepareForReuse() {
        super.prepareForReuse()
        reuseCount += 1
    }
}

/// A data source and delegate over an array of sections of strings, which
/// writes down the calls it gets.
final class TableModel: NSObject, UITableViewDataSource, UITableViewDelegate {
    var sections: [[String]]
    var headerTitles: [String?] = []
    var log: [String] = []
    var rowHeights: [IndexPath: CGFloat] = [:]
    var redirectSelection: ((IndexPath) -> IndexPath?)?
    var committed: [(UITableViewCell.EditingStyle, IndexPath)] = []
    var trailingActions: ((IndexPath) -> UISwipeActionsConfiguration?)?

    init(sections: [[String]]) {
        self.sections = sections
    }

    func numberOfSections(in tableView: UITableView) -> Int {
        log.append("numberOfSections")
        return sections.count
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        log.append("numberOfRows(\(section))")
        return sections[section].count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        log.append("cellForRow(\(indexPath.section),\(indexPath.row))")
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        cell.textLabel?.text = sections[indexPath.section][indexPath.row]
        return cell
    }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        section < headerTitles.count ? headerTitles[section] : nil
    }

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        rowHeights[indexPath] ?? tableView.rowHeight
    }

    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        log.append("willDisplay(\(indexPath.section),\(indexPath.row))")
    }

    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        log.append("didEndDisplaying(\(indexPath.section),\(indexPath.row))")
    }

    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {
        log.append("didHighlight(\(indexPath.row))")
    }

    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {
        log.append("didUnhighlight(\(indexPath.row))")
    }

    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        log.append("willSelect(\(indexPath.row))")
        return redirectSelection.map { $0(indexPath) } ?? indexPath
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        log.append("didSelect(\(indexPath.row))")
    }

    func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
        log.append("willDeselect(\(indexPath.row))")
        return indexPath
    }

    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
        log.append("didDeselect(\(indexPath.row))")
    }

    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        committed.append((editingStyle, indexPath))
        if editingStyle == .delete {
            sections[indexPath.section].remove(at: indexPath.row)
            tableView.deleteRows(at: [indexPath], with: .automatic)
        }
    }

    func tableView(_ tableView: UITableView,
                   trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        trailingActions?(indexPath)
    }

    /// The calls of one kind, in order.
    func calls(_ prefix: String) -> [String] { log.filter { $0.hasPrefix(prefix) } }
}

/// A 400 × 400 table in the shown window, on the manual clock.
class TableViewTestCase: InputTestCase {
    var table: UITableView!
    var model: TableModel!
    /// Messages UIKit would raise as NSInternalInconsistencyException.
    var inconsistencies: [String] = []
    private var savedHandler: ((String) -> Void)!

    override func setUp() {
        super.setUp()
        savedHandler = UITableViewInconsistency.handler
        UITableViewInconsistency.handler = { [unowned self] in self.inconsistencies.append($0) }
        CountingTableCell.made = 0
    }

    override func tearDown() {
        UITableViewInconsistency.handler = savedHandler
        table = nil
        model = nil
        super.tearDown()
    }

    /// A table over `sections`, rows 44 points high unless `rowHeight` says.
    func makeTable(_ sections: [[String]], style: UITableView.Style = .plain, rowHeight: CGFloat = 44) {
        model = TableModel(sections: sections)
        table = UITableView(frame: CGRect(x: 0, y: 0, width: 400, height: 400), style: style)
        table.rowHeight = rowHeight
        table.register(CountingTableCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = model
        table.delegate = model
        window.addSubview(table)
        table.layoutIfNeeded()
    }

    func rows(_ count: Int, prefix: String = "Row") -> [String] {
        (0..<count).map { "\(prefix) \($0)" }
    }

    func scroll(to y: CGFloat) {
        table.contentOffset = CGPoint(x: 0, y: y)
        table.layoutIfNeeded()
    }

    /// The rows on screen, as (section, row) pairs top to bottom.
    var shownRows: [IndexPath] { table.indexPathsForVisibleRows ?? [] }
}
