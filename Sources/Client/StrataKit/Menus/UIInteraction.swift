import Foundation

/// Behaviour added to a view as an object (`view.addInteraction(_:)`):
/// context menus, edit menus. The view holds it; it holds the view weakly.
public protocol UIInteraction: AnyObject {
    var view: UIView? { get }
    func willMove(to view: UIView?)
    func didMove(to view: UIView?)
}
