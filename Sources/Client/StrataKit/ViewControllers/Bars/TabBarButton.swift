import Foundation

/// What a tab bar shows for one item: the image above the title (10
/// points), in the bar's tint when selected, grey otherwise; a red badge
/// with the item's badge value.
final class TabBarButton: UIControl {
    static let titleFontSize: CGFloat = 10
    static let unselectedColor = UIColor.systemGray

    let item: UITabBarItem
    private let label = UILabel()
    private let imageView = UIImageView(image: nil)
    private var badge: UILabel?

    init(item: UITabBarItem) {
        self.item = item
        super.init(frame: .zero)
        backgroundColor = nil
        isOpaque = false
        label.font = .systemFont(ofSize: Self.titleFontSize, weight: .medium)
        label.textAlignment = .center
        addSubview(imageView)
        addSubview(label)
        refresh()
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override var isSelected: Bool {
        didSet { if isSelected != oldValue { refresh() } }
    }

    override func tintColorDidChange() {
        refresh()
    }

    func refresh() {
        label.text = item.title
        label.sizeToFit()
        label.textColor = isSelected ? tintColor : Self.unselectedColor
        imageView.image = isSelected ? (item.selectedImage ?? item.image) : item.image
        imageView.bounds.size = imageView.image?.size ?? .zero
        isEnabled = item.isEnabled
        alpha = item.isEnabled ? 1 : 0.4
        if let value = item.badgeValue {
            let view = badge ?? UILabel()
            view.text = value
            view.font = .systemFont(ofSize: 13)
            view.textColor = .white
            view.textAlignment = .center
            view.backgroundColor = .systemRed
            view.sizeToFit()
            view.bounds.size = CGSize(width: max(view.bounds.width + 8, 18), height: 18)
            badge = view
            addSubview(view)
        } else {
            badge?.removeFromSuperview()
            badge = nil
        }
        setNeedsLayout()
    }

    override func layoutSubviews() {
        let hasImage = imageView.image != nil
        if hasImage {
            imageView.center = CGPoint(x: bounds.midX, y: 4 + imageView.bounds.height / 2)
            label.center = CGPoint(x: bounds.midX, y: bounds.height - 4 - label.bounds.height / 2)
        } else {
            label.center = CGPoint(x: bounds.midX, y: bounds.midY)
        }
        badge?.center = CGPoint(x: bounds.midX + 14, y: 10)
    }
}
