import Foundation

/// A row's context menu: a secondary click on a row, or a long press on
/// it, asks the table's delegate for
/// `tableView(_:contextMenuConfigurationForRowAt:point:)` with the point in
/// the table's coordinates, and shows its menu there; the delegate hears
/// `willDisplayContextMenu` and `willEndContextMenuInteraction` around it.
/// Where the delegate has no menu the long press does not begin, so the
/// row keeps its touches.
extension UITableView: SecondaryClickMenuSource {
    func presentMenuForSecondaryClick(at location: CGPoint, in view: UIView) -> Bool {
        guard view === self, let (configuration, menu) = rowContextMenu(at: location) else { return false }
        presentRowContextMenu(menu, for: configuration, at: location)
        return true
    }

    /// Called once by the initializer.
    func installRowContextMenu() {
        addGestureRecognizer(RowContextMenuLongPress(target: self, action: UITableView.rowContextMenuLongPressed))
    }

    /// The delegate's configuration and its menu for the row at a point.
    func rowContextMenu(at location: CGPoint) -> (configuration: UIContextMenuConfiguration, menu: UIMenu)? {
        guard window != nil, let delegate = tableDelegate, let indexPath = indexPathForRow(at: location),
              let configuration = delegate.tableView(self, contextMenuConfigurationForRowAt: indexPath, point: location),
              let menu = configuration.makeMenu() else { return nil }
        return (configuration, menu)
    }

    private func rowContextMenuLongPressed(_ recognizer: RowContextMenuLongPress) {
        guard recognizer.state == .began, let pending = recognizer.pending else { return }
        recognizer.pending = nil
        presentRowContextMenu(pending.menu, for: pending.configuration, at: pending.location)
    }

    private func presentRowContextMenu(_ menu: UIMenu, for configuration: UIContextMenuConfiguration, at location: CGPoint) {
        guard let window else { return }
        let animator = ContextMenuAnimator()
        tableDelegate?.tableView(self, willDisplayContextMenu: configuration, animator: animator)
        animator.complete()
        var request = MenuRequest(menu: menu, anchor: .point(window.convert(location, from: self)), sender: self)
        request.onDismiss = { [weak self] in
            guard let self else { return }
            let animator = ContextMenuAnimator()
            self.tableDelegate?.tableView(self, willEndContextMenuInteraction: configuration, animator: animator)
            animator.complete()
        }
        MenuPresentation.present(request, in: window)
    }
}

/// The table's long press for row menus; it begins only over a row the
/// delegate has a menu for, keeping what the delegate answered.
final class RowContextMenuLongPress: UILongPressGestureRecognizer, UIGestureRecognizerDelegate {
    var pending: (location: CGPoint, configuration: UIContextMenuConfiguration, menu: UIMenu)?

    override init() {
        super.init()
        delegate = self
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let table = view as? UITableView, !table.isEditing else { return false }
        let location = location(in: table)
        guard let (configuration, menu) = table.rowContextMenu(at: location) else { return false }
        pending = (location, configuration, menu)
        return true
    }
}
