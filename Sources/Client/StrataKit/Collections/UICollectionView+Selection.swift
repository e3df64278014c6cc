import Foundation

/// Selection, by code and by touch. A finger down on a cell highlights it
/// (if the delegate allows); lifting it on the same cell selects it, in
/// the order Apple's Collection View Programming Guide draws ("Managing
/// the Visual State for Selections and Highlights"): touch down —
/// `shouldHighlightItemAt`, `isHighlighted`, `didHighlightItemAt`; touch
/// up — `shouldSelectItemAt`, `didUnhighlightItemAt`, `isSelected`,
/// `didSelectItemAt`. In single selection the item selected before is
/// deselected first (`didDeselectItemAt`); in multiple selection a tap on
/// a selected item deselects it (`shouldDeselectItemAt`,
/// `didDeselectItemAt`). A touch that moves off the cell or that a scroll
/// takes unhighlights it and selects nothing. Selecting by code tells the
/// delegate nothing, as in UIKit.
extension UICollectionView {
    public var indexPathsForSelectedItems: [IndexPath]? {
        selectedIndexPaths.sorted()
    }

    /// Selects an item (deselecting the others unless multiple selection
    /// is allowed) and scrolls to it; nil deselects everything.
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard allowsSelection else { return }
        guard let indexPath else {
            for path in selectedIndexPaths { deselectItem(at: path, animated: animated) }
            return
        }
        if !allowsMultipleSelection {
            for path in selectedIndexPaths where path != indexPath { setSelected(false, at: path) }
        }
        setSelected(true, at: indexPath)
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        setSelected(false, at: indexPath)
    }

    func setSelected(_ selected: Bool, at indexPath: IndexPath) {
        if selected { selectedIndexPaths.insert(indexPath) } else { selectedIndexPaths.remove(indexPath) }
        visibleCellViews[indexPath]?.isSelected = selected
    }

    // MARK: Touches

    /// A finger came down: highlight the cell under it. False when the
    /// touch is not on a cell (it goes up the responder chain).
    func beginTrackingTouch(_ touches: Set<UITouch>) -> Bool {
        guard trackedTouch == nil, let touch = touches.first, allowsSelection,
              let indexPath = indexPathForItem(at: touch.location(in: self)) else { return false }
        trackedTouch = touch
        if collectionDelegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true {
            highlightedIndexPath = indexPath
            visibleCellViews[indexPath]?.isHighlighted = true
            collectionDelegate?.collectionView(self, didHighlightItemAt: indexPath)
        }
        return true
    }

    /// The finger moved: off the cell, the highlight goes (and with it the selection).
    func moveTrackedTouch(_ touches: Set<UITouch>) {
        guard let touch = trackedTouch, touches.contains(where: { $0 === touch }), let highlighted = highlightedIndexPath else { return }
        if indexPathForItem(at: touch.location(in: self)) != highlighted { unhighlight() }
    }

    /// The finger lifted: select (or in multiple selection toggle) the highlighted item.
    func endTrackedTouch(_ touches: Set<UITouch>) -> Bool {
        guard let touch = trackedTouch, touches.contains(where: { $0 === touch }) else { return false }
        trackedTouch = nil
        guard let indexPath = highlightedIndexPath else { return true }
        let delegate = collectionDelegate
        // An outline header row expands or collapses instead of being selected.
        if let cell = visibleCellViews[indexPath] as? UICollectionViewListCell, let options = cell.outlineDisclosureOptions,
           options.style != .cell, let outline = dataSource as? OutlineExpanding {
            unhighlight()
            if outline.toggleOutline(at: indexPath) { return true }
        }
        if allowsMultipleSelection, selectedIndexPaths.contains(indexPath) {
            let deselects = delegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true
            unhighlight()
            if deselects {
                setSelected(false, at: indexPath)
                delegate?.collectionView(self, didDeselectItemAt: indexPath)
            }
            return true
        }
        guard delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else {
            unhighlight()
            return true
        }
        unhighlight()
        if !allowsMultipleSelection {
            for path in selectedIndexPaths.sorted() where path != indexPath {
                setSelected(false, at: path)
                delegate?.collectionView(self, didDeselectItemAt: path)
            }
        }
        setSelected(true, at: indexPath)
        delegate?.collectionView(self, didSelectItemAt: indexPath)
        return true
    }

    func cancelTrackedTouch() {
        trackedTouch = nil
        unhighlight()
    }

    private func unhighlight() {
        guard let indexPath = highlightedIndexPath else { return }
        highlightedIndexPath = nil
        visibleCellViews[indexPath]?.isHighlighted = false
        collectionDelegate?.collectionView(self, didUnhighlightItemAt: indexPath)
    }
}

/// A data source whose rows can expand and collapse (a diffable data source with section snapshots).
protocol OutlineExpanding: AnyObject {
    func toggleOutline(at indexPath: IndexPath) -> Bool
}
