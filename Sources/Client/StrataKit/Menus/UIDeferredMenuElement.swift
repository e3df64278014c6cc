import Foundation

/// Elements that arrive later: the menu shows a "Loading…" row and asks
/// the provider when it is displayed; the elements it hands to the
/// completion replace the row. They are kept for later displays, unless
/// the element was made with `uncached(_:)`, which asks every time.
open class UIDeferredMenuElement: UIMenuElement {
    public typealias ElementProvider = (@escaping ([UIMenuElement]) -> Void) -> Void

    let provider: ElementProvider
    let isCached: Bool
    /// What the provider gave, kept for a cached element.
    var cachedElements: [UIMenuElement]?

    public init(_ elementProvider: @escaping ElementProvider) {
        provider = elementProvider
        isCached = true
        super.init(title: "")
    }

    private init(uncachedProvider: @escaping ElementProvider) {
        provider = uncachedProvider
        isCached = false
        super.init(title: "")
    }

    /// Asks the provider each time the menu shows the element (iOS 15).
    open class func uncached(_ elementProvider: @escaping ElementProvider) -> UIDeferredMenuElement {
        UIDeferredMenuElement(uncachedProvider: elementProvider)
    }
}
