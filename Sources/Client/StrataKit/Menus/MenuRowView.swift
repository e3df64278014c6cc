import Foundation

/// One element of a shown menu: in a list, a check mark column, the title
/// (and subtitle), the image or a submenu's chevron at the trailing edge;
/// in the edit menu's bar, the title alone. Destructive rows are red,
/// disabled ones grey; the highlighted row has a grey fill.
final class MenuRowView: UIView {
    enum Style { case list, bar }

    static let listHeight: CGFloat = 44
    static let listHeightWithSubtitle: CGFloat = 58
    static let barHeight: CGFloat = 38
    static let inset: CGFloat = 16
    static let stateColumnWidth: CGFloat = 28
    static let trailingColumnWidth: CGFloat = 30
    static let barPadding: CGFloat = 14

    let row: MenuRow
    let style: Style
    let titleLabel = UILabel()
    private var subtitleLabel: UILabel?
    private var stateGlyph: MenuGlyphView?
    private var trailingView: UIView?
    private let showsStateColumn: Bool

    var isHighlighted = false {
        didSet { if isHighlighted != oldValue { backgroundColor = isHighlighted ? Self.highlightColor : nil } }
    }

    var isEnabled: Bool { row.isEnabled }

    /// The fill under the highlighted row.
    static var highlightColor: UIColor { .systemGray4 }

    init(row: MenuRow, style: Style, showsStateColumn: Bool) {
        self.row = row
        self.style = style
        self.showsStateColumn = showsStateColumn
        super.init(frame: .zero)
        backgroundColor = nil
        isOpaque = false
        makeParts()
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    private var textColor: UIColor {
        if !row.isEnabled, case .leaf = row.kind { return .tertiaryLabel }
        if case .loading = row.kind { return .secondaryLabel }
        return row.isDestructive ? .systemRed : .label
    }

    private func makeParts() {
        titleLabel.text = row.element?.title ?? "Loading…"
        titleLabel.font = .systemFont(ofSize: style == .bar ? 15 : 17)
        titleLabel.textColor = textColor
        titleLabel.sizeToFit()
        addSubview(titleLabel)
        guard style == .list else { return }
        if let subtitle = row.element?.subtitle, !subtitle.isEmpty {
            let label = UILabel()
            label.text = subtitle
            label.font = .systemFont(ofSize: 13)
            label.textColor = row.isEnabled ? .secondaryLabel : .tertiaryLabel
            label.sizeToFit()
            subtitleLabel = label
            addSubview(label)
        }
        if case let .leaf(leaf) = row.kind, leaf.state != .off {
            let glyph = MenuGlyphView(glyph: leaf.state == .on ? .checkmark : .mixed)
            glyph.color = textColor
            stateGlyph = glyph
            addSubview(glyph)
        }
        if case .submenu = row.kind {
            let chevron = MenuGlyphView(glyph: .chevron)
            chevron.color = row.isEnabled ? .secondaryLabel : .tertiaryLabel
            trailingView = chevron
            addSubview(chevron)
        } else if let image = (row.element as? UIAction).flatMap({ $0.state == .on ? ($0.selectedImage ?? $0.image) : $0.image })
                    ?? row.element?.image {
            let imageView = UIImageView(image: image)
            imageView.contentMode = .scaleAspectFit
            imageView.frame.size = CGSize(width: 20, height: 20)
            imageView.alpha = row.isEnabled ? 1 : 0.35
            trailingView = imageView
            addSubview(imageView)
        }
    }

    var rowHeight: CGFloat {
        switch style {
        case .bar: return Self.barHeight
        case .list: return subtitleLabel == nil ? Self.listHeight : Self.listHeightWithSubtitle
        }
    }

    /// The width the row needs to show its content unclipped.
    var fittingWidth: CGFloat {
        switch style {
        case .bar:
            return ceil(titleLabel.bounds.width) + 2 * Self.barPadding
        case .list:
            let text = max(titleLabel.bounds.width, subtitleLabel?.bounds.width ?? 0)
            return ceil(leadingTextInset + text + Self.trailingColumnWidth + Self.inset)
        }
    }

    private var leadingTextInset: CGFloat { Self.inset + (showsStateColumn ? Self.stateColumnWidth : 0) }

    override func layoutSubviews() {
        super.layoutSubviews()
        let size = bounds.size
        guard style == .list else {
            titleLabel.center = CGPoint(x: size.width / 2, y: size.height / 2)
            return
        }
        let trailing = size.width - Self.inset - Self.trailingColumnWidth
        let textWidth = max(0, trailing - leadingTextInset)
        titleLabel.frame.size.width = min(titleLabel.intrinsicContentSize.width, textWidth)
        if let subtitleLabel {
            subtitleLabel.frame.size.width = min(subtitleLabel.intrinsicContentSize.width, textWidth)
            let total = titleLabel.bounds.height + 2 + subtitleLabel.bounds.height
            titleLabel.frame.origin = CGPoint(x: leadingTextInset, y: ((size.height - total) / 2).rounded())
            subtitleLabel.frame.origin = CGPoint(x: leadingTextInset, y: titleLabel.frame.maxY + 2)
        } else {
            titleLabel.frame.origin = CGPoint(x: leadingTextInset, y: ((size.height - titleLabel.bounds.height) / 2).rounded())
        }
        stateGlyph?.center = CGPoint(x: Self.inset + 7, y: size.height / 2)
        trailingView?.center = CGPoint(x: size.width - Self.inset - Self.trailingColumnWidth / 2 + 5, y: size.height / 2)
    }
}
