import Foundation

/// The transition in progress: what runs when it ends (at the end of the
/// slide, or at once when another change interrupts it).
final class NavigationTransition {
    let views: [UIView]
    private var finish: (() -> Void)?

    init(views: [UIView], finish: @escaping () -> Void) {
        self.views = views
        self.finish = finish
    }

    /// Runs the end of the transition once.
    func complete() {
        guard let finish else { return }
        self.finish = nil
        finish()
    }
}

/// Pushing and popping. While the navigation controller is on screen the
/// controllers get their appearance callbacks in the order UIKit gives
/// them: the leaving controller's viewWillDisappear, the arriving one's
/// viewWillAppear, then (after the slide, when animated) the leaving
/// one's viewDidDisappear and the arriving one's viewDidAppear. A pushed
/// controller gets willMove(toParent:) first and didMove(toParent:) last;
/// a popped one willMove(toParent: nil) first and didMove(toParent: nil)
/// last. The slide: the new view comes in from the right edge while the
/// old one moves a third of the width to the left; popping reverses it.
extension UINavigationController {
    enum Operation { case push, pop }

    /// The length of the slide.
    static let transitionDuration: TimeInterval = 0.35
    /// How far the covered view moves, as a fraction of the width.
    static let coveredViewShift: CGFloat = 0.3

    /// Pushes `viewController` on the stack. A controller already on the
    /// stack, or the child of another controller, is ignored (UIKit raises).
    func performPush(_ viewController: UIViewController, animated: Bool) {
        guard viewController !== self, viewController.parent == nil,
              !(viewController is UINavigationController),
              !stack.contains(where: { $0 === viewController }) else { return }
        finishRunningTransition()
        let old = topViewController
        addChild(viewController)
        stack.append(viewController)
        transition(from: old, to: viewController, operation: .push, animated: animated, leaving: [], entering: [viewController])
    }

    /// Pops the top controller and returns it; nil when only the root is left.
    func performPop(animated: Bool) -> UIViewController? {
        guard stack.count > 1 else { return nil }
        finishRunningTransition()
        return popControllers(downTo: stack.count - 2, animated: animated)?.first
    }

    /// Pops all but the root; returns the popped controllers (nil with only the root).
    func performPopToRoot(animated: Bool) -> [UIViewController]? {
        guard stack.count > 1 else { return nil }
        finishRunningTransition()
        return popControllers(downTo: 0, animated: animated)
    }

    /// Pops until `viewController` is on top; nil if it is not on the stack.
    func performPopTo(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        finishRunningTransition()
        guard let index = stack.firstIndex(where: { $0 === viewController }) else { return nil }
        guard index < stack.count - 1 else { return [] }
        return popControllers(downTo: index, animated: animated)
    }

