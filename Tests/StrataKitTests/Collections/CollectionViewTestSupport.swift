import XCTest
@testable import StrataKit

/// A cell that counts how it is made and reused.
final class CountingCell: UICollectionViewCell {
    nonisolated(unsafe) static var made = 0
    nonisolated(unsafe) static var totalReuses = 0
    var reuses = 0
    var item: IndexPath?

    override init(frame: CGRect) {
        super.init(frame: frame)
        CountingCell.made += 1
    }

    required init?(coder: NSCoder) { fatalError() }

    override func prepareForReuse() {
        super.prepareForReuse()
        reuses += 1
        CountingCell.totalReuses += 1
    }
}

/// A header or footer.
final class CountingHeader: UICollectionReusableView {}

/// A data source over per-section counts that writes down what it is asked.
final class RecordingDataSource: UICollectionViewDataSource {
    var counts: [Int]
    var log: [String] = []
    var logsCells = true

    init(counts: [Int]) { self.counts = counts }

    func numberOfSections(in collectionView: UICollectionView) -> Int {
        log.append("sections")
        return counts.count
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        log.append("items \(section)")
        return counts[section]
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        if logsCells { log.append("cell \(indexPath.section)-\(indexPath.item)") }
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        (cell as? CountingCell)?.item = indexPath
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView {
        log.append("\(kind == UICollectionView.elementKindSectionHeader ? "header" : "footer") \(indexPath.section)")
        return collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "supplementary", for: indexPath)
    }
}

/// A delegate that writes down the collection view's calls and can refuse
/// highlighting or selection.
final class RecordingCollectionDelegate: UICollectionViewDelegate {
    var log: [String] = []
    var allowsHighlight = true
    var allowsSelect = true
    var logsDisplay = false

    private func path(_ indexPath: IndexPath) -> String { "\(indexPath.section)-\(indexPath.item)" }

    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        log.append("shouldHighlight \(path(indexPath))")
        return allowsHighlight
    }

    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
        log.append("didHighlight \(path(indexPath))")
    }

    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        log.append("didUnhighlight \(path(indexPath))")
    }

    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        log.append("shouldSelect \(path(indexPath))")
        return allowsSelect
    }

    func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
        log.append("shouldDeselect \(path(indexPath))")
        return true
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        log.append("didSelect \(path(indexPath))")
    }

    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
        log.append("didDeselect \(path(indexPath))")
    }

    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        if logsDisplay { log.append("willDisplay \(path(indexPath))") }
    }

    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        if logsDisplay { log.append("didEndDisplaying \(path(indexPath))") }
    }
}

/// A 200 × 300 collection view at the window's top left, on the manual clock.
class CollectionViewTestCase: InputTestCase {
    var collectionView: UICollectionView!
    var dataSource: RecordingDataSource!
    var delegate: RecordingCollectionDelegate!

    override func setUp() {
        super.setUp()
        CountingCell.made = 0
        CountingCell.totalReuses = 0
    }

    override func tearDown() {
        collectionView = nil
        dataSource = nil
        delegate = nil
        super.tearDown()
    }

    /// Makes the collection view with `layout` over `counts` items per section.
    @discardableResult
    func makeCollectionView(layout: UICollectionViewLayout, counts: [Int],
                            frame: CGRect = CGRect(x: 0, y: 0, width: 200, height: 300)) -> UICollectionView {
        let view = UICollectionView(frame: frame, collectionViewLayout: layout)
        view.register(CountingCell.self, forCellWithReuseIdentifier: "cell")
        view.register(CountingHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                      withReuseIdentifier: "supplementary")
        view.register(CountingHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter,
                      withReuseIdentifier: "supplementary")
        dataSource = RecordingDataSource(counts: counts)
        delegate = RecordingCollectionDelegate()
        view.dataSource = dataSource
        view.delegate = delegate
        window.addSubview(view)
        collectionView = view
        return view
    }

    /// The layout pass, as the update cycle runs it.
    func layoutPass() {
        window.layoutIfNeeded()
    }

    /// The cells that are subviews (of the collection view or of an orthogonal section's scroll view).
    var cellSubviews: [UICollectionViewCell] {
        func cells(in view: UIView) -> [UICollectionViewCell] {
            view.subviews.flatMap { subview -> [UICollectionViewCell] in
                if let cell = subview as? UICollectionViewCell { return [cell] }
                if subview is UIScrollView { return cells(in: subview) }
                return []
            }
        }
        return cells(in: collectionView)
    }

    /// The frame of each visible item's cell, in the collection view's content coordinates.
    func visibleFrames() -> [IndexPath: CGRect] {
        var frames: [IndexPath: CGRect] = [:]
        for path in collectionView.indexPathsForVisibleItems {
            frames[path] = collectionView.layoutAttributesForItem(at: path)?.frame
        }
        return frames
    }

    func frame(_ item: Int, _ section: Int = 0) -> CGRect? {
        collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    /// Frames with coordinates rounded to 1/1000 point, for exact comparisons of computed values.
    func rounded(_ rect: CGRect?) -> CGRect? {
        guard let rect else { return nil }
        func r(_ v: CGFloat) -> CGFloat { (v * 1000).rounded() / 1000 }
        return CGRect(x: r(rect.minX), y: r(rect.minY), width: r(rect.width), height: r(rect.height))
    }
}
