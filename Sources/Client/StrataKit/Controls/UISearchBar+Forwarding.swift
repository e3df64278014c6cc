import Foundation

/// The search field's delegate and target, which turns what the field
/// says into what the bar's delegate hears: the field's should/did begin
/// and end editing become the bar's, its change questions become
/// `searchBar(_:shouldChangeTextIn:replacementText:)`, `.editingChanged`
/// becomes `searchBar(_:textDidChange:)`, and Return becomes
/// `searchBarSearchButtonClicked(_:)` (the field then does nothing more:
/// it stays first responder, as the keyboard stays up in UIKit).
final class SearchBarFieldDelegate: UITextFieldDelegate {
    weak var searchBar: UISearchBar?

    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
        guard let searchBar else { return true }
        return searchBar.delegate?.searchBarShouldBeginEditing(searchBar) ?? true
    }

    func textFieldDidBeginEditing(_ textField: UITextField) {
        guard let searchBar else { return }
        searchBar.searchController?.searchBarDidBeginEditing()
        searchBar.delegate?.searchBarTextDidBeginEditing(searchBar)
    }

    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
        guard let searchBar else { return true }
        return searchBar.delegate?.searchBarShouldEndEditing(searchBar) ?? true
    }

    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
        guard let searchBar else { return }
        searchBar.delegate?.searchBarTextDidEndEditing(searchBar)
    }

    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        guard let searchBar else { return true }
        return searchBar.delegate?.searchBar(searchBar, shouldChangeTextIn: range, replacementText: string) ?? true
    }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        if let searchBar { searchBar.delegate?.searchBarSearchButtonClicked(searchBar) }
        return false
    }

    func textChanged(_ sender: UITextField) {
        guard let searchBar else { return }
        searchBar.delegate?.searchBar(searchBar, textDidChange: sender.text ?? "")
        searchBar.searchController?.searchTextDidChange()
    }

    func cancelTapped() {
        guard let searchBar else { return }
        searchBar.delegate?.searchBarCancelButtonClicked(searchBar)
        searchBar.searchController?.searchBarCancelled()
    }
}
