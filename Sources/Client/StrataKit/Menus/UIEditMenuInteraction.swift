import Foundation

/// The edit menu (iOS 16): a horizontal bar of commands above a point or
/// a rect of the view, such as Cut, Copy, Paste and Select All over a
/// text selection. `presentEditMenu(with:)` shows it; the delegate may
/// change the suggested actions, which are the standard edit actions the
/// first responder can perform now. A press elsewhere or a key dismisses it.
open class UIEditMenuInteraction: UIInteraction {
    public private(set) weak var delegate: UIEditMenuInteractionDelegate?
    public private(set) weak var view: UIView?

    private var presenter: MenuPresenting?
    private var configuration: UIEditMenuConfiguration?

    public init(delegate: UIEditMenuInteractionDelegate?) {
        self.delegate = delegate
    }

    /// For StrataKit's own text views, whose delegate is made after the interaction.
    func setDelegate(_ delegate: UIEditMenuInteractionDelegate) { self.delegate = delegate }

    open func willMove(to view: UIView?) { dismissMenu() }
    open func didMove(to view: UIView?) { self.view = view }

    /// Shows the menu for the configuration, replacing one shown before.
    open func presentEditMenu(with configuration: UIEditMenuConfiguration) {
        guard let view, let window = view.window else { return }
        let suggested = StandardEditActions.suggestedActions(for: window.firstResponder ?? view)
        let menu = delegate.map { $0.editMenuInteraction(self, menuFor: configuration, suggestedActions: suggested) }
            ?? UIMenu(children: suggested)
        guard let menu, !MenuContent(menu: menu, resolve: { _ in nil }).rows.isEmpty else { return }
        let target = delegate?.editMenuInteraction(self, targetRectFor: configuration) ?? .null
        let anchor: MenuRequest.Anchor = target.isNull
            ? .point(window.convert(configuration.sourcePoint, from: view))
            : .rect(window.convert(target, from: view))
        dismissMenu()
        let animator = ContextMenuAnimator()
        delegate?.editMenuInteraction(self, willPresentMenuFor: configuration, animator: animator)
        animator.complete()
        self.configuration = configuration
        var request = MenuRequest(menu: menu, anchor: anchor, style: .bar, sender: self)
        request.onDismiss = { [weak self] in self?.menuDidDismiss(configuration) }
        presenter = MenuPresentation.present(request, in: window)
    }

    open func dismissMenu() {
        presenter?.dismiss()
    }

    /// Builds the shown menu again with the same configuration.
    open func reloadVisibleMenu() {
        guard let configuration, presenter?.isPresented == true else { return }
        presentEditMenu(with: configuration)
    }

    open func updateVisibleMenuPosition(animated: Bool) {
        reloadVisibleMenu()
    }

    /// Where the shown menu's source point is, in `view`'s coordinates.
    open func location(in view: UIView?) -> CGPoint {
        guard let configuration, let own = self.view else { return .zero }
        return view?.convert(configuration.sourcePoint, from: own) ?? own.convert(configuration.sourcePoint, to: nil)
    }

    var isMenuPresented: Bool { presenter?.isPresented == true }

    private func menuDidDismiss(_ configuration: UIEditMenuConfiguration) {
        guard self.configuration === configuration else { return }
        self.configuration = nil
        presenter = nil
        let animator = ContextMenuAnimator()
        delegate?.editMenuInteraction(self, willDismissMenuFor: configuration, animator: animator)
        animator.complete()
    }
}
