import Foundation

/// Swipe actions: a sideways drag on a row slides it aside to uncover the
/// delegate's leading or trailing actions (without a trailing
/// configuration, an editable row's Delete, which commits through the data
/// source). Let go past half of the actions and the row rests open; swipe
/// all the way and the first action runs.
extension UITableView {
    /// The row's actions take taps while it slides.
    static let swipeAnimationOptions: UIView.AnimationOptions = [.allowUserInteraction, .beginFromCurrentState]

    func installSwipeRecognizer() {
        let recognizer = UIPanGestureRecognizer(target: self, action: UITableView.handleSwipe)
        swipeRecognizer = recognizer
        addGestureRecognizer(recognizer)
    }

    /// The actions of a row's edge, as the delegate configures them.
    func swipeConfiguration(at indexPath: IndexPath, trailing: Bool) -> UISwipeActionsConfiguration? {
        if isEditing { return nil }
        if trailing {
            if let configured = tableDelegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath) {
                return configured.actions.isEmpty ? nil : configured
            }
            guard let dataSource, dataSource.tableView(self, canEditRowAt: indexPath),
                  (tableDelegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete) == .delete else { return nil }
            let title = tableDelegate?.tableView(self, titleForDeleteConfirmationButtonForRowAt: indexPath) ?? "Delete"
            return UISwipeActionsConfiguration(actions: [standardDeleteAction(title: title)])
        }
        let configured = tableDelegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: indexPath)
        return configured?.actions.isEmpty == false ? configured : nil
    }

    /// Whether a sideways drag should move a row rather than the table.
    func swipeShouldBegin() -> Bool {
        guard let recognizer = swipeRecognizer else { return false }
        let moved = recognizer.translation(in: self)
        guard abs(moved.x) > abs(moved.y) else { return false }
        let start = recognizer.location(in: self) - moved
        if let open = swipedPath { return indexPathForRow(at: start) == open }
        guard let indexPath = indexPathForRow(at: start) else { return false }
        return swipeConfiguration(at: indexPath, trailing: moved.x < 0) != nil
    }

    func handleSwipe(_ recognizer: UIPanGestureRecognizer) {
        let moved = recognizer.translation(in: self)
        switch recognizer.state {
        case .began:
            let start = recognizer.location(in: self) - moved
            guard let indexPath = swipedPath ?? indexPathForRow(at: start) else { return }
            if swipedPath == nil { beginSwipe(at: indexPath, trailing: moved.x < 0) }
            swipeStartOffset = visibleCellsByPath[indexPath]?.swipeOffset ?? 0
        case .changed:
            guard let indexPath = swipedPath, let cell = visibleCellsByPath[indexPath],
                  let actions = cell.swipeActionsView else { return }
            let offset = swipeStartOffset + moved.x
            // Only toward the edge that has actions.
            cell.swipeOffset = actions.isTrailing ? min(0, max(offset, -cell.bounds.width)) : max(0, min(offset, cell.bounds.width))
        case .ended, .cancelled:
            guard let indexPath = swipedPath, let cell = visibleCellsByPath[indexPath],
                  let actions = cell.swipeActionsView else { return }
            let revealed = abs(cell.swipeOffset)
            let configuration = swipeConfiguration(at: indexPath, trailing: actions.isTrailing)
            if recognizer.state == .ended, configuration?.performsFirstActionWithFullSwipe == true,
               revealed > cell.bounds.width * 0.6, let first = actions.actions.first {
                perform(first, of: cell)
            } else if recognizer.state == .ended, revealed > actions.preferredWidth / 2 {
                let open = actions.preferredWidth
                UIView.animate(withDuration: 0.25, delay: 0, options: Self.swipeAnimationOptions, animations: {
                    cell.swipeOffset = actions.isTrailing ? -open : open
                    cell.layoutIfNeeded()
                })
            } else {
                endSwipe(animated: true)
            }
        default:
            break
        }
    }

    /// Uncovers a row's actions of one edge (closing another row's).
    func beginSwipe(at indexPath: IndexPath, trailing: Bool) {
        endSwipe(animated: false)
        guard let cell = visibleCellsByPath[indexPath],
              let configuration = swipeConfiguration(at: indexPath, trailing: trailing) else { return }
        let actions = SwipeActionsView(actions: configuration.actions, isTrailing: trailing)
        actions.onAction = { [weak self, weak cell] action in
            guard let self, let cell else { return }
            self.perform(action, of: cell)
        }
        cell.swipeActionsView = actions
        cell.insertSubview(actions, at: 0)
        swipedPath = indexPath
        tableDelegate?.tableView(self, willBeginEditingRowAt: indexPath)
    }

    /// The Delete of a row that can be edited: commits through the data
    /// source for the row the swiped cell shows when it is tapped.
    private func standardDeleteAction(title: String) -> UIContextualAction {
        UIContextualAction(style: .destructive, title: title) { [weak self] _, sourceView, done in
            guard let self, let indexPath = self.swipedPath ?? self.indexPathOfCell(containing: sourceView) else { return done(false) }
            self.dataSource?.tableView(self, commit: .delete, forRowAt: indexPath)
            done(true)
        }
    }

    private func indexPathOfCell(containing view: UIView) -> IndexPath? {
        var candidate: UIView? = view
        while let current = candidate, !(current is UITableViewCell) { candidate = current.superview }
        return (candidate as? UITableViewCell).flatMap { indexPath(for: $0) }
    }

    /// Runs an action's handler with the action's own button as its source
    /// view; done, the row slides back.
    private func perform(_ action: UIContextualAction, of cell: UITableViewCell) {
        let source = cell.swipeActionsView?.button(for: action) ?? cell
        action.handler(action, source) { [weak self] _ in
            self?.endSwipe(animated: true)
        }
    }

    /// Slides a swiped row back and takes its actions away.
    func endSwipe(animated: Bool) {
        guard let indexPath = swipedPath else { return }
        swipedPath = nil
        guard let cell = visibleCellsByPath[indexPath] ?? departingCells.first(where: { $0.swipeActionsView != nil }) else { return }
        let actions = cell.swipeActionsView
        let finish = {
            actions?.removeFromSuperview()
            if cell.swipeActionsView === actions { cell.swipeActionsView = nil }
        }
        if animated && cell.swipeOffset != 0 {
            UIView.animate(withDuration: 0.25, delay: 0, options: Self.swipeAnimationOptions, animations: {
                cell.swipeOffset = 0
                cell.layoutIfNeeded()
            }, completion: { _ in finish() })
        } else {
            cell.swipeOffset = 0
            finish()
        }
        tableDelegate?.tableView(self, didEndEditingRowAt: indexPath)
    }

    /// The editing control of a row was tapped: Delete is uncovered as by
    /// a swipe; an insert control commits the insertion.
    func editingControlTapped(in cell: UITableViewCell) {
        guard let indexPath = indexPath(for: cell) else { return }
        switch cell.editingStyle {
        case .insert:
            dataSource?.tableView(self, commit: .insert, forRowAt: indexPath)
        case .delete:
            let title = tableDelegate?.tableView(self, titleForDeleteConfirmationButtonForRowAt: indexPath) ?? "Delete"
            endSwipe(animated: false)
            let actions = SwipeActionsView(actions: [standardDeleteAction(title: title)], isTrailing: true)
            actions.onAction = { [weak self, weak cell] action in
                guard let self, let cell else { return }
                self.perform(action, of: cell)
            }
            cell.swipeActionsView = actions
            cell.insertSubview(actions, at: 0)
            swipedPath = indexPath
            UIView.animate(withDuration: 0.25, delay: 0, options: Self.swipeAnimationOptions, animations: {
                cell.swipeOffset = -actions.preferredWidth
                cell.layoutIfNeeded()
            })
        case .none:
            break
        }
    }
}

private func - (a: CGPoint, b: CGPoint) -> CGPoint {
    CGPoint(x: a.x - b.x, y: a.y - b.y)
}
