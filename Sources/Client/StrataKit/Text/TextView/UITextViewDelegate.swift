import Foundation

/// What a text view asks and tells its delegate. It refines
/// UIScrollViewDelegate, as in UIKit, and every method is optional: the
/// defaults allow everything and do nothing.
///
/// Swift cannot narrow the type of the scroll view's `delegate` property
/// as Objective-C UIKit does, so a text view has the one `delegate` of
/// its scroll view; setting it to a `UITextViewDelegate`
/// (`textView.delegate = self`) is what makes the text view call these.
public protocol UITextViewDelegate: UIScrollViewDelegate {
    /// Asked before editing begins; false keeps the view from editing.
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    func textViewDidBeginEditing(_ textView: UITextView)
    /// Asked before editing ends; false keeps it editing (unless forced).
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    func textViewDidEndEditing(_ textView: UITextView)
    /// Asked before the user's edit replaces `range` (UTF-16 units) with
    /// `text`; false leaves the text as it is.
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// The user changed the text; setting `text` in code does not call it.
    func textViewDidChange(_ textView: UITextView)
    /// The selection (or the caret) moved.
    func textViewDidChangeSelection(_ textView: UITextView)
    /// The edit menu for the selected range (Menus/): nil shows the suggested actions.
    func textView(_ textView: UITextView, editMenuForTextIn range: NSRange, suggestedActions: [UIMenuElement]) -> UIMenu?
}

extension UITextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidBeginEditing(_ textView: UITextView) {}
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidEndEditing(_ textView: UITextView) {}
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    public func textViewDidChange(_ textView: UITextView) {}
    public func textViewDidChangeSelection(_ textView: UITextView) {}
    public func textView(_ textView: UITextView, editMenuForTextIn range: NSRange,
                         suggestedActions: [UIMenuElement]) -> UIMenu? { nil }
}
