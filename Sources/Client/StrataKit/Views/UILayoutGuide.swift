import Foundation
import StrataConstraintSolver

/// A rectangle in a view's coordinates that Auto Layout places like a view
/// without drawing anything: spacing between views, or a region such as
/// the safe area. A view's `safeAreaLayoutGuide` is its bounds inset by
/// `safeAreaInsets`, its `layoutMarginsGuide` by `layoutMargins`, its
/// `readableContentGuide` the margins narrowed to a readable width, and
/// its `keyboardLayoutGuide` the strip below the safe area where a
/// keyboard would be (a desktop keyboard covers none of the window).
open class UILayoutGuide {
    open var identifier = ""
    open internal(set) weak var owningView: UIView?

    /// Where the frame comes from, for the guides views own.
    enum Kind { case plain, safeArea, layoutMargins, readableContent, keyboard, scrollContent, scrollFrame }
    let kind: Kind

    /// The engine's variables for the guide, made on first use.
    var layoutItem: LayoutItem?
    /// What its generated constraints were made from (insets, an offset).
    var generatedInputs: [CGFloat]?

    public init() { kind = .plain }

    deinit {
        if let layoutItem { LayoutEngine.shared.forget(layoutItem, heldConstraints: []) }
    }

    init(owningView: UIView, kind: Kind, identifier: String) {
        self.owningView = owningView
        self.kind = kind
        self.identifier = identifier
    }

    /// The guide's rectangle in the owning view's coordinates: where the
    /// constraints put it, or for the guides a view owns, its insets.
    open var layoutFrame: CGRect {
        guard let view = owningView else { return .zero }
        if let item = layoutItem, item.participates {
            LayoutEngine.shared.sync()
            return LayoutEngine.shared.frame(of: item)
        }
        switch kind {
        case .plain: return .zero
        case .safeArea: return view.bounds.inset(by: view.safeAreaInsets)
        case .layoutMargins: return view.bounds.inset(by: view.layoutMargins)
        case .readableContent:
            let margins = view.bounds.inset(by: view.layoutMargins)
            let width = min(margins.width, UILayoutGuide.readableWidth)
            return CGRect(x: margins.midX - width / 2, y: margins.minY, width: width, height: margins.height)
        case .keyboard:
            let bounds = view.bounds
            let inset = currentInsets?.bottom ?? 0
            return CGRect(x: bounds.minX, y: bounds.maxY - inset, width: bounds.width, height: inset)
        case .scrollContent:
            return CGRect(origin: .zero, size: (view as? UIScrollView)?.contentSize ?? .zero)
        case .scrollFrame:
            return view.bounds
        }
    }

    /// UIKit's readable width at the default text size.
    static let readableWidth: CGFloat = 672

    func makeLayoutItem() -> LayoutItem {
        if let layoutItem { return layoutItem }
        let item = LayoutItem(guide: self)
        layoutItem = item
        return item
    }

    /// What the guide's generated constraints are made from, to see when they are stale.
    var currentInputs: [CGFloat]? {
        switch kind {
        case .plain, .scrollContent: return nil
        case .scrollFrame: return owningView.map { [$0.bounds.minX, $0.bounds.minY] }
        default: return currentInsets.map { [$0.top, $0.left, $0.bottom, $0.right] }
        }
    }

    /// The insets the guide's kind takes from its owning view.
    var currentInsets: UIEdgeInsets? {
        guard let view = owningView else { return nil }
        switch kind {
        case .plain, .scrollContent, .scrollFrame: return nil
        case .safeArea: return view.safeAreaInsets
        case .keyboard: return (self as? UIKeyboardLayoutGuide)?.usesBottomSafeArea == false ? .zero : view.safeAreaInsets
        case .layoutMargins, .readableContent: return view.layoutMargins
        }
    }

    /// The constraints that tie a view's own guide to the view (none for a plain guide).
    func generatedConstraints(item: LayoutItem) -> ([StrataConstraintSolver.Constraint], LayoutItem?) {
        guard let view = owningView else { return ([], nil) }
        generatedInputs = currentInputs
        switch kind {
        case .scrollContent:
            // The content starts at the content's origin; its size is what constraints make it.
            return ([Constraint(item.minX, .equal, 0), Constraint(item.minY, .equal, 0)], nil)
        case .scrollFrame:
            // The visible rect, in content coordinates: it does not scroll.
            let owner = view.makeLayoutItem()
            return ([Constraint(item.minX, .equal, Double(view.bounds.minX)), Constraint(item.minY, .equal, Double(view.bounds.minY)),
                     Constraint(LinearExpression(item.width), .equal, LinearExpression(owner.width)),
                     Constraint(LinearExpression(item.height), .equal, LinearExpression(owner.height))], owner)
        default:
            break
        }
        guard let insets = currentInsets else { return ([], nil) }
        let owner = view.makeLayoutItem()
        let width = LinearExpression(owner.width), height = LinearExpression(owner.height)
        let top = Double(insets.top), left = Double(insets.left), bottom = Double(insets.bottom), right = Double(insets.right)
        switch kind {
        case .plain, .scrollContent, .scrollFrame:
            return ([], nil)
        case .safeArea, .layoutMargins:
            return ([Constraint(item.minX, .equal, left), Constraint(item.minY, .equal, top),
                     Constraint(LinearExpression(item.width), .equal, width - (left + right)),
                     Constraint(LinearExpression(item.height), .equal, height - (top + bottom))], owner)
        case .readableContent:
            // As wide as the margins allow up to the readable width, centered in them.
            let marginsWidth = width - (left + right)
            return ([Constraint(item.minY, .equal, top),
                     Constraint(LinearExpression(item.height), .equal, height - (top + bottom)),
                     Constraint(item.width, .lessThanOrEqual, Double(UILayoutGuide.readableWidth)),
                     Constraint(LinearExpression(item.width), .lessThanOrEqual, marginsWidth),
                     Constraint(LinearExpression(item.width), .equal, marginsWidth, strength: UILayoutPriority(999).strength),
                     Constraint(LinearExpression(item.minX) + LinearExpression(item.width) * 0.5, .equal, marginsWidth * 0.5 + left)],
                    owner)
        case .keyboard:
            return ([Constraint(item.minX, .equal, 0), Constraint(LinearExpression(item.width), .equal, width),
                     Constraint(LinearExpression(item.minY), .equal, height - bottom),
                     Constraint(item.height, .equal, bottom)], owner)
        }
    }
}

