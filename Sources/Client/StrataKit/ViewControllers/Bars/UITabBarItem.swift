import Foundation

/// One tab of a tab bar: a title under an image, in the tint when
/// selected and grey otherwise.
open class UITabBarItem: UIBarItem {
    open var selectedImage: UIImage? { didSet { itemDidChange() } }
    /// Text in a badge at the image's corner.
    open var badgeValue: String? { didSet { if badgeValue != oldValue { itemDidChange() } } }

    public override init() {
        super.init()
    }

    public convenience init(title: String?, image: UIImage?, tag: Int) {
        self.init()
        self.title = title
        self.image = image
        self.tag = tag
    }

    public convenience init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        self.init()
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
    }
}
