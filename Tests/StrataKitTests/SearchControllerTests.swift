import XCTest
@testable import StrataKit

/// UISearchController as Apple documents it: "The search results updater
/// … is called when the search bar becomes the first responder or when
/// the user makes changes inside the search bar"; `isActive` says whether
/// the search interface is displayed; `obscuresBackgroundDuringPresentation`
/// "obscures the underlying content during a search"; set as a navigation
/// item's `searchController`, its bar shows in the navigation bar's area.
final class SearchControllerTests: TextFieldTestCase {
    final class Fruits: UITableViewController, UISearchResultsUpdating {
        let all = ["Apple", "Apricot", "Banana", "Cherry"]
        var shown: [String] = []
        var updates: [String] = []
        let search = UISearchController(searchResultsController: nil)

        override func viewDidLoad() {
            super.viewDidLoad()
            shown = all
            search.searchResultsUpdater = self
            search.obscuresBackgroundDuringPresentation = false
            search.searchBar.placeholder = "Search Fruit"
            navigationItem.searchController = search
            definesPresentationContext = true
        }

        func updateSearchResults(for searchController: UISearchController) {
            let text = searchController.searchBar.text ?? ""
            updates.append(text)
            shown = text.isEmpty ? all : all.filter { $0.lowercased().contains(text.lowercased()) }
            tableView.reloadData()
        }

        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { shown.count }

        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "c") ?? UITableViewCell(style: .default, reuseIdentifier: "c")
            cell.textLabel?.text = shown[indexPath.row]
            return cell
        }
    }

    private var fruits: Fruits!

    override func setUp() {
        super.setUp()
        fruits = Fruits(style: .plain)
        window.rootViewController = UINavigationController(rootViewController: fruits)
        window.layoutIfNeeded()
    }

    override func tearDown() {
        window.rootViewController = nil
        fruits = nil
        super.tearDown()
    }

    private func tapSearchField() {
        let field = fruits.search.searchBar.searchTextField
        let frame = field.convert(field.bounds, to: window)
        tap(at: CGPoint(x: frame.midX, y: frame.midY))
        window.layoutIfNeeded()
    }

    func testTheBarShowsUnderTheNavigationBarAndInsetsTheContent() {
        let navigation = fruits.navigationController!
        let bar = fruits.search.searchBar
        XCTAssertTrue(bar.superview === navigation.view)
        XCTAssertEqual(bar.frame.minY, navigation.navigationBar.frame.maxY)
        XCTAssertEqual(fruits.view.safeAreaInsets.top, bar.frame.maxY, "the table starts below the search bar")
        XCTAssertEqual(fruits.tableView.visibleCells.count, 4)
    }

    func testTypingUpdatesTheResultsAndCancelEndsTheSearch() {
        XCTAssertFalse(fruits.search.isActive)
        tapSearchField()
        XCTAssertTrue(fruits.search.isActive)
        XCTAssertEqual(fruits.updates, [""], "becoming first responder updates once")
        type("ap")
        window.layoutIfNeeded()
        XCTAssertEqual(fruits.updates, ["", "a", "ap"])
        XCTAssertEqual(fruits.tableView.visibleCells.map { $0.textLabel?.text }, ["Apple", "Apricot"])
        XCTAssertTrue(fruits.search.searchBar.showsCancelButton)
        fruits.search.searchBarCancelled()
        window.layoutIfNeeded()
        XCTAssertFalse(fruits.search.isActive)
        XCTAssertEqual(fruits.search.searchBar.text, "")
        XCTAssertEqual(fruits.updates.last, "")
        XCTAssertEqual(fruits.tableView.visibleCells.count, 4)
        XCTAssertFalse(fruits.search.searchBar.searchTextField.isFirstResponder)
    }

    func testTheBackgroundIsObscuredUnlessTold() {
        fruits.search.obscuresBackgroundDuringPresentation = true
        tapSearchField()
        let dimming = fruits.search.dimmingView
        XCTAssertTrue(dimming.superview === fruits.navigationController?.view)
        XCTAssertEqual(dimming.frame.minY, fruits.search.searchBar.frame.maxY)
        // A tap on the dimmed content ends the search.
        tap(at: CGPoint(x: 200, y: 350))
        window.layoutIfNeeded()
        XCTAssertFalse(fruits.search.isActive)
        XCTAssertNil(dimming.superview)
    }

    func testAResultsControllerCoversTheContentOnceThereIsText() {
        let results = UIViewController()
        let search = UISearchController(searchResultsController: results)
        fruits.navigationItem.searchController = search
        window.layoutIfNeeded()
        let field = search.searchBar.searchTextField
        let frame = field.convert(field.bounds, to: window)
        tap(at: CGPoint(x: frame.midX, y: frame.midY))
        XCTAssertFalse(results.isViewLoaded && results.view.superview != nil, "no text yet: nothing covers the content")
        type("b")
        window.layoutIfNeeded()
        XCTAssertTrue(results.view.superview === fruits.navigationController?.view)
        XCTAssertEqual(results.view.frame.minY, search.searchBar.frame.maxY)
        XCTAssertTrue(fruits.search.searchBar.superview == nil, "the old search controller's bar left")
    }
}
