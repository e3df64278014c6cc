import Foundation

// TEMPORARY: the app part (Windows/UIWindow.swift, branch kit-app) owns
// UIWindow. This stand-in lets `UIView.window` and `contentScaleFactor`
// compile before it lands; delete this file when merging kit-app. The real
// UIWindow needs only to subclass UIView and provide `screenScale`.

open class UIWindow: UIView {
    var screenScale: CGFloat = 1
}
