import Foundation

/// Button menus: with `showsMenuAsPrimaryAction` the menu shows on touch
/// down (UIKit: "the menu shows in response to the touchDown event") and
/// the button sends `.menuActionTriggered` instead of tracking, so no
/// `.touchUpInside` or primary action follows; otherwise a long press
/// (or a secondary click) shows it. The menu hangs below the button.
///
/// A pop-up button (`changesSelectionAsPrimaryAction` with the menu as
/// primary action) keeps one element on, the first at the start, and
/// shows its title.
extension UIButton {
    var opensMenuOnTouchDown: Bool { isEnabled && showsMenuAsPrimaryAction && menu != nil }

    var isPopUpButton: Bool { changesSelectionAsPrimaryAction && showsMenuAsPrimaryAction && menu != nil }

    /// Whether the tracked touch is within the control's touch-inside margin.
    var trackingTouchIsInside: Bool {
        guard let touch = trackingTouch else { return false }
        let margin = UIControl.touchInsideMargin
        return bounds.insetBy(dx: -margin, dy: -margin).contains(touch.location(in: self))
    }

    func menuDidChange() {
        let existing = gestureRecognizers?.first { $0 is ButtonMenuLongPress }
        if menu == nil, let existing { removeGestureRecognizer(existing) }
        if menu != nil, existing == nil {
            addGestureRecognizer(ButtonMenuLongPress(target: self, action: UIButton.menuLongPressed))
        }
        if changesSelectionAsPrimaryAction, let menu {
            let leaves = menu.leafElements
            if !leaves.contains(where: { $0.state == .on }), let first = leaves.first { first.state = .on }
            showSelectedTitle()
        }
    }

    func presentMenuAsPrimaryAction() {
        sendActions(for: .menuActionTriggered)
        presentMenu()
    }

    private func menuLongPressed(_ recognizer: UILongPressGestureRecognizer) {
        guard recognizer.state == .began, isEnabled, !showsMenuAsPrimaryAction, menu != nil else { return }
        sendActions(for: .menuActionTriggered)
        presentMenu()
    }

    func presentMenu() {
        guard let menu, let window else { return }
        var request = MenuRequest(menu: menu, anchor: .rect(window.convert(bounds, from: self)), sender: self)
        request.onPick = { [weak self] element in self?.menuPicked(element) }
        MenuPresentation.present(request, in: window)
    }

    private func menuPicked(_ element: UIMenuElement) {
        guard isPopUpButton, let menu, let picked = element as? MenuLeafElement else { return }
        for leaf in menu.leafElements { leaf.state = leaf === picked ? .on : .off }
        showSelectedTitle()
    }

    private func showSelectedTitle() {
        guard isPopUpButton, let selected = menu?.leafElements.first(where: { $0.state == .on }) else { return }
        setTitle(selected.title, for: .normal)
    }
}

extension UIButton: SecondaryClickMenuSource {
    func presentMenuForSecondaryClick(at location: CGPoint, in view: UIView) -> Bool {
        guard view === self, isEnabled, menu != nil else { return false }
        sendActions(for: .menuActionTriggered)
        presentMenu()
        return true
    }
}

/// The long press that shows a button's menu, told apart from the app's recognizers.
final class ButtonMenuLongPress: UILongPressGestureRecognizer {}

extension UIMenu {
    /// The actions and commands of the menu and its inline sections, in order.
    var leafElements: [MenuLeafElement] {
        children.flatMap { child -> [MenuLeafElement] in
            if let leaf = child as? MenuLeafElement { return [leaf] }
            if let menu = child as? UIMenu, menu.options.contains(.displayInline) { return menu.leafElements }
            return []
        }
    }
}

extension UIBarButtonItem {
    /// UIKit: "the gesture used to trigger the menu is based on if the bar
    /// button item would normally trigger an action when tapped": a tap
    /// without an action, else a long press.
    var showsMenuOnTap: Bool { menu != nil && primaryAction == nil && methodAction == nil && isEnabled }
}

extension BarButtonItemView {
    /// An item with both an action and a menu shows the menu on a long press.
    func updateMenuLongPress() {
        let existing = gestureRecognizers?.first { $0 is ButtonMenuLongPress }
        let wanted = item.menu != nil && !item.showsMenuOnTap
        if !wanted, let existing { removeGestureRecognizer(existing) }
        if wanted, existing == nil { addGestureRecognizer(ButtonMenuLongPress(target: self, action: BarButtonItemView.menuLongPressed)) }
    }

    private func menuLongPressed(_ recognizer: UILongPressGestureRecognizer) {
        guard recognizer.state == .began, item.isEnabled else { return }
        presentItemMenu()
    }

    /// Shows the item's menu below the item.
    func presentItemMenu() {
        guard let menu = item.menu, let window else { return }
        MenuPresentation.present(MenuRequest(menu: menu, anchor: .rect(window.convert(bounds, from: self)), sender: item),
                                 in: window)
    }
}
