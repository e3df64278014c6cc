import CPixman
import Foundation
import StrataRender
import TestSupport
import XCTest
@testable import StrataKit

/// Tables on a real compositor, compared with reference pictures: a plain
/// table (a pinned section header over rows scrolled under it, the four
/// cell styles, accessories, a selected row) and an inset grouped one
/// (rounded sections, content configurations, a switch as an accessory
/// view, titled headers and a footer).
final class TableEndToEndTests: KitTestCase {
    final class Source: NSObject, UITableViewDataSource, UITableViewDelegate {
        let style: UITableView.Style
        init(style: UITableView.Style) { self.style = style }

        func numberOfSections(in tableView: UITableView) -> Int { style == .plain ? 2 : 2 }

        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            style == .plain ? 8 : (section == 0 ? 3 : 2)
        }

        func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
            style == .plain ? ["Fruit", "Vegetables"][section] : ["Network", "Display"][section]
        }

        func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
            style == .plain || section == 0 ? nil : "Applies to every window."
        }

        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            if style == .plain {
                let styles: [UITableViewCell.CellStyle] = [.default, .subtitle, .value1, .value2]
                let cell = UITableViewCell(style: styles[indexPath.row % 4], reuseIdentifier: nil)
                cell.textLabel?.text = ["Apple", "Banana", "Cherry", "Damson"][indexPath.row % 4]
                cell.detailTextLabel?.text = "Detail \(indexPath.row)"
                cell.accessoryType = [.none, .disclosureIndicator, .checkmark, .detailButton][indexPath.row % 4]
                return cell
            }
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            var content = cell.defaultContentConfiguration()
            content.text = [["Wi-Fi", "Bluetooth", "Cellular"], ["Dark Mode", "Text Size"]][indexPath.section][indexPath.row]
            if indexPath == IndexPath(row: 0, section: 0) {
                content.secondaryText = "Home"
                content.prefersSideBySideTextAndSecondaryText = true
                cell.accessoryType = .disclosureIndicator
            }
            if indexPath == IndexPath(row: 0, section: 1) {
                let toggle = UISwitch()
                toggle.isOn = true
                cell.accessoryView = toggle
            }
            cell.contentConfiguration = content
            return cell
        }
    }

    private var window: UIWindow!
    private var source: Source!

    override func tearDown() {
        window = nil
        source = nil
        super.tearDown()
    }

    private func show(style: UITableView.Style) throws -> UITableView {
        try startCompositor(width: 360, height: 400)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 360))
        window.title = "Table"
        source = Source(style: style)
        let table = UITableView(frame: window.bounds, style: style)
        table.dataSource = source
        table.delegate = source
        window.addSubview(table)
        show(window)
        return table
    }

    private func assertMatchesReference(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try strata.input("move", "355", "395")
        runMainLoop(for: 0.3)
        waitUntilPresented()
        let path = strata.runtimeDirectory + "/\(name).png"
        _ = try strata.screenshot(to: path)
        let image = try PNGFile.read(path: path)
        defer { pixman_image_unref(image) }
        ImageComparison.assertMatches(image, reference: name, in: .module, referencesDirectory: references,
                                      tolerance: 4, maxDifferingPixels: 0, file: file, line: line)
    }

    func testPlainTableWithAPinnedHeader() throws {
        let table = try show(style: .plain)
        table.selectRow(at: IndexPath(row: 3, section: 0), animated: false, scrollPosition: .none)
        table.contentOffset = CGPoint(x: 0, y: 60)
        runMainLoop(for: 0.2)
        XCTAssertEqual(table.headerView(forSection: 0)?.frame.minY, 60, "the header is pinned")
        try assertMatchesReference("kit-table-plain")
    }

    func testInsetGroupedTable() throws {
        _ = try show(style: .insetGrouped)
        runMainLoop(for: 0.2)
        try assertMatchesReference("kit-table-inset-grouped")
    }
}
