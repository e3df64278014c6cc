import Foundation

/// The navigation bar's back button: a chevron and the title of the item
/// below the top one, in the tint. A tap asks the bar to go back.
final class NavigationBackButton: UIControl {
    let chevron = BarGlyphView(glyph: .backChevron)
    let label = UILabel()
    /// Space between the chevron and the title.
    static let chevronSpacing: CGFloat = 6

    var title: String? {
        didSet {
            label.text = title
            label.sizeToFit()
            label.isHidden = title == nil
        }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = nil
        isOpaque = false
        label.font = .systemFont(ofSize: BarButtonItemView.titleFontSize)
        addSubview(chevron)
        addSubview(label)
        updateColors()
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// The width the button needs with `title`.
    static func width(forTitle title: String?) -> CGFloat {
        var width = BarGlyphView(glyph: .backChevron).bounds.width
        if let title {
            let label = UILabel()
            label.font = .systemFont(ofSize: BarButtonItemView.titleFontSize)
            label.text = title
            label.sizeToFit()
            width += chevronSpacing + label.bounds.width
        }
        return width
    }

    override func layoutSubviews() {
        chevron.frame.origin = CGPoint(x: 0, y: (bounds.height - chevron.bounds.height) / 2)
        label.frame.origin = CGPoint(x: chevron.frame.maxX + Self.chevronSpacing,
                                     y: (bounds.height - label.bounds.height) / 2)
    }

    override var isHighlighted: Bool {
        didSet { if isHighlighted != oldValue { updateColors() } }
    }

    override func tintColorDidChange() {
        updateColors()
    }

    private func updateColors() {
        label.textColor = tintColor
        chevron.color = tintColor
        let alpha: CGFloat = isHighlighted ? UIButton.highlightedSystemAlpha : 1
        chevron.alpha = alpha
        label.alpha = alpha
    }
}
