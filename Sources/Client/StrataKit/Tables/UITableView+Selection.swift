import Foundation

/// Highlight and selection: a touch on a row highlights it, lifting the
/// finger without scrolling selects it (asking the delegate first), a
/// scroll cancels. Selecting in code tells the delegate nothing, as UIKit
/// documents for `selectRow(at:animated:scrollPosition:)`.
extension UITableView {
    public var indexPathForSelectedRow: IndexPath? {
        selectedPaths.min()
    }

    public var indexPathsForSelectedRows: [IndexPath]? {
        selectedPaths.isEmpty ? nil : selectedPaths.sorted()
    }

    /// Selects a row without asking or telling the delegate; nil deselects all.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        reloadIfNeeded()
        guard let indexPath else {
            for path in selectedPaths { deselectRow(at: path, animated: animated) }
            return
        }
        guard geometry.slot(of: indexPath) != nil else { return }
        if !allowsMultipleSelectionNow {
            for path in selectedPaths where path != indexPath { setSelected(false, at: path, animated: animated) }
        }
        setSelected(true, at: indexPath, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects a row without telling the delegate.
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        setSelected(false, at: indexPath, animated: animated)
    }

    var allowsMultipleSelectionNow: Bool {
        isEditing ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection
    }

    var allowsSelectionNow: Bool {
        isEditing ? allowsSelectionDuringEditing || allowsMultipleSelectionDuringEditing : allowsSelection || allowsMultipleSelection
    }

    func setSelected(_ selected: Bool, at indexPath: IndexPath, animated: Bool) {
        if selected { selectedPaths.insert(indexPath) } else { selectedPaths.remove(indexPath) }
        visibleCellsByPath[indexPath]?.setSelected(selected, animated: animated)
    }

    // MARK: Touches (from the class body's touches methods)

    /// The row under a touch, when the table handles the touch itself.
    func rowTouchBegan(_ touches: Set<UITouch>) -> Bool {
        // A touch anywhere but on the actions of a swiped row closes them.
        if swipedPath != nil {
            endSwipe(animated: true)
            return true
        }
        guard let touch = touches.first, touches.count == 1 else { return false }
        guard let indexPath = indexPathForRow(at: touch.location(in: self)) else { return false }
        touchedPath = indexPath
        guard allowsSelectionNow, !isAccessoryTouch(touch),
              tableDelegate?.tableView(self, shouldHighlightRowAt: indexPath) ?? true else { return true }
        visibleCellsByPath[indexPath]?.setHighlighted(true, animated: false)
        tableDelegate?.tableView(self, didHighlightRowAt: indexPath)
        return true
    }

    func rowTouchEnded(_ touches: Set<UITouch>) -> Bool {
        guard let indexPath = touchedPath else { return false }
        touchedPath = nil
        let cell = visibleCellsByPath[indexPath]
        if cell?.isHighlighted == true {
            cell?.setHighlighted(false, animated: false)
            tableDelegate?.tableView(self, didUnhighlightRowAt: indexPath)
        }
        if let touch = touches.first, isAccessoryTouch(touch) {
            tableDelegate?.tableView(self, accessoryButtonTappedForRowWith: indexPath)
            return true
        }
        if allowsSelectionNow, geometry.slot(of: indexPath) != nil { userSelectRow(at: indexPath) }
        return true
    }

    func rowTouchCancelled() {
        guard let indexPath = touchedPath else { return }
        touchedPath = nil
        if let cell = visibleCellsByPath[indexPath], cell.isHighlighted {
            cell.setHighlighted(false, animated: false)
            tableDelegate?.tableView(self, didUnhighlightRowAt: indexPath)
        }
    }

    /// Whether a touch landed on a cell's detail (info) button.
    private func isAccessoryTouch(_ touch: UITouch) -> Bool {
        guard let glyph = touch.view as? CellGlyphView else { return false }
        return glyph.glyph == .detailButton || glyph.glyph == .detailDisclosureButton
    }

    /// A selection the user made: asks `willSelectRowAt` (which may choose
    /// another row or none), deselects the others in single selection, and
    /// tells `didSelectRowAt`. In multiple selection, a selected row
    /// touched again is deselected.
    func userSelectRow(at indexPath: IndexPath) {
        let delegate = tableDelegate
        if allowsMultipleSelectionNow, selectedPaths.contains(indexPath) {
            guard let target = delegate?.tableView(self, willDeselectRowAt: indexPath) ?? (delegate == nil ? indexPath : nil) else { return }
            setSelected(false, at: target, animated: false)
            delegate?.tableView(self, didDeselectRowAt: target)
            return
        }
        guard let target = delegate?.tableView(self, willSelectRowAt: indexPath) ?? (delegate == nil ? indexPath : nil),
              geometry.slot(of: target) != nil else { return }
        if !allowsMultipleSelectionNow {
            for other in selectedPaths.sorted() where other != target {
                guard let leaving = delegate?.tableView(self, willDeselectRowAt: other) ?? (delegate == nil ? other : nil) else { continue }
                setSelected(false, at: leaving, animated: false)
                delegate?.tableView(self, didDeselectRowAt: leaving)
            }
        }
        setSelected(true, at: target, animated: false)
        delegate?.tableView(self, didSelectRowAt: target)
    }
}
