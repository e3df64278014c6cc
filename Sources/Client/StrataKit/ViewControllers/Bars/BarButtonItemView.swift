import Foundation

/// What a bar shows for one UIBarButtonItem: its custom view, or a
/// control with the item's title (a label), image or system glyph in the
/// tint, dimmed while pressed and grey while disabled. A tap performs the
/// item's action. Spaces have no view (bars lay them out as gaps).
final class BarButtonItemView: UIControl {
    /// The title font: 17 points, semibold for `.done` items, as UIKit's bars.
    static let titleFontSize: CGFloat = 17
    /// Space left and right of a title or image, inside the tappable area.
    static let horizontalPadding: CGFloat = 4

    let item: UIBarButtonItem
    private var label: UILabel?
    private var glyph: BarGlyphView?
    private var imageView: UIImageView?

    init(item: UIBarButtonItem) {
        self.item = item
        super.init(frame: .zero)
        backgroundColor = nil
        isOpaque = false
        addTarget(self, action: BarButtonItemView.tapped, for: .touchUpInside)
        rebuild()
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    private func tapped(_ sender: UIControl, forEvent event: UIEvent) {
        if item.showsMenuOnTap { return presentItemMenu() }
        item.performTap(with: event)
    }

    /// Makes the subviews for the item's current content.
    func rebuild() {
        for view in subviews { view.removeFromSuperview() }
        label = nil; glyph = nil; imageView = nil
        if let custom = item.customView {
            addSubview(custom)
        } else if let systemItem = item.systemItem, systemItem.title == nil {
            let view = BarGlyphView(glyph: .system(systemItem))
            glyph = view
            addSubview(view)
        } else if let image = item.image {
            let view = UIImageView(image: image)
            imageView = view
            addSubview(view)
        } else {
            let title = UILabel()
            title.text = item.systemItem?.title ?? item.title
            let bold = item.style == .done
            title.font = bold ? .systemFont(ofSize: Self.titleFontSize, weight: .semibold) : .systemFont(ofSize: Self.titleFontSize)
            title.sizeToFit()
            label = title
            addSubview(title)
        }
        isEnabled = item.isEnabled
        updateMenuLongPress()
        setTintColor(item.tintColor)
        updateColors()
        setNeedsLayout()
    }

    /// The content's own size (a title's, an image's, a glyph's, a custom
    /// view's), with padding; a set `width` wins.
    override func sizeThatFits(_ size: CGSize) -> CGSize {
        let content: CGSize
        if let custom = item.customView { return custom.bounds.size }
        else if let glyph { content = glyph.bounds.size }
        else if let imageView { content = imageView.bounds.size }
        else if let label { content = label.bounds.size }
        else { content = .zero }
        let width = item.width > 0 ? item.width : content.width + 2 * Self.horizontalPadding
        return CGSize(width: width, height: content.height)
    }

    override func layoutSubviews() {
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        for view in subviews { view.center = center }
    }

    override var isHighlighted: Bool {
        didSet { if isHighlighted != oldValue { updateColors() } }
    }

    override func tintColorDidChange() {
        updateColors()
    }

    /// The tint, or grey when disabled; dimmed while pressed.
    private func updateColors() {
        let color: UIColor = item.isEnabled ? tintColor : UIColor.systemGray3
        label?.textColor = color
        glyph?.color = color
        let alpha: CGFloat = isHighlighted ? UIButton.highlightedSystemAlpha : 1
        for view in subviews where view !== item.customView { view.alpha = alpha }
    }
}
