import Foundation

/// A rectangle a view defines for laying out its subviews. There is no
/// Auto Layout here, so a guide offers its `layoutFrame` (in the owning
/// view's coordinates), which frame-based layout reads: a view's
/// `safeAreaLayoutGuide` is its bounds inset by `safeAreaInsets`, its
/// `layoutMarginsGuide` its bounds inset by `layoutMargins`.
open class UILayoutGuide {
    open var identifier = ""
    open weak var owningView: UIView?

    /// Where the frame comes from, for the guides views own.
    enum Kind { case plain, safeArea, layoutMargins }
    let kind: Kind

    public init() { kind = .plain }

    init(owningView: UIView, kind: Kind, identifier: String) {
        self.owningView = owningView
        self.kind = kind
        self.identifier = identifier
    }

    /// The guide's rectangle in the owning view's coordinates (zero for a
    /// plain guide, which only Auto Layout could place).
    open var layoutFrame: CGRect {
        guard let view = owningView else { return .zero }
        switch kind {
        case .plain: return .zero
        case .safeArea: return view.bounds.inset(by: view.safeAreaInsets)
        case .layoutMargins: return view.bounds.inset(by: view.layoutMargins)
        }
    }
}

extension UIView {
    /// The safe area as a guide (its `layoutFrame`).
    public var safeAreaLayoutGuide: UILayoutGuide {
        if let guide = ownedGuides.safeArea { return guide }
        let guide = UILayoutGuide(owningView: self, kind: .safeArea, identifier: "UIViewSafeAreaLayoutGuide")
        ownedGuides.safeArea = guide
        return guide
    }

    /// The layout margins as a guide (its `layoutFrame`).
    public var layoutMarginsGuide: UILayoutGuide {
        if let guide = ownedGuides.layoutMargins { return guide }
        let guide = UILayoutGuide(owningView: self, kind: .layoutMargins, identifier: "UIViewLayoutMarginsGuide")
        ownedGuides.layoutMargins = guide
        return guide
    }
}

/// The guides a view made on first use.
struct OwnedLayoutGuides {
    var safeArea: UILayoutGuide?
    var layoutMargins: UILayoutGuide?
}
