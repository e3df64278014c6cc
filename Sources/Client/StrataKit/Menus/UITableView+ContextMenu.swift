import Foundation

/// A row's context menu: a secondary click on a row asks the table's
/// delegate for `tableView(_:contextMenuConfigurationForRowAt:point:)`
/// with the click in the table's coordinates, and shows its menu there;
/// the delegate hears `willDisplayContextMenu` and
/// `willEndContextMenuInteraction` around it.
extension UITableView: SecondaryClickMenuSource {
    func presentMenuForSecondaryClick(at location: CGPoint, in view: UIView) -> Bool {
        guard view === self, let window, let delegate = tableDelegate,
              let indexPath = indexPathForRow(at: location),
              let configuration = delegate.tableView(self, contextMenuConfigurationForRowAt: indexPath, point: location),
              let menu = configuration.makeMenu() else { return false }
        let animator = ContextMenuAnimator()
        delegate.tableView(self, willDisplayContextMenu: configuration, animator: animator)
        animator.complete()
        var request = MenuRequest(menu: menu, anchor: .point(window.convert(location, from: self)), sender: self)
        request.onDismiss = { [weak self] in
            guard let self else { return }
            let animator = ContextMenuAnimator()
            self.tableDelegate?.tableView(self, willEndContextMenuInteraction: configuration, animator: animator)
            animator.complete()
        }
        MenuPresentation.present(request, in: window)
        return true
    }
}
