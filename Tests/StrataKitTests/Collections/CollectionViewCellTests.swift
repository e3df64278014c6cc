import XCTest
@testable import StrataKit

/// UICollectionViewCell, after Apple's reference: contentView ("add your
/// custom subviews to… contentView"), backgroundView ("placed behind all
/// of the other views of the cell"), selectedBackgroundView ("placed
/// above the background view and below the content view when the cell
/// is selected" — and while it is highlighted), and the configurations of iOS 14.
final class CollectionViewCellTests: XCTestCase {
    func testBackgroundViewsLieBehindTheContent() {
        let cell = UICollectionViewCell(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        let background = UIView(), selected = UIView()
        cell.backgroundView = background
        cell.selectedBackgroundView = selected
        XCTAssertEqual(cell.contentView.frame, CGRect(x: 0, y: 0, width: 100, height: 40))
        XCTAssertTrue(cell.subviews.first === background)
        XCTAssertNil(selected.superview, "shown only when selected")
        XCTAssertEqual(background.frame, cell.bounds)

        cell.isSelected = true
        XCTAssertTrue(cell.subviews[0] === background)
        XCTAssertTrue(cell.subviews[1] === selected)
        XCTAssertTrue(cell.subviews[2] === cell.contentView)
        cell.isSelected = false
        XCTAssertNil(selected.superview)
        cell.isHighlighted = true
        XCTAssertTrue(selected.superview === cell)

        cell.frame.size = CGSize(width: 200, height: 60)
        XCTAssertEqual(cell.contentView.frame.size, CGSize(width: 200, height: 60))
        XCTAssertEqual(background.frame.size, CGSize(width: 200, height: 60))
    }

    /// prepareForReuse resets the selected and highlighted states.
    func testPrepareForReuseResetsTheStates() {
        let cell = UICollectionViewCell(frame: .zero)
        cell.isSelected = true
        cell.isHighlighted = true
        cell.prepareForReuse()
        XCTAssertFalse(cell.isSelected)
        XCTAssertFalse(cell.isHighlighted)
    }

    /// A content configuration puts its view in the content view; a new
    /// configuration of the same kind updates that view.
    func testContentConfiguration() {
        let cell = UICollectionViewListCell(frame: CGRect(x: 0, y: 0, width: 200, height: 44))
        var content = cell.defaultContentConfiguration()
        content.text = "Title"
        cell.contentConfiguration = content
        let view = cell.contentView.subviews.compactMap { $0 as? UIListContentView }.first
        XCTAssertNotNil(view)
        XCTAssertEqual(view?.frame, cell.contentView.bounds)
        content.text = "Other"
        cell.contentConfiguration = content
        XCTAssertTrue(cell.contentView.subviews.compactMap { $0 as? UIListContentView }.first === view, "the same view")
        XCTAssertEqual((view?.configuration as? UIListContentConfiguration)?.text, "Other")
        view?.layoutIfNeeded()
        XCTAssertEqual(view?.subviews.compactMap { $0 as? UILabel }.first?.text, "Other")
    }

    /// A list cell's background turns gray while selected, and back.
    func testListCellBackgroundFollowsTheState() {
        let cell = UICollectionViewListCell(frame: CGRect(x: 0, y: 0, width: 200, height: 44))
        let normal = cell.backgroundView?.backgroundColor
        XCTAssertNotNil(normal)
        cell.isSelected = true
        XCTAssertTrue(cell.backgroundView?.backgroundColor === UIColor.systemGray4)
        cell.isSelected = false
        XCTAssertTrue(cell.backgroundView?.backgroundColor === normal)
    }

    /// Layout attributes: frame, center and size are one value; copies are equal and independent.
    func testLayoutAttributes() {
        let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 2, section: 1))
        attributes.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        XCTAssertEqual(attributes.center, CGPoint(x: 25, y: 40))
        XCTAssertEqual(attributes.size, CGSize(width: 30, height: 40))
        attributes.center = CGPoint(x: 100, y: 100)
        XCTAssertEqual(attributes.frame, CGRect(x: 85, y: 80, width: 30, height: 40))
        XCTAssertEqual(attributes.representedElementCategory, .cell)
        XCTAssertNil(attributes.representedElementKind)
        let copy = attributes.copy() as! UICollectionViewLayoutAttributes
        XCTAssertEqual(copy, attributes)
        copy.alpha = 0.5
        XCTAssertNotEqual(copy, attributes)
        XCTAssertEqual(attributes.alpha, 1)
        let header = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                                                      with: IndexPath(item: 0, section: 3))
        XCTAssertEqual(header.representedElementCategory, .supplementaryView)
        XCTAssertEqual(header.representedElementKind, UICollectionView.elementKindSectionHeader)
    }
}
