import Foundation

/// A list made of a compositional layout (iOS 14): one full-width item a
/// row, each row as tall as its cell asks (estimated 44 points), in the
/// look of a table: plain, grouped, inset grouped, or a sidebar.
public struct UICollectionLayoutListConfiguration {
    public enum Appearance: Int, Sendable {
        case plain, grouped, insetGrouped, sidebar, sidebarPlain
    }

    public enum HeaderMode: Int, Sendable {
        case none, supplementary, firstItemInSection
    }

    public enum FooterMode: Int, Sendable {
        case none, supplementary
    }

    public var appearance: Appearance
    public var showsSeparators = true
    public var backgroundColor: UIColor?
    public var headerMode: HeaderMode = .none
    public var footerMode: FooterMode = .none
    public var headerTopPadding: CGFloat?

    public init(appearance: Appearance) {
        self.appearance = appearance
    }

    /// The height a row is estimated at before its cell measures itself.
    static let estimatedRowHeight: CGFloat = 44
    /// How far inset-grouped sections sit from the sides.
    static let insetGroupedMargin: CGFloat = 20
}

extension NSCollectionLayoutSection {
    /// A list section: full-width rows of estimated height, with headers
    /// and footers as the configuration asks.
    public static func list(using configuration: UICollectionLayoutListConfiguration,
                            layoutEnvironment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        let height = NSCollectionLayoutDimension.estimated(UICollectionLayoutListConfiguration.estimatedRowHeight)
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: height)
        let item = NSCollectionLayoutItem(layoutSize: size)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size, subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        switch configuration.appearance {
        case .insetGrouped:
            let margin = UICollectionLayoutListConfiguration.insetGroupedMargin
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: margin, bottom: 20, trailing: margin)
        case .grouped:
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 20, trailing: 0)
        case .plain, .sidebar, .sidebarPlain:
            break
        }
        var boundary: [NSCollectionLayoutBoundarySupplementaryItem] = []
        let supplementarySize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(38))
        if configuration.headerMode == .supplementary {
            let header = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: supplementarySize,
                                                                     elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            header.pinToVisibleBounds = configuration.appearance == .plain
            boundary.append(header)
        }
        if configuration.footerMode == .supplementary {
            boundary.append(NSCollectionLayoutBoundarySupplementaryItem(layoutSize: supplementarySize,
                                                                        elementKind: UICollectionView.elementKindSectionFooter,
                                                                        alignment: .bottom))
        }
        section.boundarySupplementaryItems = boundary
        section.listConfiguration = configuration
        return section
    }
}

extension UICollectionViewCompositionalLayout {
    /// A layout whose every section is a list section.
    public static func list(using configuration: UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { _, environment in
            NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
        }
    }
}

/// A cell for list layouts: content from `defaultContentConfiguration()`
/// (text, secondary text, image), and a background that turns gray while
/// the cell is selected or highlighted.
open class UICollectionViewListCell: UICollectionViewCell {
    /// Accessories: the outline disclosure shows (at the trailing edge);
    /// the others are kept but not drawn.
    open var accessories: [UICellAccessory] = [] {
        didSet { setNeedsLayout() }
    }

    /// How deep the row is in an outline; its content moves in by `indentationWidth` a level.
    open var indentationLevel = 0 {
        didSet { if indentationLevel != oldValue { setNeedsLayout() } }
    }

    open var indentationWidth: CGFloat = 10 {
        didSet { setNeedsLayout() }
    }

    /// The outline disclosure's chevron, made when the accessory is first set.
    var disclosureView: OutlineDisclosureView?

    /// The outline disclosure among the accessories, if any.
    var outlineDisclosureOptions: UICellAccessory.OutlineDisclosureOptions? {
        accessories.lazy.compactMap(\.outlineOptions).first
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundConfiguration = .listPlainCell()
        separator.backgroundColor = .separator
        separator.isHidden = true
        addSubview(separator)
    }

    /// The hairline at the bottom of a list row, from the text's leading edge.
    let separator = UIView(frame: .zero)

