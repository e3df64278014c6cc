import Foundation

/// Registering cell and supplementary classes, and dequeuing: a view from
/// the reuse queue (after `prepareForReuse()`), or a new one of the
/// registered class.
extension UICollectionView {
    /// UIKit's kinds of supplementary views for flow layout headers and footers.
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// Registers the class dequeuing `identifier` makes; nil unregisters.
    public func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let cellClass else {
            cellClasses[identifier] = nil
            return
        }
        guard let type = cellClass as? UICollectionViewCell.Type else {
            fatalError("\(cellClass) is not a subclass of UICollectionViewCell")
        }
        cellClasses[identifier] = type
    }

    public func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String) {
        let key = SupplementaryKind(kind: elementKind, identifier: identifier)
        guard let viewClass else {
            supplementaryClasses[key] = nil
            return
        }
        guard let type = viewClass as? UICollectionReusableView.Type else {
            fatalError("\(viewClass) is not a subclass of UICollectionReusableView")
        }
        supplementaryClasses[key] = type
    }

    /// A cell for `indexPath`: a queued one (after its `prepareForReuse()`)
    /// or a new one of the class registered for `identifier`.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        if let reconfiguring = reconfiguringCell, reconfiguring.indexPath == indexPath,
           reconfiguring.cell.reuseIdentifier == identifier {
            // reconfigureItems: the visible cell itself, not prepared for reuse.
            return reconfiguring.cell
        }
        if var queue = reusableCells[identifier], let cell = queue.popLast() {
            reusableCells[identifier] = queue
            cell.prepareForReuse()
            return cell
        }
        guard let type = cellClasses[identifier] else {
            fatalError("could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) "
                + "- must register a nib or a class for the identifier")
        }
        let cell = type.init()
        cell.reuseIdentifier = identifier
        return cell
    }

    public func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String,
                                                 for indexPath: IndexPath) -> UICollectionReusableView {
        let key = SupplementaryKind(kind: elementKind, identifier: identifier)
        if var queue = reusableSupplementaryViews[key], let view = queue.popLast() {
            reusableSupplementaryViews[key] = queue
            view.prepareForReuse()
            return view
        }
        guard let type = supplementaryClasses[key] else {
            fatalError("could not dequeue a view of kind: \(elementKind) with identifier \(identifier) "
                + "- must register a nib or a class for the identifier")
        }
        let view = type.init()
        view.reuseIdentifier = identifier
        return view
    }

    func enqueue(_ cell: UICollectionViewCell) {
        guard let identifier = cell.reuseIdentifier else { return }
        reusableCells[identifier, default: []].append(cell)
    }

    func enqueue(_ view: UICollectionReusableView, kind: String) {
        guard let identifier = view.reuseIdentifier else { return }
        reusableSupplementaryViews[SupplementaryKind(kind: kind, identifier: identifier), default: []].append(view)
    }
}
