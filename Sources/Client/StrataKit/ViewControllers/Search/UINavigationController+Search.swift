import Foundation

/// The top controller's search bar under the navigation bar (its
/// `navigationItem.searchController`), insetting the content's safe area,
/// and while a search is under way the dimming or the results over the
/// content below it.
extension UINavigationController {
    /// Places the top controller's search bar; returns the bottom of the bars.
    func layoutSearchBar(below barBottom: CGFloat) -> CGFloat {
        guard let container = viewIfLoaded else { return barBottom }
        let search = isNavigationBarHidden ? nil : topViewController?.navigationItem.searchController
        if shownSearchController !== search {
            shownSearchController?.searchBar.removeFromSuperview()
            shownSearchController?.dimmingView.removeFromSuperview()
            shownSearchController?.searchResultsController?.viewIfLoaded?.removeFromSuperview()
            shownSearchController?.hostingNavigationController = nil
            shownSearchController = search
        }
        guard let search else { return barBottom }
        search.hostingNavigationController = self
        let bar = search.searchBar
        if bar.superview !== container { container.addSubview(bar) }
        bar.frame = CGRect(x: 0, y: barBottom, width: container.bounds.width, height: UISearchBar.barHeight)
        layoutSearchPresentation()
        return bar.frame.maxY
    }

    /// The dimming (or the results) between the search bar and the bottom,
    /// placed at once (not inside the Cancel button's slide), so they take
    /// touches straight away.
    func layoutSearchPresentation() {
        UIView.performWithoutAnimation { placeSearchPresentation() }
    }

    private func placeSearchPresentation() {
        guard let container = viewIfLoaded, let search = shownSearchController else { return }
        let top = search.searchBar.frame.maxY
        let area = CGRect(x: 0, y: top, width: container.bounds.width, height: max(0, container.bounds.height - top))
        let dims = search.isActive && search.obscuresBackgroundDuringPresentation && !search.showsResults
        if dims {
            let dimming = search.dimmingView
            if dimming.superview !== container {
                dimming.backgroundColor = UIColor(white: 0, alpha: 0.2)
                if dimming.gestureRecognizers?.isEmpty ?? true {
                    dimming.addGestureRecognizer(UITapGestureRecognizer(target: search, action: UISearchController.dimmingTapped))
                }
                container.insertSubview(dimming, belowSubview: search.searchBar)
            }
            dimming.frame = area
        } else {
            search.dimmingView.removeFromSuperview()
        }
        if let results = search.searchResultsController {
            if search.showsResults {
                let view: UIView = results.view
                if view.superview !== container { container.insertSubview(view, belowSubview: search.searchBar) }
                view.frame = area
            } else {
                results.viewIfLoaded?.removeFromSuperview()
            }
        }
    }
}

extension UIViewController {
    /// Whether this controller's view is the area a presentation from
    /// inside it covers (a search's results); stored, as UIKit code sets it.
    public var definesPresentationContext: Bool {
        get { definesPresentationContextFlag }
        set { definesPresentationContextFlag = newValue }
    }
}