    /// Replaces the stack. When the top controller changes it is a push if
    /// the old top is not in the new stack, else a pop; controllers no
    /// longer on the stack leave their parent, new ones join it.
    func performSetViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        finishRunningTransition()
        var unique: [UIViewController] = []
        for controller in viewControllers
        where !unique.contains(where: { $0 === controller }) && controller !== self && !(controller is UINavigationController)
            && (controller.parent == nil || controller.parent === self) {
            unique.append(controller)
        }
        let old = topViewController
        let leaving = stack.filter { controller in !unique.contains { $0 === controller } }
        let entering = unique.filter { controller in !stack.contains { $0 === controller } }
        for controller in leaving { controller.willMove(toParent: nil) }
        for controller in entering { addChild(controller) }
        stack = unique
        let new = topViewController
        if let new, new !== old {
            let operation: Operation = old.map { old in unique.contains { $0 === old } } ?? false ? .pop : .push
            // Only the controllers that take part in the transition wait for its end.
            for controller in leaving where controller !== old { controller.removeFromParent() }
            for controller in entering where controller !== new { controller.didMove(toParent: self) }
            transition(from: old, to: new, operation: operation, animated: animated,
                       leaving: leaving.filter { $0 === old }, entering: entering.filter { $0 === new })
        } else {
            if let old, new == nil {
                transitionToNothing(from: old)
            }
            for controller in leaving { controller.removeFromParent() }
            for controller in entering { controller.didMove(toParent: self) }
            updateBars()
        }
    }

    // MARK: Mechanics

    private func popControllers(downTo index: Int, animated: Bool) -> [UIViewController]? {
        let popped = Array(stack[(index + 1)...])
        let old = stack.last
        for controller in popped.reversed() { controller.willMove(toParent: nil) }
        stack.removeSubrange((index + 1)...)
        // The ones under the top leave at once; the top one with the transition.
        for controller in popped where controller !== old { controller.removeFromParent() }
        transition(from: old, to: stack[index], operation: .pop, animated: animated,
                   leaving: old.map { [$0] } ?? [], entering: [])
        return popped
    }

    /// Whether the navigation controller is on screen, so its children's
    /// changes are appearance transitions.
    var isShowingChildren: Bool {
        appearanceState == .appeared && viewIfLoaded?.window != nil
    }

    private func transition(from old: UIViewController?, to new: UIViewController, operation: Operation, animated: Bool,
                            leaving: [UIViewController], entering: [UIViewController]) {
        let visible = isShowingChildren
        let animate = animated && visible && old != nil
        if visible {
            if operation == .push { new.movingToParent = true } else { old?.movingFromParent = true }
            for controller in leaving { controller.movingFromParent = true }
            for controller in entering { controller.movingToParent = true }
            old?.beginAppearanceTransition(false, animated: animate)
            new.beginAppearanceTransition(true, animated: animate)
        } else {
            balanceAppearanceOfSwappedChildren(leaving: old, arriving: new)
        }
        delegate?.navigationController(self, willShow: new, animated: animate)
        updateBars(animated: animate)

        let oldView = old?.viewIfLoaded
        if isViewLoaded {
            installView(of: new, above: operation == .push ? oldView : nil)
            if operation == .pop, let oldView, let newView = new.viewIfLoaded {
                view.insertSubview(newView, belowSubview: oldView)
            }
        }
        let finish = { [weak self] in
            guard let self else { return }
            self.runningTransition = nil
            if let oldView, oldView.superview === self.viewIfLoaded {
                oldView.removeFromSuperview()
            }
            if let oldView { oldView.frame.origin.x = 0 }
            if visible {
                old?.endAppearanceTransition()
                new.endAppearanceTransition()
            }
            for controller in [old, new].compactMap({ $0 }) + leaving + entering {
                controller.movingToParent = false
                controller.movingFromParent = false
            }
            for controller in entering { controller.didMove(toParent: self) }
            for controller in leaving { controller.removeFromParent() }
            self.viewIfLoaded?.setNeedsLayout()
            self.delegate?.navigationController(self, didShow: new, animated: animate)
        }
        guard animate, let oldView, let newView = new.viewIfLoaded, let container = viewIfLoaded else { return finish() }

        let width = container.bounds.width
        let running = NavigationTransition(views: [oldView, newView], finish: finish)
        runningTransition = running
        newView.frame = container.bounds
        oldView.frame = container.bounds
        let shift = width * Self.coveredViewShift
        if operation == .push { newView.frame.origin.x = width } else { newView.frame.origin.x = -shift }
        UIView.animate(withDuration: Self.transitionDuration, delay: 0, options: .curveEaseInOut, animations: {
            newView.frame.origin.x = 0
            oldView.frame.origin.x = operation == .push ? -shift : width
        }, completion: { _ in running.complete() })
    }

    /// The stack was emptied: the old top's view goes.
    private func transitionToNothing(from old: UIViewController) {
        let visible = isShowingChildren
        if visible { old.beginAppearanceTransition(false, animated: false) }
        if let oldView = old.viewIfLoaded, oldView.superview === viewIfLoaded { oldView.removeFromSuperview() }
        if visible { old.endAppearanceTransition() }
    }

    /// Ends a running slide now (its views jump to their places) so a new
    /// change starts from a settled stack.
    func finishRunningTransition() {
        guard let running = runningTransition else { return }
        for view in running.views { view.layer.removeAllAnimations() }
        running.complete()
    }

    /// The bar shows the stack's items; the toolbar the top's items.
    func updateBars(animated: Bool = false) {
        let items = stack.map(\.navigationItem)
        if !(navigationBar.items ?? []).elementsEqual(items, by: ===) {
            navigationBar.setItems(items, animated: animated)
        }
        viewIfLoaded?.setNeedsLayout()
    }
}
