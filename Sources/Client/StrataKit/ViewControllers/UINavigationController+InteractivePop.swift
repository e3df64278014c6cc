import Foundation

/// The swipe back: `interactivePopGestureRecognizer`, a screen-edge pan from
/// the left edge, drags the top controller's view to the right while the
/// one below comes back from the left at a third of the pace (it starts a
/// third of the width out, as in the animated pop). Released past half
/// the width, or moving right fast, the pop finishes; otherwise the views
/// slide back and the stack is as before.
///
/// The callbacks are UIKit's for an interactive pop: as the swipe begins,
/// the pop begins (the top controller's willMove(toParent: nil) and
/// viewWillDisappear, the one below's viewWillAppear, the delegate's
/// willShow), and `viewControllers` no longer holds the top one. Finished:
/// viewDidDisappear, viewDidAppear, didMove(toParent: nil), didShow.
/// Cancelled: the appearance turns back (the one below's
/// viewWillDisappear and viewDidDisappear, the top one's viewWillAppear and
/// viewDidAppear), the top one returns to the stack, and its
/// didMove(toParent:) names the navigation controller again.
extension UINavigationController {
    /// A release faster than this (points per second, rightwards) finishes
    /// the pop wherever the view is; as fast leftwards cancels it.
    static let interactivePopFlickVelocity: CGFloat = 500

    /// The swipe in progress.
    final class InteractivePop {
        let popped: UIViewController
        let revealed: UIViewController
        var progress: CGFloat = 0

        init(popped: UIViewController, revealed: UIViewController) {
            self.popped = popped
            self.revealed = revealed
        }
    }

    /// Whether a swipe may start now: something to pop, on screen, nothing else moving.
    var canBeginInteractivePop: Bool {
        stack.count > 1 && runningTransition == nil && interactivePop == nil && isShowingChildren
            && presentedViewController == nil
    }

    func handleInteractivePop(_ pan: UIScreenEdgePanGestureRecognizer) {
        switch pan.state {
        case .began:
            beginInteractivePop()
            updateInteractivePop(with: pan)
        case .changed:
            updateInteractivePop(with: pan)
        case .ended:
            guard let pop = interactivePop, let container = viewIfLoaded else { return }
            let velocity = pan.velocity(in: container).x
            let finishes = velocity > Self.interactivePopFlickVelocity
                || (pop.progress > 0.5 && velocity > -Self.interactivePopFlickVelocity)
            endInteractivePop(finishing: finishes)
        case .cancelled, .failed:
            endInteractivePop(finishing: false)
        default:
            break
        }
    }

    private func beginInteractivePop() {
        guard canBeginInteractivePop, let container = viewIfLoaded else { return }
        let popped = stack[stack.count - 1], revealed = stack[stack.count - 2]
        let pop = InteractivePop(popped: popped, revealed: revealed)
        interactivePop = pop
        popped.willMove(toParent: nil)
        stack.removeLast()
        popped.movingFromParent = true
        popped.beginAppearanceTransition(false, animated: true)
        revealed.beginAppearanceTransition(true, animated: true)
        delegate?.navigationController(self, willShow: revealed, animated: true)
        // The views are placed by the swipe now, not by layout.
        let poppedView = popped.view!
        installView(of: revealed, above: nil)
        container.insertSubview(revealed.view, belowSubview: poppedView)
        runningTransition = NavigationTransition(views: [poppedView, revealed.view]) { [weak self] in
            self?.completeInteractivePop(finished: true)
        }
    }

    private func updateInteractivePop(with pan: UIScreenEdgePanGestureRecognizer) {
        guard let pop = interactivePop, let container = viewIfLoaded, container.bounds.width > 0 else { return }
        let width = container.bounds.width
        let distance = min(max(pan.translation(in: container).x, 0), width)
        pop.progress = distance / width
        place(pop, in: container)
    }

    /// The top view `progress` of the way out, the one below following.
    private func place(_ pop: InteractivePop, in container: UIView) {
        let width = container.bounds.width
        pop.popped.view.frame = container.bounds.offsetBy(dx: width * pop.progress, dy: 0)
        pop.revealed.view.frame = container.bounds.offsetBy(dx: -width * Self.coveredViewShift * (1 - pop.progress), dy: 0)
    }

    /// Slides the rest of the way (out, or back), then finishes or cancels the pop.
    private func endInteractivePop(finishing: Bool) {
        guard let pop = interactivePop, let container = viewIfLoaded else { return }
        let views = [pop.popped.view!, pop.revealed.view!]
        let running = NavigationTransition(views: views) { [weak self] in
            self?.completeInteractivePop(finished: finishing)
        }
        runningTransition = running
        let remaining = finishing ? 1 - pop.progress : pop.progress
        pop.progress = finishing ? 1 : 0
        UIView.animate(withDuration: Self.transitionDuration * Double(max(remaining, 0.2)), delay: 0,
                       options: .curveEaseOut, animations: { self.place(pop, in: container) },
                       completion: { _ in running.complete() })
    }

    private func completeInteractivePop(finished: Bool) {
        guard let pop = interactivePop else { return }
        interactivePop = nil
        runningTransition = nil
        let popped = pop.popped, revealed = pop.revealed
        if finished {
            popped.viewIfLoaded?.removeFromSuperview()
            popped.viewIfLoaded?.frame.origin.x = 0
            popped.endAppearanceTransition()
            revealed.endAppearanceTransition()
            popped.movingFromParent = false
            popped.removeFromParent()
            updateBars()
            delegate?.navigationController(self, didShow: revealed, animated: true)
        } else {
            stack.append(popped)
            popped.movingFromParent = false
            revealed.beginAppearanceTransition(false, animated: true)
            revealed.endAppearanceTransition()
            popped.beginAppearanceTransition(true, animated: true)
            popped.endAppearanceTransition()
            revealed.viewIfLoaded?.removeFromSuperview()
            revealed.viewIfLoaded?.frame.origin.x = 0
            popped.didMove(toParent: self)
        }
        viewIfLoaded?.setNeedsLayout()
    }
}

/// The navigation controller's swipe back: a left-edge pan that does not
/// start when there is nothing to pop.
final class InteractivePopGestureRecognizer: UIScreenEdgePanGestureRecognizer {
    weak var navigationController: UINavigationController?

    override init() {
        super.init()
        edges = .left
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state != .possible || navigationController?.canBeginInteractivePop == true else {
            state = .failed
            return
        }
        super.touchesBegan(touches, with: event)
    }
}
