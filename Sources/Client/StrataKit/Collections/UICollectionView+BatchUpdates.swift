import Foundation

/// Inserting, deleting, moving and reloading items and sections, alone or
/// together in `performBatchUpdates(_:completion:)`. As in UIKit, index
/// paths of deletions and reloads (and a move's source) count from before
/// the update, insertions (and a move's destination) from after it; the
/// data source must already say the new counts when the batch ends.
///
/// The counts are checked as UIKit checks them: each section that stays
/// must hold its old count plus what was inserted and moved in, minus what
/// was deleted and moved out. UIKit raises NSInternalInconsistencyException
/// ("Invalid update: invalid number of items in section…"); Swift on Linux
/// has no exceptions to catch, so the same message goes to
/// `UICollectionView.inconsistencyHandler`, which stops the program by
/// default. A handler that returns (tests replace it) gets a collection
/// view that recovers by reloading its data, and a completion told `false`.
///
/// Items that stay move to their new frames in one view animation that
/// the compositor plays; inserted items start from the layout's
/// `initialLayoutAttributesForAppearingItem(at:)` (transparent, by
/// default) and deleted ones end at `finalLayoutAttributesForDisappearingItem(at:)`
/// before they leave the hierarchy.
extension UICollectionView {
    /// Called with UIKit's message when an update's counts do not add up.
    nonisolated(unsafe) public static var inconsistencyHandler: (String) -> Void = { message in
        fatalError("NSInternalInconsistencyException: \(message)")
    }

    public func insertItems(at indexPaths: [IndexPath]) {
        record { $0.insertedItems.append(contentsOf: indexPaths) }
    }

    public func deleteItems(at indexPaths: [IndexPath]) {
        record { $0.deletedItems.append(contentsOf: indexPaths) }
    }