extension UIView {
    /// The safe area as a guide.
    public var safeAreaLayoutGuide: UILayoutGuide { ownedGuide(.safeArea, "UIViewSafeAreaLayoutGuide", \.safeArea) }

    /// The layout margins as a guide.
    public var layoutMarginsGuide: UILayoutGuide { ownedGuide(.layoutMargins, "UIViewLayoutMarginsGuide", \.layoutMargins) }

    /// The margins narrowed to a comfortable line length (672 points) and centered.
    public var readableContentGuide: UILayoutGuide {
        ownedGuide(.readableContent, "UIViewReadableContentGuide", \.readableContent)
    }

    /// Where an on-screen keyboard would be: with none shown, as on a
    /// desktop, its top is the safe area's bottom and its height the
    /// bottom safe area inset, as UIKit documents for an offscreen keyboard.
    public var keyboardLayoutGuide: UIKeyboardLayoutGuide {
        if let guide = ownedGuides.keyboard as? UIKeyboardLayoutGuide { return guide }
        let guide = UIKeyboardLayoutGuide(owningView: self, kind: .keyboard, identifier: "UIViewKeyboardLayoutGuide")
        ownedGuides.keyboard = guide
        return guide
    }

    func ownedGuide(_ kind: UILayoutGuide.Kind, _ identifier: String,
                            _ slot: WritableKeyPath<OwnedLayoutGuides, UILayoutGuide?>) -> UILayoutGuide
    {
        if let guide = ownedGuides[keyPath: slot] { return guide }
        let guide = UILayoutGuide(owningView: self, kind: kind, identifier: identifier)
        ownedGuides[keyPath: slot] = guide
        return guide
    }

    /// The guides added with addLayoutGuide(_:).
    public var layoutGuides: [UILayoutGuide] { ownedGuides.added }

    public func addLayoutGuide(_ layoutGuide: UILayoutGuide) {
        guard layoutGuide.owningView !== self else { return }
        layoutGuide.owningView?.removeLayoutGuide(layoutGuide)
        layoutGuide.owningView = self
        ownedGuides.added.append(layoutGuide)
    }

    public func removeLayoutGuide(_ layoutGuide: UILayoutGuide) {
        guard layoutGuide.owningView === self else { return }
        if let item = layoutGuide.layoutItem {
            for constraint in item.constraints { constraint.isActive = false }
        }
        ownedGuides.added.removeAll { $0 === layoutGuide }
        layoutGuide.owningView = nil
    }

    /// A view's guides whose insets changed since their constraints were
    /// made are made again (run before the view's layout).
    func refreshGuideConstraints() {
        for guide in ownedGuides.all where guide.kind != .plain {
            guard let item = guide.layoutItem, item.participates, guide.generatedInputs != guide.currentInputs else { continue }
            LayoutEngine.shared.markDirty(item)
        }
    }
}

/// The guides a view owns.
struct OwnedLayoutGuides {
    var safeArea: UILayoutGuide?
    var layoutMargins: UILayoutGuide?
    var readableContent: UILayoutGuide?
    var keyboard: UILayoutGuide?
    var scrollContent: UILayoutGuide?
    var scrollFrame: UILayoutGuide?
    var added: [UILayoutGuide] = []

    var all: [UILayoutGuide] {
        [safeArea, layoutMargins, readableContent, keyboard, scrollContent, scrollFrame].compactMap { $0 } + added
    }
}

/// The guide for where the keyboard is. A desktop has no on-screen
/// keyboard, so it is always the offscreen keyboard of UIKit's
/// documentation: its top at the safe area's bottom (the view's bottom
/// with `usesBottomSafeArea` false), its height what lies below.
open class UIKeyboardLayoutGuide: UILayoutGuide {
    /// Whether an undocked keyboard moves the guide (none does here).
    open var followsUndockedKeyboard = false

    /// Whether the offscreen keyboard's guide stops at the safe area.
    open var usesBottomSafeArea = true {
        didSet { if usesBottomSafeArea != oldValue, let layoutItem { LayoutEngine.shared.markDirty(layoutItem) } }
    }
}
