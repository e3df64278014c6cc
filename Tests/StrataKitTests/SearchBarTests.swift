import XCTest
@testable import StrataKit

/// UISearchBar and UISearchBarDelegate as Apple's reference describes
/// them, typed into with synthesized keys.
final class SearchBarTests: TextFieldTestCase {
    var bar: UISearchBar!
    let searchDelegate = RecordingSearchBarDelegate()

    override func setUp() {
        super.setUp()
        bar = UISearchBar(frame: CGRect(x: 0, y: 100, width: 400, height: 56))
        bar.delegate = searchDelegate
        window.addSubview(bar)
        window.layoutIfNeeded()
    }

    private func tapField() {
        let frame = bar.searchTextField.convert(bar.searchTextField.bounds, to: window)
        tap(at: CGPoint(x: frame.midX, y: frame.midY))
    }

    /// A tap begins editing (asking first); each typed character is asked
    /// for with `searchBar(_:shouldChangeTextIn:replacementText:)`, then
    /// reported by `searchBar(_:textDidChange:)` with the new text.
    func testTypingAsksThenReports() {
        XCTAssertTrue((bar.searchTextField as Any) is UITextField, "UISearchTextField is a UITextField")
        tapField()
        XCTAssertTrue(bar.isFirstResponder)
        type("ab")
        XCTAssertEqual(searchDelegate.take(), ["shouldBegin", "didBegin",
                                               "shouldChange 0,0 \"a\"", "textDidChange \"a\"",
                                               "shouldChange 1,0 \"b\"", "textDidChange \"ab\""])
        XCTAssertEqual(bar.text, "ab")
        backspace()
        XCTAssertEqual(searchDelegate.take(), ["shouldChange 1,1 \"\"", "textDidChange \"a\""])
    }

    /// A refused change leaves the text, and no textDidChange follows.
    func testShouldChangeCanRefuse() {
        searchDelegate.allowsChange = false
        tapField()
        type("x")
        XCTAssertEqual(bar.text, "")
        XCTAssertFalse(searchDelegate.take().contains { $0.hasPrefix("textDidChange") })
    }

    /// Return is the search button: `searchBarSearchButtonClicked(_:)`.
    /// Setting `text` in code does not call textDidChange.
    func testReturnClicksSearchAndSettingTextTellsNothing() {
        bar.text = "cats"
        XCTAssertEqual(searchDelegate.take(), [])
        tapField()
        _ = searchDelegate.take()
        returnKey()
        XCTAssertEqual(searchDelegate.take(), ["searchButtonClicked"])
        XCTAssertTrue(bar.isFirstResponder, "the field keeps editing")
        XCTAssertTrue(bar.resignFirstResponder())
        XCTAssertEqual(searchDelegate.take(), ["shouldEnd", "didEnd"])
    }

    /// `showsCancelButton` puts a Cancel button right of the field, whose
    /// tap calls `searchBarCancelButtonClicked(_:)`.
    func testCancelButton() {
        let wideField = bar.searchTextField.frame
        XCTAssertTrue(bar.cancelButton.isHidden)
        bar.showsCancelButton = true
        window.layoutIfNeeded()
        XCTAssertFalse(bar.cancelButton.isHidden)
        XCTAssertLessThan(bar.searchTextField.frame.maxX, wideField.maxX, "the field makes room")
        XCTAssertLessThanOrEqual(bar.searchTextField.frame.maxX, bar.cancelButton.frame.minX)
        let frame = bar.cancelButton.convert(bar.cancelButton.bounds, to: window)
        tap(at: CGPoint(x: frame.midX, y: frame.midY))
        XCTAssertEqual(searchDelegate.take(), ["cancelButtonClicked"])
    }

    /// The bar is 56 points high; the field sits in its middle.
    func testSize() {
        XCTAssertEqual(bar.sizeThatFits(CGSize(width: 300, height: 500)).height, 56)
        XCTAssertEqual(bar.searchTextField.frame.midY, 28, accuracy: 0.5)
        bar.placeholder = "Search"
        XCTAssertEqual(bar.searchTextField.placeholder, "Search")
    }
}

final class RecordingSearchBarDelegate: UISearchBarDelegate {
    var log: [String] = []
    var allowsChange = true

    func take() -> [String] {
        defer { log = [] }
        return log
    }

    func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { log.append("shouldBegin"); return true }
    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) { log.append("didBegin") }
    func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool { log.append("shouldEnd"); return true }
    func searchBarTextDidEndEditing(_ searchBar: UISearchBar) { log.append("didEnd") }
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { log.append("textDidChange \"\(searchText)\"") }
    func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        log.append("shouldChange \(range.location),\(range.length) \"\(text)\"")
        return allowsChange
    }
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar) { log.append("searchButtonClicked") }
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar) { log.append("cancelButtonClicked") }
}
