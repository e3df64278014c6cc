import Foundation

/// Where and how one element of a collection view shows: a layout makes one
/// of these for each cell, supplementary view and decoration view, and the
/// collection view applies it to the view (frame, transform, alpha, z order,
/// hidden), then hands it to the view's `apply(_:)`.
///
/// `frame`, `center` and `size` are one value seen three ways, as in UIKit:
/// setting the frame sets the center and size, and the other way round.
open class UICollectionViewLayoutAttributes: NSObject, NSCopying {
    public enum Category: UInt, Sendable {
        case cell, supplementaryView, decorationView
    }

    open var center: CGPoint = .zero
    open var size: CGSize = .zero
    open var transform: CGAffineTransform = .identity
    open var alpha: CGFloat = 1
    open var zIndex: Int = 0
    open var isHidden = false
    open var indexPath = IndexPath(item: 0, section: 0)
    open private(set) var representedElementCategory: Category = .cell
    open private(set) var representedElementKind: String?

    /// Which sides of `size` the layout fixes for self-sizing (a list fixes
    /// the width and lets the height fit); the others are estimates.
    var fixedAxes: FittingAxes = [.width, .height]
    /// Whether the size is an estimate that the view should measure.
    var isEstimated = false
    /// In a list section with separators: whether this row draws one.
    var showsSeparator = false

    public required override init() {
        super.init()
    }

    public convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
    }

    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }

    public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .decorationView
        representedElementKind = decorationViewKind
    }

    open var frame: CGRect {
        get {
            CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        }
        set {
            size = newValue.size
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }

    /// The size as bounds (origin zero), as UIKit offers it.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }

    /// Subclasses that add properties override this, call super and copy
    /// theirs onto the result.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.center = center
        copy.size = size
        copy.transform = transform
        copy.alpha = alpha
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        copy.indexPath = indexPath
        copy.representedElementCategory = representedElementCategory
        copy.representedElementKind = representedElementKind
        copy.fixedAxes = fixedAxes
        copy.isEstimated = isEstimated
        copy.showsSeparator = showsSeparator
        return copy
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UICollectionViewLayoutAttributes else { return false }
        return center == other.center && size == other.size && transform == other.transform && alpha == other.alpha
            && zIndex == other.zIndex && isHidden == other.isHidden && indexPath == other.indexPath
            && representedElementCategory == other.representedElementCategory
            && representedElementKind == other.representedElementKind && showsSeparator == other.showsSeparator
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(indexPath)
        hasher.combine(representedElementCategory)
        hasher.combine(representedElementKind)
        return hasher.finalize()
    }

    open override var description: String {
        let kind = representedElementKind.map { " \($0)" } ?? ""
        return "<\(type(of: self)) \(representedElementCategory)\(kind) \(indexPath) frame \(frame)>"
    }
}

/// The sides of a size, for what self-sizing holds and what it measures.
struct FittingAxes: OptionSet {
    let rawValue: Int
    static let width = FittingAxes(rawValue: 1)
    static let height = FittingAxes(rawValue: 2)
}

extension CGRect {
    /// Whether the rects share area: rects that only touch along an edge do
    /// not (a row starting where the bounds end is not on screen).
    func overlaps(_ other: CGRect) -> Bool {
        let a = standardized, b = other.standardized
        return a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}
