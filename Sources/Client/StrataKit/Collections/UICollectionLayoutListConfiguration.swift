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
    /// Accessories (disclosure indicators, checkmarks…) are kept but not drawn.
    open var accessories: [UICellAccessory] = []
    open var indentationLevel = 0
    open var indentationWidth: CGFloat = 10

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
        let scale = max(1, contentScaleFactor)
        let leading = separatorLeadingInset
        separator.frame = CGRect(x: leading, y: bounds.height - 1 / scale, width: max(0, bounds.width - leading), height: 1 / scale)
        bringSubviewToFront(separator)
    }

    /// Where the text starts: the list content's leading margin, after its image.
    private var separatorLeadingInset: CGFloat {
        guard let content = contentConfiguration as? UIListContentConfiguration else { return 16 }
        var leading = content.directionalLayoutMargins.leading
        if let image = content.image { leading += max(image.size.width, content.imageProperties.reservedLayoutSize.width) + content.imageToTextPadding }
        return leading
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    /// A list content configuration with the cell's default style.
    open func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }
}

/// A view at a list cell's edge (kept for source compatibility; not drawn).
public struct UICellAccessory {
    enum Kind {
        case disclosureIndicator, checkmark, delete, reorder, outlineDisclosure, label(String)
    }

    let kind: Kind

    public static func disclosureIndicator() -> UICellAccessory { UICellAccessory(kind: .disclosureIndicator) }
    public static func checkmark() -> UICellAccessory { UICellAccessory(kind: .checkmark) }
    public static func delete() -> UICellAccessory { UICellAccessory(kind: .delete) }
    public static func reorder() -> UICellAccessory { UICellAccessory(kind: .reorder) }
    public static func outlineDisclosure() -> UICellAccessory { UICellAccessory(kind: .outlineDisclosure) }
    public static func label(text: String) -> UICellAccessory { UICellAccessory(kind: .label(text)) }
}
