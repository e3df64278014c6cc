import Foundation

/// The edit menu of UITextField and UITextView: a secondary click, or a
/// finger held still for half a second, makes the text first responder
/// and shows Cut / Copy / Paste / Select All (those that apply) above the
/// place pressed. The view's own interaction is a `UIEditMenuInteraction`
/// like any app's.
final class TextEditMenu: UIInteraction, UIEditMenuInteractionDelegate, UIGestureRecognizerDelegate {
    private(set) weak var view: UIView?
    let editMenu: UIEditMenuInteraction
    private var longPress: UILongPressGestureRecognizer?

    init() {
        editMenu = UIEditMenuInteraction(delegate: nil)
        editMenu.setDelegate(self)
    }

    func willMove(to view: UIView?) {
        if let longPress { self.view?.removeGestureRecognizer(longPress) }
        self.view?.removeInteraction(editMenu)
        longPress = nil
    }

    func didMove(to view: UIView?) {
        self.view = view
        guard let view else { return }
        view.addInteraction(editMenu)
        let recognizer = UILongPressGestureRecognizer(target: self, action: TextEditMenu.longPressed)
        recognizer.delegate = self
        view.addGestureRecognizer(recognizer)
        longPress = recognizer
    }

    /// A pointer's long press drags a selection; only fingers ask for the menu.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        touch.type == .direct
    }

    private func longPressed(_ recognizer: UILongPressGestureRecognizer) {
        guard recognizer.state == .began, let view else { return }
        showMenu(at: recognizer.location(in: view))
    }

    /// The text's delegate may change the menu; nil keeps the suggested actions.
    func editMenuInteraction(_ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration,
                             suggestedActions: [UIMenuElement]) -> UIMenu? {
        let custom: UIMenu?
        if let field = view as? UITextField {
            custom = field.delegate?.textField(field, editMenuForCharactersIn: field.selectedRange, suggestedActions: suggestedActions)
        } else if let textView = view as? UITextView {
            custom = textView.textViewDelegate?.textView(textView, editMenuForTextIn: textView.selectedRange,
                                                         suggestedActions: suggestedActions)
        } else {
            custom = nil
        }
        return custom ?? UIMenu(children: suggestedActions)
    }

    /// Above the selection (or the caret), as UIKit shows the edit menu of text.
    func editMenuInteraction(_ interaction: UIEditMenuInteraction, targetRectFor configuration: UIEditMenuConfiguration) -> CGRect {
        (view as? EditMenuTextView)?.editMenuTargetRect ?? .null
    }

    func showMenu(at location: CGPoint) {
        guard let view, view.window != nil else { return }
        if !view.isFirstResponder { _ = view.becomeFirstResponder() }
        guard view.isFirstResponder else { return }
        editMenu.presentEditMenu(with: UIEditMenuConfiguration(identifier: nil, sourcePoint: location))
    }
}

extension TextEditMenu: SecondaryClickMenuSource {
    func presentMenuForSecondaryClick(at location: CGPoint, in view: UIView) -> Bool {
        guard view.canBecomeFirstResponder || view.isFirstResponder else { return false }
        showMenu(at: location)
        return true
    }
}

extension UIView {
    /// Gives a text view its edit menu (UITextField and UITextView call it once).
    func installTextEditMenu() {
        addInteraction(TextEditMenu())
    }
}

/// A text view whose selection the edit menu stays clear of.
protocol EditMenuTextView: UIView {
    /// The selection's rect (the caret's without one), in the view's coordinates.
    var editMenuTargetRect: CGRect { get }
}

extension UITextField: EditMenuTextView {
    var editMenuTargetRect: CGRect {
        layoutIfNeeded()
        let part = selectedRange.length > 0 ? selectionView : caretView
        return part.convert(part.bounds, to: self).intersection(bounds)
    }
}

extension UITextView: EditMenuTextView {
    var editMenuTargetRect: CGRect {
        layoutIfNeeded()
        let parts = selectedRange.length > 0 && !selectionViews.isEmpty ? selectionViews : [caretView]
        let rect = parts.map { $0.convert($0.bounds, to: self) }.reduce(CGRect.null) { $0.union($1) }
        return rect.intersection(bounds)
    }
}
