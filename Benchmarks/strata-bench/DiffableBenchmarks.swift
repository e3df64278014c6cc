import Foundation
import StrataKit

/// Applying a diffable snapshot of 10,000 items with 100 changes (50
/// deleted, 50 inserted, spread through the list) to a table and to a
/// collection view that show the previous snapshot, against applying the
/// same snapshot to an empty view, in the same run.
func runDiffableBenchmarks() {
    func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    let items = Array(0..<10_000)
    var changed = items
    for index in stride(from: 9_900, through: 0, by: -200) { changed.remove(at: index) }
    changed.append(contentsOf: 10_000..<10_050)
    var before = NSDiffableDataSourceSnapshot<Int, Int>()
    before.appendSections([0])
    before.appendItems(items)
    var after = NSDiffableDataSourceSnapshot<Int, Int>()
    after.appendSections([0])
    after.appendItems(changed)

    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
    var tableChanges: [Double] = [], tableFresh: [Double] = []
    var collectionChanges: [Double] = [], collectionFresh: [Double] = []
    for _ in 0..<7 {
        let table = UITableView(frame: window.bounds)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        window.addSubview(table)
        let tableSource = UITableViewDiffableDataSource<Int, Int>(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = "Item \(item)"
            return cell
        }
        tableFresh.append(seconds { tableSource.apply(after, animatingDifferences: false); table.layoutIfNeeded() })
        tableSource.apply(before, animatingDifferences: false)
        table.layoutIfNeeded()
        tableChanges.append(seconds { tableSource.apply(after, animatingDifferences: true); table.layoutIfNeeded() })
        table.removeFromSuperview()

        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 90, height: 90)
        let collection = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "item")
        window.addSubview(collection)
        let collectionSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collection) { collection, indexPath, _ in
            collection.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
        }
        collectionFresh.append(seconds { collectionSource.apply(after, animatingDifferences: false); collection.layoutIfNeeded() })
        collectionSource.apply(before, animatingDifferences: false)
        collection.layoutIfNeeded()
        collectionChanges.append(seconds { collectionSource.apply(after, animatingDifferences: true); collection.layoutIfNeeded() })
        collection.removeFromSuperview()
    }
    print("")
    print("strata-bench: a diffable snapshot of 10,000 items with 100 changes applied, against the same snapshot applied to an empty view (medians of 7)")
    print(String(format: "  table:            %7.3f ms with the changes, %7.3f ms to an empty view: %.2f×",
                 median(tableChanges) * 1000, median(tableFresh) * 1000, median(tableChanges) / median(tableFresh)))
    print(String(format: "  collection view:  %7.3f ms with the changes, %7.3f ms to an empty view: %.2f×",
                 median(collectionChanges) * 1000, median(collectionFresh) * 1000, median(collectionChanges) / median(collectionFresh)))
}