    public func reloadItems(at indexPaths: [IndexPath]) {
        record { $0.reloadedItems.append(contentsOf: indexPaths) }
    }

    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record { $0.movedItems.append((indexPath, newIndexPath)) }
    }

    public func insertSections(_ sections: IndexSet) {
        record { $0.insertedSections.formUnion(sections) }
    }

    public func deleteSections(_ sections: IndexSet) {
        record { $0.deletedSections.formUnion(sections) }
    }

    public func reloadSections(_ sections: IndexSet) {
        record { $0.reloadedSections.formUnion(sections) }
    }

    public func moveSection(_ section: Int, toSection newSection: Int) {
        record { $0.movedSections.append((section, newSection)) }
    }

    /// Asks the data source again for the visible cells of these items,
    /// handing it the same cells (no `prepareForReuse`, no animation):
    /// cheaper than a reload when only the content changed.
    public func reconfigureItems(at indexPaths: [IndexPath]) {
        guard let dataSource else { return }
        for indexPath in indexPaths {
            guard let cell = visibleCellViews[indexPath] else { continue }
            reconfiguringCell = (indexPath, cell)
            let result = dataSource.collectionView(self, cellForItemAt: indexPath)
            reconfiguringCell = nil
            if result !== cell {
                // The data source made another cell: it replaces the old one.
                let container = cell.superview ?? self
                let attributes = cell.appliedLayoutAttributes
                endDisplaying(cell, at: indexPath)
                result.isSelected = selectedIndexPaths.contains(indexPath)
                if let attributes { UIView.performWithoutAnimation { apply(attributes, to: result, bandOrigin: bandOrigin(of: container)) } }
                collectionDelegate?.collectionView(self, willDisplay: result, forItemAt: indexPath)
                container.addSubview(result)
                visibleCellViews[indexPath] = result
            }
        }
    }

    /// Runs `updates` (which calls the methods above) as one update,
    /// animated together; `completion` runs when the animations end.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        if pendingBatch != nil {
            // A batch inside a batch joins it.
            updates?()
            if let completion { DispatchQueue.main.async { completion(true) } }
            return
        }
        guard dataSource != nil, itemCounts != nil else {
            // Nothing was shown yet: nothing to animate, the counts are read when needed.
            updates?()
            reloadData()
            if let completion { DispatchQueue.main.async { completion(true) } }
            return
        }
        prepareLayoutIfNeeded()
        pendingBatch = BatchUpdate()
        updates?()
        let batch = pendingBatch ?? BatchUpdate()
        pendingBatch = nil
        apply(batch, completion: completion)
    }

    private func record(_ change: (inout BatchUpdate) -> Void) {
        if pendingBatch != nil {
            change(&pendingBatch!)
        } else {
            var batch = BatchUpdate()
            change(&batch)
            performBatchUpdates({ self.pendingBatch = batch })
        }
    }

    private func bandOrigin(of container: UIView) -> CGPoint {
        (container as? OrthogonalScrollView)?.geometry.band.origin ?? .zero
    }

    // MARK: Applying a batch

    private func apply(_ batch: BatchUpdate, completion: ((Bool) -> Void)?) {
        guard let dataSource, let oldCounts = itemCounts else { return }
        let newSectionCount = max(0, dataSource.numberOfSections(in: self))
        let newCounts = (0..<newSectionCount).map { max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
        let plan: BatchPlan
        switch BatchPlan.make(batch, oldCounts: oldCounts, newCounts: newCounts) {
        case .failure(let failure):
            Self.inconsistencyHandler(failure.message)
            reloadData()
            if let completion { DispatchQueue.main.async { completion(false) } }
            return
        case .success(let made):
            plan = made
        }

        let layout = collectionViewLayout
        let animated = UIView.areAnimationsEnabled && (ViewAnimationContext.stack.last?.animationsEnabled ?? true)
        var before: [IndexPath: UICollectionViewLayoutAttributes] = [:]
        for (indexPath, cell) in visibleCellViews { before[indexPath] = cell.appliedLayoutAttributes }
        layout.attributesBeforeUpdate = before
        // Items near the screen that may come onto it start where they were.
        var incoming: [IndexPath: UICollectionViewLayoutAttributes] = [:]
        if animated {
            let orthogonal = layout.orthogonalSections
            let near = bounds.insetBy(dx: -bounds.width, dy: -bounds.height)
            for attributes in layout.layoutAttributesForElements(in: near) ?? []
                where attributes.representedElementCategory == .cell && orthogonal[attributes.indexPath.section] == nil
                && visibleCellViews[attributes.indexPath] == nil && !plan.isReloaded(attributes.indexPath) {
                if let new = plan.newIndexPath(forItem: attributes.indexPath), let copy = attributes.copy() as? UICollectionViewLayoutAttributes {
                    copy.indexPath = new
                    incoming[new] = copy
                }
            }
        }

        // The views on screen follow their items to the new index paths.
        var disappearing: [(indexPath: IndexPath, view: UICollectionReusableView, kind: String?)] = []
        let oldCells = visibleCellViews
        visibleCellViews = [:]
        for (indexPath, cell) in oldCells {
            if let new = plan.newIndexPath(forItem: indexPath), !plan.isReloaded(indexPath) {
                visibleCellViews[new] = cell
            } else {
                disappearing.append((indexPath, cell, nil))
            }
        }
        // Decoration views are made again where the new layout puts them.
        discardDecorationViews()
        let oldSupplementary = visibleSupplementaryViews
        visibleSupplementaryViews = [:]
        for (element, view) in oldSupplementary {
            if let section = plan.sectionMap[element.indexPath.section], !plan.reloadedSections.contains(element.indexPath.section) {
                var path = element.indexPath
                path.section = section
                visibleSupplementaryViews[SupplementaryElement(kind: element.kind, indexPath: path)] = view
            } else {
                disappearing.append((element.indexPath, view, element.kind))
            }
        }
        var remappedScrollers: [Int: OrthogonalScrollView] = [:]
        for (section, scroller) in orthogonalScrollers {
            if let new = plan.sectionMap[section] { remappedScrollers[new] = scroller } else { scroller.removeFromSuperview() }
        }
        orthogonalScrollers = remappedScrollers
        selectedIndexPaths = Set(selectedIndexPaths.compactMap { plan.isReloaded($0) ? nil : plan.newIndexPath(forItem: $0) })
        highlightedIndexPath = nil
        trackedTouch = nil
        itemCounts = newCounts

        layout.invalidateLayout(with: .dataSourceCounts())
        prepareLayoutIfNeeded()
        layout.prepare(forCollectionViewUpdates: plan.updateItems)
        appearingIndexPaths = plan.appearing
        incomingAttributes = incoming

        // Items on screen that the update moves off it go to their new
        // places in the animation, and leave the hierarchy after it.
        var leaving: [(indexPath: IndexPath, cell: UICollectionViewCell, attributes: UICollectionViewLayoutAttributes)] = []
        if animated {
            let orthogonal = layout.orthogonalSections
            for (indexPath, cell) in visibleCellViews where orthogonal[indexPath.section] == nil {
                guard let attributes = layout.layoutAttributesForItem(at: indexPath), !attributes.frame.overlaps(bounds) else { continue }
                visibleCellViews[indexPath] = nil
                leaving.append((indexPath, cell, attributes))
            }
        }

        let changes = {
            self.updateVisibleViews()
            for (_, cell, attributes) in leaving { self.apply(attributes, to: cell) }
            for (indexPath, view, kind) in disappearing {
                let final = kind == nil ? layout.finalLayoutAttributesForDisappearingItem(at: indexPath) : nil
                if let final { self.apply(final, to: view, bandOrigin: self.bandOrigin(of: view.superview ?? self)) } else { view.alpha = 0 }
            }
        }
        let finish: () -> Void = { [weak self] in
            guard let self else { return }
            for (indexPath, view, kind) in disappearing {
                view.removeFromSuperview()
                if let kind {
                    self.collectionDelegate?.collectionView(self, didEndDisplayingSupplementaryView: view, forElementOfKind: kind, at: indexPath)
                    self.enqueue(view, kind: kind)
                } else if let cell = view as? UICollectionViewCell {
                    self.collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
                    self.enqueue(cell)
                }
            }
            for (indexPath, cell, _) in leaving {
                cell.removeFromSuperview()
                self.collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
                self.enqueue(cell)
            }
            layout.attributesBeforeUpdate = [:]
            layout.finalizeCollectionViewUpdates()
        }
        if animated {
            UIView.animate(withDuration: Self.updateAnimationDuration, delay: 0, options: [.allowUserInteraction],
                           animations: changes, completion: { finished in
                               finish()
                               completion?(finished)
                           })
        } else {
            // Without animation the views go at once; the completion still
            // runs on the next turn, as UIKit's does.
            UIView.performWithoutAnimation(changes)
            finish()
            if let completion { DispatchQueue.main.async { completion(true) } }
        }
        appearingIndexPaths = []
        incomingAttributes = [:]
    }
}

/// The changes recorded during a batch.
struct BatchUpdate {
    var insertedItems: [IndexPath] = []
    var deletedItems: [IndexPath] = []
    var reloadedItems: [IndexPath] = []
    var movedItems: [(from: IndexPath, to: IndexPath)] = []
    var insertedSections = IndexSet()
    var deletedSections = IndexSet()
    var reloadedSections = IndexSet()
    var movedSections: [(from: Int, to: Int)] = []
}
