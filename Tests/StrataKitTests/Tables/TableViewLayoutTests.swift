import XCTest
@testable import StrataKit

/// Sections, headers and row heights. UITableView.Style.plain: "any
/// section headers or footers are displayed as inline separators and
/// float when the table view is scrolled"; rowHeight: "the table view
/// ignores the value of this property if its delegate implements
/// tableView(_:heightForRowAt:)"; automaticDimension "causes the table
/// view to choose an appropriate height based on your cell's content".
final class TableViewLayoutTests: TableViewTestCase {
    func testPlainHeadersPinToTheTopUntilTheNextSectionPushesThem() {
        model = nil
        makeTable([rows(10), rows(10), rows(10)])
        model.headerTitles = ["A", "B", "C"]
        table.reloadData()
        table.layoutIfNeeded()
        let header = table.rectForHeader(inSection: 0).height
        XCTAssertGreaterThan(header, 20)
        let sectionHeight = header + 440
        XCTAssertEqual(table.rectForHeader(inSection: 1).minY, sectionHeight)
        XCTAssertEqual(table.headerView(forSection: 0)?.frame.minY, 0)

        // Scrolled into section 0: its header stays at the top of the view.
        scroll(to: 100)
        XCTAssertEqual(table.headerView(forSection: 0)?.frame.minY, 100)
        // Near the end of section 0, the header is pushed up by section 1's.
        scroll(to: sectionHeight - 10)
        XCTAssertEqual(table.headerView(forSection: 0)?.frame.maxY, sectionHeight)
        XCTAssertEqual(table.headerView(forSection: 1)?.frame.minY, sectionHeight)
        // Past it, section 1's header is pinned.
        scroll(to: sectionHeight + 200)
        XCTAssertEqual(table.headerView(forSection: 1)?.frame.minY, sectionHeight + 200)
        XCTAssertNil(table.headerView(forSection: 0))
        // The pinned header covers rows scrolling under it.
        let headerIndex = table.subviews.firstIndex { $0 === table.headerView(forSection: 1) }!
        for cell in table.visibleCells {
            XCTAssertLessThan(table.subviews.firstIndex { $0 === cell }!, headerIndex)
        }
    }

    func testGroupedHeadersScrollWithTheirSection() {
        makeTable([rows(10), rows(10)], style: .grouped)
        model.headerTitles = ["A", "B"]
        table.reloadData()
        table.layoutIfNeeded()
        scroll(to: 100)
        XCTAssertEqual(table.headerView(forSection: 0)?.frame.minY, table.rectForHeader(inSection: 0).minY)
        XCTAssertEqual(table.backgroundColor, .systemGroupedBackground)
        // Grouped sections are apart even without titles, and the last row has no separator.
        let cell = table.cellForRow(at: IndexPath(row: 9, section: 0)) ?? {
            scroll(to: 300)
            return table.cellForRow(at: IndexPath(row: 9, section: 0))!
        }()
        XCTAssertTrue(cell.separatorView.isHidden)
        XCTAssertGreaterThan(table.rectForFooter(inSection: 0).height, 0)
    }

    func testInsetGroupedRowsAreInsetWithRoundedEnds() {
        makeTable([rows(3)], style: .insetGrouped)
        let first = table.cellForRow(at: IndexPath(row: 0, section: 0))!
        let middle = table.cellForRow(at: IndexPath(row: 1, section: 0))!
        let last = table.cellForRow(at: IndexPath(row: 2, section: 0))!
        XCTAssertEqual(first.frame.minX, 20)
        XCTAssertEqual(first.frame.width, 360)
        XCTAssertEqual(first.layer.cornerRadius, 10)
        XCTAssertEqual(first.layer.maskedCorners, [.layerMinXMinYCorner, .layerMaxXMinYCorner])
        XCTAssertEqual(middle.layer.cornerRadius, 0)
        XCTAssertEqual(last.layer.maskedCorners, [.layerMinXMaxYCorner, .layerMaxXMaxYCorner])
    }

