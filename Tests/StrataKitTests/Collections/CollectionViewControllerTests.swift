import XCTest
@testable import StrataKit

/// UICollectionViewController: "manages a collection view… the
/// controller is the collection view's data source and delegate", and
/// clearsSelectionOnViewWillAppear ("the default value is true").
final class CollectionViewControllerTests: InputTestCase {
    /// Written as UIKit subclasses are: overrides of the data source and delegate methods.
    final class NumbersViewController: UICollectionViewController {
        var selected: [IndexPath] = []

        override func viewDidLoad() {
            super.viewDidLoad()
            collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "number")
        }

        override func numberOfSections(in collectionView: UICollectionView) -> Int { 2 }

        override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            section == 0 ? 3 : 50
        }

        override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "number", for: indexPath)
            cell.tag = indexPath.section * 1000 + indexPath.item
            return cell
        }

        override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            selected.append(indexPath)
        }
    }

    func testTheControllerFeedsItsCollectionView() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.minimumInteritemSpacing = 0
        layout.minimumLineSpacing = 0
        let controller = NumbersViewController(collectionViewLayout: layout)
        window.rootViewController = controller
        window.layoutIfNeeded()
        let collectionView = controller.collectionView!
        XCTAssertIdentical(controller.view, collectionView)
        XCTAssertIdentical(collectionView.dataSource, controller)
        XCTAssertIdentical(controller.collectionViewLayout, layout)
        XCTAssertEqual(collectionView.numberOfSections, 2)
        XCTAssertEqual(collectionView.numberOfItems(inSection: 1), 50)
        // Section 0: one row of 3 (400 wide holds 4), section 1 from y = 100.
        XCTAssertEqual(collectionView.cellForItem(at: IndexPath(item: 5, section: 1))?.tag, 1005)
        XCTAssertEqual(collectionView.cellForItem(at: IndexPath(item: 5, section: 1))?.frame.origin, CGPoint(x: 100, y: 200))

        tap(at: CGPoint(x: 150, y: 50))
        XCTAssertEqual(controller.selected, [IndexPath(item: 1, section: 0)])
        XCTAssertEqual(collectionView.indexPathsForSelectedItems, [IndexPath(item: 1, section: 0)])
        controller.viewWillAppear(false)
        XCTAssertEqual(collectionView.indexPathsForSelectedItems, [], "cleared when the view appears again")
    }

    /// Made without a layout, the controller uses a flow layout.
    func testDefaultLayoutIsFlow() {
        let controller = UICollectionViewController(nibName: nil, bundle: nil)
        XCTAssertTrue(controller.collectionViewLayout is UICollectionViewFlowLayout)
    }
}
