import Foundation

/// The smallest piece of a compositional layout: one cell, of a size
/// relative to the group it is in, inset by `contentInsets` inside the
/// room it takes.
open class NSCollectionLayoutItem {
    public let layoutSize: NSCollectionLayoutSize
    /// Space inside the item's room, around its cell.
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    /// Space outside the item, before and after it along its group's axis
    /// (flexible spacing counts as its minimum).
    open var edgeSpacing: NSCollectionLayoutEdgeSpacing?
    /// Supplementary items attached to the item (badges); not laid out here.
    public let supplementaryItems: [NSCollectionLayoutSupplementaryItem]

    public init(layoutSize: NSCollectionLayoutSize) {
        self.layoutSize = layoutSize
        supplementaryItems = []
    }

    public init(layoutSize: NSCollectionLayoutSize, supplementaryItems: [NSCollectionLayoutSupplementaryItem]) {
        self.layoutSize = layoutSize
        self.supplementaryItems = supplementaryItems
    }
}

/// Space around an item, edge by edge.
public final class NSCollectionLayoutEdgeSpacing {
    public let leading: NSCollectionLayoutSpacing?
    public let top: NSCollectionLayoutSpacing?
    public let trailing: NSCollectionLayoutSpacing?
    public let bottom: NSCollectionLayoutSpacing?

    public init(leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?, trailing: NSCollectionLayoutSpacing?,
                bottom: NSCollectionLayoutSpacing?) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
    }
}

/// A supplementary view attached to an item or a section.
open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
    public let elementKind: String
    open var zIndex = 1

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: layoutSize)
    }
}

/// A view the layout puts behind a section, such as its background; its
/// class is registered with `register(_:forDecorationViewOfKind:)` on the
/// layout. The content insets shrink it inside the section.
open class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem {
    public let elementKind: String
    /// Behind the cells (−1) unless set otherwise.
    open var zIndex = -1

    init(elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    }

    /// A background covering the section.
    public static func background(elementKind: String) -> NSCollectionLayoutDecorationItem {
        NSCollectionLayoutDecorationItem(elementKind: elementKind)
    }
}

/// A header, footer or other view on a section's (or the whole layout's)
/// edge: at the top it comes before the content, at the bottom after it.
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
    public let alignment: NSRectAlignment
    public let offset: CGPoint
    /// Whether the item takes room of its own (true) or lies over the content.
    open var extendsBoundary = true
    /// Whether the item stays in view while its section shows (a sticky header).
    open var pinToVisibleBounds = false

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment, absoluteOffset: CGPoint = .zero) {
        self.alignment = alignment
        offset = absoluteOffset
        super.init(layoutSize: layoutSize, elementKind: elementKind)
    }
}

/// Items (and groups) laid out along a line, horizontally or vertically.
/// With `subitems`, the group repeats them in turn for as long as another
/// fits; with `subitem:count:`, it holds exactly `count` of them, sized to
/// share the group's length.
open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    enum Axis {
        case horizontal, vertical
    }

    let axis: Axis
    public let subitems: [NSCollectionLayoutItem]
    /// Set by the `count` forms: this many subitems, sized to fit.
    let repeatCount: Int?
    /// The space between subitems along the group's axis.
    open var interItemSpacing: NSCollectionLayoutSpacing?

    init(axis: Axis, layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem], count: Int?) {
        self.axis = axis
        self.subitems = subitems
        repeatCount = count
        super.init(layoutSize: layoutSize)
    }

    open class func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(axis: .horizontal, layoutSize: layoutSize, subitems: subitems, count: nil)
    }

    open class func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(axis: .vertical, layoutSize: layoutSize, subitems: subitems, count: nil)
    }

    open class func horizontal(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(axis: .horizontal, layoutSize: layoutSize, subitems: [subitem], count: max(1, count))
    }

    open class func vertical(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(axis: .vertical, layoutSize: layoutSize, subitems: [subitem], count: max(1, count))
    }

    /// iOS 16's spelling of the `count` forms.
    open class func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem,
                               count: Int) -> NSCollectionLayoutGroup {
        horizontal(layoutSize: layoutSize, subitem: subitem, count: count)
    }

    open class func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem,
                             count: Int) -> NSCollectionLayoutGroup {
        vertical(layoutSize: layoutSize, subitem: subitem, count: count)
    }
}

/// A section of a compositional layout: its group repeated until the
/// section's items are placed, `interGroupSpacing` apart, inside
/// `contentInsets`; with an orthogonal scrolling behaviour the groups run
/// across the layout's direction in a scroll view of their own.
open class NSCollectionLayoutSection {
    public let group: NSCollectionLayoutGroup
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    open var interGroupSpacing: CGFloat = 0
    open var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// Views behind the section (backgrounds), of classes registered with the layout.
    open var decorationItems: [NSCollectionLayoutDecorationItem] = []
    /// Set on list sections: their cells draw separators as it says.
    var listConfiguration: UICollectionLayoutListConfiguration?
    /// Whether boundary items are inset like the content (true) or span the section.
    open var supplementariesFollowContentInsets = true
    /// Kept for source compatibility; the content insets are measured from the layout's container.
    open var contentInsetsReference: UIContentInsetsReference = .automatic

    public init(group: NSCollectionLayoutGroup) {
        self.group = group
    }
}

/// What a compositional section's insets are measured from.
public enum UIContentInsetsReference: Int, Sendable {
    case automatic, none, safeArea, layoutMargins, readableContent
}
