import Foundation

/// A responder that can say which of the standard edit actions it can
/// perform now (UIKit asks `canPerformAction(_:withSender:)`, which needs
/// selectors) and perform them.
protocol StandardEditActionPerforming: UIResponder {
    var canCutSelection: Bool { get }
    var canCopySelection: Bool { get }
    var canPasteText: Bool { get }
    var canSelectAllText: Bool { get }
    func cut(_ sender: Any?)
    func copy(_ sender: Any?)
    func paste(_ sender: Any?)
    func selectAll(_ sender: Any?)
}

/// The edit menu's suggested actions: Cut, Copy, Paste and Select All,
/// those the responder can perform now, each running the responder's
/// standard method.
enum StandardEditActions {
    static let cut = UIAction.Identifier("com.apple.menu.standard-edit.cut")
    static let copy = UIAction.Identifier("com.apple.menu.standard-edit.copy")
    static let paste = UIAction.Identifier("com.apple.menu.standard-edit.paste")
    static let selectAll = UIAction.Identifier("com.apple.menu.standard-edit.select-all")

    static func suggestedActions(for responder: UIResponder?) -> [UIMenuElement] {
        guard let target = responder as? StandardEditActionPerforming else { return [] }
        var actions: [UIMenuElement] = []
        if target.canCutSelection {
            actions.append(UIAction(title: "Cut", identifier: cut) { [weak target] action in target?.cut(action.sender) })
        }
        if target.canCopySelection {
            actions.append(UIAction(title: "Copy", identifier: copy) { [weak target] action in target?.copy(action.sender) })
        }
        if target.canPasteText {
            actions.append(UIAction(title: "Paste", identifier: paste) { [weak target] action in target?.paste(action.sender) })
        }
        if target.canSelectAllText {
            actions.append(UIAction(title: "Select All", identifier: selectAll) { [weak target] action in target?.selectAll(action.sender) })
        }
        return actions
    }
}

extension UITextField: StandardEditActionPerforming {
    var canCutSelection: Bool { isEditing && canCopySelection }
    var canCopySelection: Bool { !isSecureTextEntry && selectedRange.length > 0 }
    var canPasteText: Bool { isEditing && UIPasteboard.general.hasStrings }
    var canSelectAllText: Bool { isEditing && content.length > 0 && selectedRange.length < content.length }
}

extension UITextView: StandardEditActionPerforming {
    var canCutSelection: Bool { isEditing && canCopySelection }
    var canCopySelection: Bool { isFirstResponder && selectedRange.length > 0 }
    var canPasteText: Bool { isEditing && UIPasteboard.general.hasStrings }
    var canSelectAllText: Bool { isFirstResponder && content.length > 0 && selectedRange.length < content.length }
}
