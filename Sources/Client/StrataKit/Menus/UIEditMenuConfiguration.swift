import Foundation

/// Where an edit menu shows (iOS 16): its source point in the
/// interaction's view, above which the menu's bar appears.
open class UIEditMenuConfiguration {
    public let identifier: NSCopying
    public let sourcePoint: CGPoint
    open var preferredArrowDirection: UIEditMenuArrowDirection = .automatic

    public init(identifier: NSCopying?, sourcePoint: CGPoint) {
        self.identifier = identifier ?? (UUID().uuidString as NSString)
        self.sourcePoint = sourcePoint
    }
}

public enum UIEditMenuArrowDirection: Int, Sendable {
    case automatic, up, down, left, right
}

/// Answers an edit menu interaction: the menu for a configuration (from
/// the suggested standard actions), the rect to keep clear, and hears
/// when the menu appears and goes away. All optional.
public protocol UIEditMenuInteractionDelegate: AnyObject {
    func editMenuInteraction(_ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration,
                             suggestedActions: [UIMenuElement]) -> UIMenu?
    func editMenuInteraction(_ interaction: UIEditMenuInteraction, targetRectFor configuration: UIEditMenuConfiguration) -> CGRect
    func editMenuInteraction(_ interaction: UIEditMenuInteraction, willPresentMenuFor configuration: UIEditMenuConfiguration,
                             animator: UIEditMenuInteractionAnimating)
    func editMenuInteraction(_ interaction: UIEditMenuInteraction, willDismissMenuFor configuration: UIEditMenuConfiguration,
                             animator: UIEditMenuInteractionAnimating)
}

extension UIEditMenuInteractionDelegate {
    /// UIKit's default: the suggested actions as they are.
    public func editMenuInteraction(_ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration,
                                    suggestedActions: [UIMenuElement]) -> UIMenu? {
        UIMenu(children: suggestedActions)
    }

    /// A null rect: the menu goes by the source point.
    public func editMenuInteraction(_ interaction: UIEditMenuInteraction, targetRectFor configuration: UIEditMenuConfiguration) -> CGRect {
        .null
    }

    public func editMenuInteraction(_ interaction: UIEditMenuInteraction, willPresentMenuFor configuration: UIEditMenuConfiguration,
                                    animator: UIEditMenuInteractionAnimating) {}
    public func editMenuInteraction(_ interaction: UIEditMenuInteraction, willDismissMenuFor configuration: UIEditMenuConfiguration,
                                    animator: UIEditMenuInteractionAnimating) {}
}

public protocol UIEditMenuInteractionAnimating: AnyObject {
    func addAnimations(_ animations: @escaping () -> Void)
    func addCompletion(_ completion: @escaping () -> Void)
}

extension ContextMenuAnimator: UIEditMenuInteractionAnimating {}