    /// A list section says whether this row draws its separator.
    open override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        separator.isHidden = !layoutAttributes.showsSeparator
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        // Indentation and the disclosure's room take from the content view.
        let indent = CGFloat(indentationLevel) * indentationWidth
        var trailing: CGFloat = 0
        if let options = outlineDisclosureOptions, options.isHidden != true {
            let chevron = disclosureView ?? {
                let made = OutlineDisclosureView(frame: .zero)
                disclosureView = made
                addSubview(made)
                return made
            }()
            chevron.isHidden = false
            chevron.tintColor = options.tintColor
            chevron.bounds.size = CGSize(width: 20, height: 20)
            chevron.center = CGPoint(x: bounds.width - 16 - 10, y: bounds.height / 2)
            chevron.isExpanded = configurationState.isExpanded
            trailing = 16 + 20
        } else {
            disclosureView?.isHidden = true
        }
        let content = CGRect(x: indent, y: 0, width: max(0, bounds.width - indent - trailing), height: bounds.height)
        if contentView.frame != content { contentView.frame = content }
        let scale = max(1, contentScaleFactor)
        let leading = separatorLeadingInset
        separator.frame = CGRect(x: leading, y: bounds.height - 1 / scale, width: max(0, bounds.width - leading), height: 1 / scale)
        bringSubviewToFront(separator)
    }

    /// Where the text starts: the list content's leading margin, after its image.
    private var separatorLeadingInset: CGFloat {
        let indent = CGFloat(indentationLevel) * indentationWidth
        guard let content = contentConfiguration as? UIListContentConfiguration else { return indent + 16 }
        var leading = indent + content.directionalLayoutMargins.leading
        if let image = content.image { leading += max(image.size.width, content.imageProperties.reservedLayoutSize.width) + content.imageToTextPadding }
        return leading
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    /// A list content configuration with the cell's default style.
    open func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }
}

/// A view at a list cell's edge. The outline disclosure (the chevron of an
/// expandable row) is drawn and works; the others are kept for source
/// compatibility and not drawn.
public struct UICellAccessory {
    public enum DisplayedState: Int, Sendable {
        case always, whenEditing, whenNotEditing
    }

    /// How an outline disclosure behaves: a header row expands and
    /// collapses when tapped anywhere; a cell row only by its chevron.
    public struct OutlineDisclosureOptions {
        public enum Style: Int, Sendable {
            case automatic, header, cell
        }

        public var style: Style
        public var isHidden: Bool?
        public var tintColor: UIColor?

        public init(style: Style = .automatic, isHidden: Bool? = nil, tintColor: UIColor? = nil) {
            self.style = style
            self.isHidden = isHidden
            self.tintColor = tintColor
        }
    }

    enum Kind {
        case disclosureIndicator, checkmark, delete, reorder, label(String)
        case outlineDisclosure(OutlineDisclosureOptions, (() -> Void)?)
    }

    let kind: Kind
    let displayed: DisplayedState

    init(kind: Kind, displayed: DisplayedState = .always) {
        self.kind = kind
        self.displayed = displayed
    }

    public static func disclosureIndicator(displayed: DisplayedState = .always) -> UICellAccessory {
        UICellAccessory(kind: .disclosureIndicator, displayed: displayed)
    }

    public static func checkmark(displayed: DisplayedState = .always) -> UICellAccessory {
        UICellAccessory(kind: .checkmark, displayed: displayed)
    }

    public static func delete(displayed: DisplayedState = .whenEditing) -> UICellAccessory {
        UICellAccessory(kind: .delete, displayed: displayed)
    }

    public static func reorder(displayed: DisplayedState = .whenEditing) -> UICellAccessory {
        UICellAccessory(kind: .reorder, displayed: displayed)
    }

    public static func outlineDisclosure(displayed: DisplayedState = .always, options: OutlineDisclosureOptions = OutlineDisclosureOptions(),
                                         actionHandler: (() -> Void)? = nil) -> UICellAccessory {
        UICellAccessory(kind: .outlineDisclosure(options, actionHandler), displayed: displayed)
    }

    public static func label(text: String, displayed: DisplayedState = .always) -> UICellAccessory {
        UICellAccessory(kind: .label(text), displayed: displayed)
    }

    /// The outline disclosure's options, if this is one.
    var outlineOptions: OutlineDisclosureOptions? {
        if case let .outlineDisclosure(options, _) = kind { return options }
        return nil
    }
}

/// The chevron of an expandable row: pointing to the trailing side when
/// collapsed, down when expanded.
final class OutlineDisclosureView: UIView {
    var isExpanded = false {
        didSet { if isExpanded != oldValue { transform = isExpanded ? CGAffineTransform(rotationAngle: .pi / 2) : .identity } }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        backgroundColor = .clear
        isUserInteractionEnabled = false
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func draw(_ rect: CGRect) {
        let path = UIBezierPath()
        let inset = bounds.insetBy(dx: bounds.width * 0.32, dy: bounds.height * 0.22)
        path.move(to: CGPoint(x: inset.minX, y: inset.minY))
        path.addLine(to: CGPoint(x: inset.maxX, y: inset.midY))
        path.addLine(to: CGPoint(x: inset.minX, y: inset.maxY))
        path.lineWidth = 2
        (tintColor ?? .systemBlue).setStroke()
        path.stroke()
    }
}
