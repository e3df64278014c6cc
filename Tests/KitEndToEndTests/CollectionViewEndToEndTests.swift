import Foundation
import TestSupport
import XCTest
@testable import StrataKit

/// A collection view on a real compositor: the cells the update cycle
/// tiles are the ones the screen shows, the wheel scrolls them (reusing
/// cells, not making new ones), and a click selects the item under it.
final class CollectionViewEndToEndTests: KitTestCase {
    /// Rows of two 100 × 50 cells: even rows red, odd rows green.
    final class Grid: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
        var selected: [IndexPath] = []
        var made = 0

        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 1000 }

        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            if cell.backgroundColor == nil { made += 1 }
            cell.backgroundColor = (indexPath.item / 2) % 2 == 0 ? .red : .green
            return cell
        }

        func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            selected.append(indexPath)
        }
    }

    private var window: UIWindow!
    private var collectionView: UICollectionView!
    private let grid = Grid()
    private var origin = (x: 0, y: 0)

    override func setUpWithError() throws {
        try startCompositor(width: 320, height: 320)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.title = "Grid"
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 50)
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        collectionView = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        collectionView.showsVerticalScrollIndicator = false
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        collectionView.dataSource = grid
        collectionView.delegate = grid
        window.addSubview(collectionView)
        show(window)
        origin = try origin(of: serverWindow(titled: "Grid"))
    }

    override func tearDown() {
        window = nil
        collectionView = nil
        super.tearDown()
    }

    private func output(_ x: CGFloat, _ y: CGFloat) -> [String] {
        ["\(CGFloat(origin.x) + x)", "\(CGFloat(origin.y) + y)"]
    }

    private func pixel(at x: Int, _ y: Int) throws -> DecodedPNG.Pixel {
        let shot = try strata.screenshot(to: strata.runtimeDirectory + "/grid.png")
        return shot[origin.x + x, origin.y + y]
    }

    func testTheScreenShowsTheTiledCellsAndTheWheelScrollsThem() throws {
        XCTAssertEqual(collectionView.visibleCells.count, 8)
        XCTAssertEqual(try pixel(at: 50, 25), .init(red: 255, green: 0, blue: 0), "row 0")
        XCTAssertEqual(try pixel(at: 150, 75), .init(red: 0, green: 255, blue: 0), "row 1")

        try strata.input(["move"] + output(100, 100))
        try strata.input("scroll", "0", "50")
        XCTAssertTrue(runMainLoop(until: { self.collectionView.contentOffset.y == 50 && !self.collectionView.isDragging }))
        waitUntilPresented()
        XCTAssertEqual(try pixel(at: 50, 25), .init(red: 0, green: 255, blue: 0), "row 1 at the top now")
        XCTAssertLessThanOrEqual(grid.made, 10, "the cells that left were reused for the ones that came")
        XCTAssertLessThanOrEqual(collectionView.subviews.count, 10)

        try strata.input(["click"] + output(150, 30))
        XCTAssertTrue(runMainLoop(until: { !self.grid.selected.isEmpty }), "the click selected nothing")
        XCTAssertEqual(grid.selected, [IndexPath(item: 3, section: 0)])
    }
}
