import Foundation

/// Appearance callbacks, with the state machine UIKit's reference draws
/// ("Handling view-related notifications"): disappeared → appearing →
/// appeared → disappearing → disappeared, where an appearing controller
/// may turn back to disappearing and the other way round. Each begin
/// calls viewWill…, each end viewDid…; a begin that would not change the
/// direction, or an end with nothing begun, does nothing.
extension UIViewController {
    enum AppearanceState {
        case disappeared, appearing, appeared, disappearing
    }

    /// UIKit: "tells a child controller its appearance is about to change";
    /// a container that does not forward appearance automatically calls it
    /// for its children, then `endAppearanceTransition()`.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        switch (isAppearing, appearanceState) {
        case (true, .disappeared), (true, .disappearing):
            appearanceState = .appearing
            appearanceTransitionAnimated = animated
            _ = view   // a controller that appears has its view
            viewWillAppear(animated)
        case (false, .appeared), (false, .appearing):
            appearanceState = .disappearing
            appearanceTransitionAnimated = animated
            viewWillDisappear(animated)
        default:
            return
        }
        for child in childrenReceivingForwardedAppearance {
            child.beginAppearanceTransition(isAppearing, animated: animated)
        }
    }

    /// Ends the transition begun by `beginAppearanceTransition(_:animated:)`.
    public func endAppearanceTransition() {
        let animated = appearanceTransitionAnimated
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            viewDidAppear(animated)
        case .disappearing:
            appearanceState = .disappeared
            viewDidDisappear(animated)
        default:
            return
        }
        for child in childrenReceivingForwardedAppearance {
            child.endAppearanceTransition()
        }
    }

    /// The children whose views are in this controller's view, when
    /// appearance is forwarded (a navigation controller's hidden
    /// controllers do not appear with it; only the top one's view is there).
    private var childrenReceivingForwardedAppearance: [UIViewController] {
        guard shouldAutomaticallyForwardAppearanceMethods, let view = viewIfLoaded else { return [] }
        return children.filter { child in child.viewIfLoaded.map { $0.isDescendant(of: view) } ?? false }
    }

    /// Whether the controller's view is on screen (or on its way there).
    var isAppearingOrAppeared: Bool { appearanceState == .appearing || appearanceState == .appeared }

    /// UIKit: true inside viewWill/DidAppear of a controller being presented.
    public var isBeingPresented: Bool { beingPresented }
    /// UIKit: true inside viewWill/DidDisappear of a controller being dismissed.
    public var isBeingDismissed: Bool { beingDismissed }
    /// UIKit: true inside viewWill/DidAppear of a controller being added to a container (pushed).
    public var isMovingToParent: Bool { movingToParent }
    /// UIKit: true inside viewWill/DidDisappear of a controller being removed from a container (popped).
    public var isMovingFromParent: Bool { movingFromParent }

    // MARK: A container changing its child while it appears or disappears

    /// A container that swaps the child on screen while it is itself
    /// appearing keeps every controller's callbacks balanced: the leaving
    /// child disappears at once and the arriving one begins to appear,
    /// finishing when the container does (its end is forwarded to the
    /// children in its view). While the container disappears, the leaving
    /// child finishes disappearing.
    func balanceAppearanceOfSwappedChildren(leaving old: UIViewController?, arriving new: UIViewController?) {
        switch appearanceState {
        case .appearing:
            if let old, old.isAppearingOrAppeared {
                old.beginAppearanceTransition(false, animated: false)
                old.endAppearanceTransition()
            }
            new?.beginAppearanceTransition(true, animated: appearanceTransitionAnimated)
        case .disappearing:
            if let old, old.appearanceState == .disappearing { old.endAppearanceTransition() }
        default:
            break
        }
    }

    // MARK: A child's view moving in or out of an appeared parent

    /// A custom container adds its child's view to its own view while on
    /// screen: the child appears with it, as UIKit does for children added
    /// with `addChild(_:)` and `addSubview(_:)` (and disappears when its
    /// view is removed). Containers that run their own transitions opt out.
    func rootViewWillMove(toWindow newWindow: UIWindow?) {
        guard let parent, parent.forwardsAppearanceWhenChildViewsMove,
              parent.shouldAutomaticallyForwardAppearanceMethods,
              parent.appearanceState == .appeared else { return }
        if newWindow != nil, !isAppearingOrAppeared {
            appearanceBegunByViewMove = true
            beginAppearanceTransition(true, animated: false)
        } else if newWindow == nil, isAppearingOrAppeared {
            appearanceBegunByViewMove = true
            beginAppearanceTransition(false, animated: false)
        }
    }

    func rootViewDidMoveToWindow() {
        guard appearanceBegunByViewMove else { return }
        appearanceBegunByViewMove = false
        endAppearanceTransition()
    }
}
