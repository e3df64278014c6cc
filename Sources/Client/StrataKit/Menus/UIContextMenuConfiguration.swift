import Foundation

public typealias UIContextMenuActionProvider = ([UIMenuElement]) -> UIMenu?
public typealias UIContextMenuContentPreviewProvider = () -> UIViewController?

/// What a context menu shows, as its delegate answers for a location:
/// the menu made by `actionProvider` (handed the suggested elements).
/// The preview provider is kept; StrataKit shows no preview yet.
open class UIContextMenuConfiguration {
    public let identifier: NSCopying
    let previewProvider: UIContextMenuContentPreviewProvider?
    let actionProvider: UIContextMenuActionProvider?

    public init(identifier: NSCopying? = nil, previewProvider: UIContextMenuContentPreviewProvider? = nil,
                actionProvider: UIContextMenuActionProvider? = nil) {
        self.identifier = identifier ?? (UUID().uuidString as NSString)
        self.previewProvider = previewProvider
        self.actionProvider = actionProvider
    }

    /// The menu to show, if the provider makes one with elements.
    func makeMenu(suggestedActions: [UIMenuElement] = []) -> UIMenu? {
        guard let menu = actionProvider?(suggestedActions), !menu.children.isEmpty else { return nil }
        return menu
    }
}

/// Handed to the delegate as the menu appears or goes away: animations
/// and completions added to it run at once, as StrataKit shows menus
/// without a transition.
public protocol UIContextMenuInteractionAnimating: AnyObject {
    var previewViewController: UIViewController? { get }
    func addAnimations(_ animations: @escaping () -> Void)
    func addCompletion(_ completion: @escaping () -> Void)
}

final class ContextMenuAnimator: UIContextMenuInteractionAnimating {
    var previewViewController: UIViewController? { nil }
    private var completions: [() -> Void] = []
    func addAnimations(_ animations: @escaping () -> Void) { animations() }
    func addCompletion(_ completion: @escaping () -> Void) { completions.append(completion) }

    func complete() {
        let pending = completions
        completions = []
        for completion in pending { completion() }
    }
}
