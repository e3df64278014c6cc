import Foundation

/// Modal presentation, full screen: the presented controller's view covers
/// the window, above the presenter's, sliding up from the bottom edge when
/// animated. As UIKit does for `.fullScreen`, the presenter's view leaves
/// the window once covered, and comes back under the presented one when
/// it is dismissed. The "over" styles (`.overFullScreen`,
/// `.overCurrentContext`, and `.custom`, whose default presentation
/// controller does not remove the presenter's view) leave the presenter's
/// view in the window beneath, and the presenter gets no appearance
/// callbacks: it never left the screen. UIKit: "If the view controller that receives this message is
/// a child, the presentation is done by the nearest ancestor"; a
/// controller that already presents one does not present another.
extension UIViewController {
    /// How long the slide of an animated presentation or dismissal takes.
    static let presentationDuration: TimeInterval = 0.4

    func performPresentation(of viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)?) {
        let presenter = presentationRoot
        guard presenter.presentedViewController == nil,
              viewControllerToPresent.presentingViewController == nil,
              viewControllerToPresent.parent == nil,
              viewControllerToPresent !== presenter,
              let window = presenter.viewIfLoaded?.window else { return }
        let presented = viewControllerToPresent
        presenter.presentedViewController = presented
        presented.presentingViewController = presenter
        presented.frameForLoadedView = window.bounds
        let presentedView: UIView = presented.view
        let keepsPresenter = presented.keepsPresenterVisible
        let covers = presenter.isAppearingOrAppeared && !keepsPresenter

        presented.beingPresented = true
        if covers { presenter.beginAppearanceTransition(false, animated: flag) }
        presented.beginAppearanceTransition(true, animated: flag)

        presentedView.frame = window.bounds
        presentedView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(presentedView)

        let finish = {
            // The controller coming on screen is told first, then the one
            // it covers (as UIKit's presentation transitions end).
            presented.endAppearanceTransition()
            presented.beingPresented = false
            if covers { presenter.endAppearanceTransition() }
            if !keepsPresenter, let covered = presenter.viewIfLoaded, covered.superview === window,
               presented.presentingViewController === presenter {
                covered.removeFromSuperview()
                presenter.removedForPresentation = true
            }
            completion?()
        }
        guard flag else { return finish() }
        if presented.modalTransitionStyle == .crossDissolve {
            presentedView.alpha = 0
            UIView.animate(withDuration: Self.presentationDuration, delay: 0, options: .curveEaseInOut, animations: {
                presentedView.alpha = 1
            }, completion: { _ in finish() })
            return
        }
        presentedView.frame.origin.y = window.bounds.height
        UIView.animate(withDuration: Self.presentationDuration, delay: 0, options: .curveEaseOut, animations: {
            presentedView.frame.origin.y = 0
        }, completion: { _ in finish() })
    }

    /// Dismisses what this controller presents, or, called on a presented
    /// controller with nothing above it, that controller itself (UIKit
    /// passes the message to the presenter). Controllers presented above
    /// the dismissed one go with it.
    func performDismissal(animated flag: Bool, completion: (() -> Void)?) {
        let presenter: UIViewController
        if presentationRoot.presentedViewController != nil {
            presenter = presentationRoot
        } else if let presenting = presentationRoot.presentingViewController {
            presenter = presenting
        } else {
            completion?()
            return
        }
        guard let presented = presenter.presentedViewController else { return }
        // Anything the dismissed controller presents goes at once.
        if presented.presentedViewController != nil { presented.dismiss(animated: false) }
        let uncovers = presented.isAppearingOrAppeared && !presented.keepsPresenterVisible
        let presentedView = presented.viewIfLoaded

        presented.beingDismissed = true
        presented.beginAppearanceTransition(false, animated: flag)
        if uncovers { presenter.beginAppearanceTransition(true, animated: flag) }
        if presenter.removedForPresentation {
            presenter.removedForPresentation = false
            if let covered = presenter.viewIfLoaded, let presentedView, let window = presentedView.window {
                covered.frame = window.bounds
                window.insertSubview(covered, belowSubview: presentedView)
            }
        }

        let finish = {
            presentedView?.removeFromSuperview()
            presenter.presentedViewController = nil
            presented.presentingViewController = nil
            if uncovers { presenter.endAppearanceTransition() }
            presented.endAppearanceTransition()
            presented.beingDismissed = false
            completion?()
        }
        guard flag, let presentedView, let window = presentedView.window else { return finish() }
        let fades = presented.modalTransitionStyle == .crossDissolve
        UIView.animate(withDuration: Self.presentationDuration, delay: 0, options: fades ? .curveEaseInOut : .curveEaseIn,
                       animations: {
            if fades { presentedView.alpha = 0 } else { presentedView.frame.origin.y = window.bounds.height }
        }, completion: { _ in
            finish()
            presentedView.alpha = 1
        })
    }

    /// Whether this controller, presented, leaves its presenter's view in
    /// the window beneath its own (the "over" styles).
    var keepsPresenterVisible: Bool {
        [.overFullScreen, .overCurrentContext, .custom].contains(modalPresentationStyle)
    }

    /// The ancestor that presents for this controller: the top of its parent chain.
    private var presentationRoot: UIViewController {
        var controller = self
        while let parent = controller.parent { controller = parent }
        return controller
    }
}

/// UIKit's presentation styles. StrataKit shows every one full screen; the
/// "over" styles and `.custom` keep the presenter's view beneath.
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
    case none = -1
    case automatic = -2
}

/// UIKit's transition styles for an animated presentation.
public enum UIModalTransitionStyle: Int, Sendable {
    case coverVertical = 0, flipHorizontal, crossDissolve, partialCurl
}
