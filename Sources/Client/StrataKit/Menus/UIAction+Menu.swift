import Foundation

extension UIAction: MenuLeafElement {
    func performFromMenu(sender: Any?) { perform(from: sender) }
}
