import Foundation

/// Told whenever the search bar's text or the controller's activity
/// changes, to filter what it shows.
public protocol UISearchResultsUpdating: AnyObject {
    func updateSearchResults(for searchController: UISearchController)
}

/// Told as the search comes and goes.
public protocol UISearchControllerDelegate: AnyObject {
    func willPresentSearchController(_ searchController: UISearchController)
    func didPresentSearchController(_ searchController: UISearchController)
    func willDismissSearchController(_ searchController: UISearchController)
    func didDismissSearchController(_ searchController: UISearchController)
}

extension UISearchControllerDelegate {
    public func willPresentSearchController(_ searchController: UISearchController) {}
    public func didPresentSearchController(_ searchController: UISearchController) {}
    public func willDismissSearchController(_ searchController: UISearchController) {}
    public func didDismissSearchController(_ searchController: UISearchController) {}
}

/// UIKit's search controller: a search bar (shown under the navigation
/// bar when set as a navigation item's `searchController`) and what the
/// search shows. Editing the bar makes it active; each change of its text
/// goes to `searchResultsUpdater`; Cancel ends the search and clears the
/// text. While active, the content below is dimmed
/// (`obscuresBackgroundDuringPresentation`; a tap there cancels) and the
/// results controller's view covers it once there is text to search for.
open class UISearchController: UIViewController {
    public init(searchResultsController: UIViewController?) {
        self.searchResultsController = searchResultsController
        super.init(nibName: nil, bundle: nil)
        searchBar.searchController = self
    }

    public convenience init() {
        self.init(searchResultsController: nil)
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    public let searchResultsController: UIViewController?
    public let searchBar = UISearchBar(frame: CGRect(x: 0, y: 0, width: 320, height: UISearchBar.barHeight))

    open weak var searchResultsUpdater: UISearchResultsUpdating?
    open weak var delegate: UISearchControllerDelegate?

    /// Whether the content below the bar is dimmed while searching.
    open var obscuresBackgroundDuringPresentation = true
    @available(*, deprecated, renamed: "obscuresBackgroundDuringPresentation")
    open var dimsBackgroundDuringPresentation: Bool {
        get { obscuresBackgroundDuringPresentation }
        set { obscuresBackgroundDuringPresentation = newValue }
    }

    open var hidesNavigationBarDuringPresentation = true
    open var automaticallyShowsCancelButton = true
    open var automaticallyShowsSearchResultsController = true
    /// Shows the results controller even before there is text.
    open var showsSearchResultsController = false {
        didSet { updatePresentation() }
    }

    /// Whether a search is under way. Setting it true begins one (the bar
    /// takes the keys); false ends it.
    open var isActive: Bool {
        get { activeFlag }
        set { setActive(newValue) }
    }

    private var activeFlag = false
    /// The dimming over the content while searching.
    let dimmingView = UIView(frame: .zero)
    /// The navigation controller whose bar shows the search bar.
    weak var hostingNavigationController: UINavigationController?

    private func setActive(_ active: Bool) {
        guard active != activeFlag else { return }
        if active {
            delegate?.willPresentSearchController(self)
            activeFlag = true
            if automaticallyShowsCancelButton { searchBar.setShowsCancelButton(true, animated: true) }
            if !searchBar.searchTextField.isFirstResponder { _ = searchBar.searchTextField.becomeFirstResponder() }
            updatePresentation()
            searchResultsUpdater?.updateSearchResults(for: self)
            delegate?.didPresentSearchController(self)
        } else {
            delegate?.willDismissSearchController(self)
            activeFlag = false
            if automaticallyShowsCancelButton { searchBar.setShowsCancelButton(false, animated: true) }
            if searchBar.searchTextField.isFirstResponder { _ = searchBar.searchTextField.resignFirstResponder() }
            updatePresentation()
            searchResultsUpdater?.updateSearchResults(for: self)
            delegate?.didDismissSearchController(self)
        }
    }

    // MARK: From the search bar

    func searchBarDidBeginEditing() {
        setActive(true)
    }

    func searchTextDidChange() {
        updatePresentation()
        if activeFlag { searchResultsUpdater?.updateSearchResults(for: self) }
    }

    /// Cancel: the text goes, and so does the search.
    func searchBarCancelled() {
        searchBar.text = ""
        setActive(false)
    }

    // MARK: What covers the content

    /// Whether the results controller's view shows: while active, with
    /// text, or when asked to show it anyway.
    var showsResults: Bool {
        guard activeFlag, searchResultsController != nil else { return false }
        return showsSearchResultsController || (automaticallyShowsSearchResultsController && !(searchBar.text ?? "").isEmpty)
    }

    func updatePresentation() {
        hostingNavigationController?.viewIfLoaded?.setNeedsLayout()
        hostingNavigationController?.layoutSearchPresentation()
    }

    func dimmingTapped() {
        searchBarCancelled()
    }
}