    func testDelegateHeightsWinOverRowHeight() {
        model = TableModel(sections: [rows(5)])
        model.rowHeights = [IndexPath(row: 1, section: 0): 100]
        table = UITableView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        table.rowHeight = 50
        table.register(CountingTableCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = model
        table.delegate = model
        window.addSubview(table)
        table.layoutIfNeeded()
        XCTAssertEqual(table.rectForRow(at: IndexPath(row: 1, section: 0)), CGRect(x: 0, y: 50, width: 400, height: 100))
        XCTAssertEqual(table.rectForRow(at: IndexPath(row: 2, section: 0)).minY, 150)
        XCTAssertEqual(table.contentSize.height, 50 * 4 + 100)
    }

    /// Self-sizing: a row's height follows its content's constraints once it shows.
    func testRowsSizeThemselvesFromConstraints() {
        final class TallCell: UITableViewCell {
            var height: NSLayoutConstraint!
            override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                super.init(style: style, reuseIdentifier: reuseIdentifier)
                let box = UIView()
                box.translatesAutoresizingMaskIntoConstraints = false
                contentView.addSubview(box)
                height = box.heightAnchor.constraint(equalToConstant: 10)
                NSLayoutConstraint.activate([
                    box.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
                    box.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -8),
                    box.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
                    box.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
                    height,
                ])
            }
            required init?(coder: NSCoder) { fatalError() }
        }
        final class Source: NSObject, UITableViewDataSource {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1000 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "tall", for: indexPath) as! TallCell
                cell.height.constant = CGFloat(20 + (indexPath.row % 3) * 30)
                return cell
            }
        }
        let source = Source()
        table = UITableView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        table.estimatedRowHeight = 60
        table.rowHeight = UITableView.automaticDimension
        table.register(TallCell.self, forCellReuseIdentifier: "tall")
        table.dataSource = source
        window.addSubview(table)
        table.layoutIfNeeded()
        // Rows 0, 1, 2 are 36, 66 and 96 points (content plus 16 points of padding).
        XCTAssertEqual(table.rectForRow(at: IndexPath(row: 0, section: 0)).height, 36)
        XCTAssertEqual(table.rectForRow(at: IndexPath(row: 1, section: 0)), CGRect(x: 0, y: 36, width: 400, height: 66))
        XCTAssertEqual(table.rectForRow(at: IndexPath(row: 2, section: 0)).minY, 102)
        // Rows not yet shown keep the estimate.
        XCTAssertEqual(table.rectForRow(at: IndexPath(row: 999, section: 0)).height, 60)
        let cells = table.visibleCells
        XCTAssertEqual(cells.last.map { table.indexPath(for: $0)! }.map { table.rectForRow(at: $0).minY < 400 }, true)
    }

    /// Built-in cells are at least 44 points and grow with a second line.
    func testBuiltInCellsSizeThemselves() {
        final class Source: NSObject, UITableViewDataSource {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
                cell.textLabel?.text = "Title"
                if indexPath.row == 1 {
                    cell.detailTextLabel?.text = "A line\nand another\nand a third"
                    cell.detailTextLabel?.numberOfLines = 0
                }
                return cell
            }
        }
        let source = Source()
        table = UITableView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        table.dataSource = source
        window.addSubview(table)
        table.layoutIfNeeded()
        XCTAssertEqual(table.rectForRow(at: IndexPath(row: 0, section: 0)).height, 44)
        XCTAssertGreaterThan(table.rectForRow(at: IndexPath(row: 1, section: 0)).height, 80)
    }

    func testScrollToRowPositions() {
        makeTable([rows(100)])
        let row = IndexPath(row: 50, section: 0)
        table.scrollToRow(at: row, at: .middle, animated: false)
        XCTAssertEqual(table.contentOffset.y, 50 * 44 + 22 - 200)
        table.scrollToRow(at: row, at: .bottom, animated: false)
        XCTAssertEqual(table.contentOffset.y, 51 * 44 - 400)
        table.scrollToRow(at: IndexPath(row: 99, section: 0), at: .top, animated: false)
        XCTAssertEqual(table.contentOffset.y, 100 * 44 - 400, "clamped to the end of the content")
        // .none: already whole on screen, nothing moves.
        let before = table.contentOffset
        table.scrollToRow(at: IndexPath(row: 98, section: 0), at: .none, animated: false)
        XCTAssertEqual(table.contentOffset, before)
        table.scrollToRow(at: IndexPath(row: 100, section: 0), at: .none, animated: false)
        XCTAssertEqual(inconsistencies.count, 1)
    }

    func testTableHeaderViewComesFirst() {
        makeTable([rows(5)])
        let header = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 60))
        table.tableHeaderView = header
        table.layoutIfNeeded()
        XCTAssertEqual(header.frame, CGRect(x: 0, y: 0, width: 400, height: 60))
        XCTAssertEqual(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY, 60)
        XCTAssertEqual(table.contentSize.height, 60 + 5 * 44)
    }

    func testCellStylesPlaceTheirLabels() {
        let value1 = UITableViewCell(style: .value1, reuseIdentifier: nil)
        value1.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
        value1.textLabel?.text = "Wi-Fi"
        value1.detailTextLabel?.text = "Home"
        value1.accessoryType = .disclosureIndicator
        value1.layoutIfNeeded()
        let detail = value1.detailTextLabel!.convert(value1.detailTextLabel!.bounds, to: value1)
        let accessory = value1.subviews.first { $0 is CellGlyphView }!
        XCTAssertEqual(value1.textLabel!.frame.minX, 16)
        XCTAssertEqual(detail.maxX + 8, accessory.frame.minX, "the value ends 8 points before the chevron")
        XCTAssertEqual(accessory.frame.maxX, 320 - 16)
        XCTAssertGreaterThan(detail.minX, 160, "the value is right-aligned")

        let subtitle = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
        subtitle.frame = CGRect(x: 0, y: 0, width: 320, height: 60)
        subtitle.textLabel?.text = "Title"
        subtitle.detailTextLabel?.text = "Subtitle"
        subtitle.layoutIfNeeded()
        XCTAssertEqual(subtitle.detailTextLabel!.frame.minY, subtitle.textLabel!.frame.maxY)
        XCTAssertEqual(subtitle.textLabel!.frame.minX, subtitle.detailTextLabel!.frame.minX)

        XCTAssertNil(UITableViewCell(style: .default, reuseIdentifier: nil).detailTextLabel)
    }

    /// defaultContentConfiguration() / contentConfiguration: the
    /// configuration's view fills the content view and shows its texts.
    func testContentConfigurationShowsItsTexts() {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
        var content = cell.defaultContentConfiguration()
        content.text = "Inbox"
        content.secondaryText = "12"
        content.prefersSideBySideTextAndSecondaryText = true
        cell.contentConfiguration = content
        cell.layoutIfNeeded()
        let view = cell.contentView.subviews.compactMap { $0 as? UIListContentView }.first!
        XCTAssertEqual(view.frame, cell.contentView.bounds)
        XCTAssertEqual(view.textLabel.text, "Inbox")
        XCTAssertEqual(view.secondaryTextLabel.text, "12")
        XCTAssertEqual(view.textLabel.frame.minX, 16)
        XCTAssertEqual(view.secondaryTextLabel.frame.maxX, 320 - 16, accuracy: 0.5)
        // A second configuration of the same kind updates the same view.
        content.text = "Sent"
        cell.contentConfiguration = content
        XCTAssertTrue(cell.contentView.subviews.compactMap { $0 as? UIListContentView }.first === view)
        XCTAssertEqual(view.textLabel.text, "Sent")
    }
}

/// UITableViewCell.backgroundConfiguration: "a background configuration
/// … for the cell's current state"; list configurations turn grey while
/// the cell is selected, and a colour set on the configuration shows.
final class TableCellBackgroundConfigurationTests: XCTestCase {
    func testBackgroundConfigurationFollowsTheState() {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
        var background = UIBackgroundConfiguration.listPlainCell()
        background.cornerRadius = 8
        cell.backgroundConfiguration = background
        cell.layoutIfNeeded()
        XCTAssertEqual(cell.styleBackground.backgroundColor, .systemBackground)
        XCTAssertEqual(cell.styleBackground.layer.cornerRadius, 8)
        cell.isSelected = true
        XCTAssertEqual(cell.styleBackground.backgroundColor, .systemGray4)
        cell.isSelected = false
        var tinted = UIBackgroundConfiguration.clear()
        tinted.backgroundColor = .systemYellow
        cell.backgroundConfiguration = tinted
        XCTAssertEqual(cell.styleBackground.backgroundColor, .systemYellow)
    }
}
