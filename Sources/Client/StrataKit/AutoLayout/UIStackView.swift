import Foundation

/// UIKit's stack view: lays out its arranged subviews in a row or a column
/// with constraints it makes itself (in its updateConstraints, as UIKit
/// does), so a stack sizes itself from its content and nests in other
/// constraint layouts. It draws nothing of its own beyond a background.
open class UIStackView: UIView {
    /// How the arranged views share the stack's length along its axis.
    public enum Distribution: Int, Sendable {
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    /// How the arranged views sit across the stack's axis.
    public enum Alignment: Int, Sendable {
        case fill, leading, firstBaseline, center, trailing, lastBaseline

        public static let top = Alignment.leading
        public static let bottom = Alignment.trailing
    }

    /// For setCustomSpacing(_:after:): use the stack's `spacing`.
    public static let spacingUseDefault = CGFloat(Float.greatestFiniteMagnitude)
    /// For setCustomSpacing(_:after:): use the system's standard spacing.
    public static let spacingUseSystem = CGFloat(-Float.greatestFiniteMagnitude)

    public private(set) var arrangedSubviews: [UIView] = []

    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { arrangementDidChange(oldValue != axis) } }
    open var distribution: Distribution = .fill { didSet { arrangementDidChange(oldValue != distribution) } }
    open var alignment: Alignment = .fill { didSet { arrangementDidChange(oldValue != alignment) } }
    open var spacing: CGFloat = 0 { didSet { arrangementDidChange(oldValue != spacing) } }
    /// Vertical stacks: spacing is measured from one view's last baseline to the next one's first.
    open var isBaselineRelativeArrangement = false {
        didSet { arrangementDidChange(oldValue != isBaselineRelativeArrangement) }
    }
    /// Lays out within the stack's layout margins instead of its bounds.
    open var isLayoutMarginsRelativeArrangement = false {
        didSet { arrangementDidChange(oldValue != isLayoutMarginsRelativeArrangement) }
    }

    /// Spacing set after particular views (setCustomSpacing(_:after:)).
    var customSpacings: [ObjectIdentifier: CGFloat] = [:]
    /// The constraints and spacer guides the stack made for its arrangement.
    var arrangement = StackArrangement()

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// Adds the view to the end of the arrangement, and as a subview if it
    /// is not one; the stack places it, so its autoresizing mask is no
    /// longer turned into constraints.
    open func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        precondition(stackIndex >= 0 && stackIndex <= arrangedSubviews.count,
                     "UIStackView: index \(stackIndex) is past the \(arrangedSubviews.count) arranged subviews")
        if let existing = arrangedSubviews.firstIndex(where: { $0 === view }) {
            arrangedSubviews.remove(at: existing)
            arrangedSubviews.insert(view, at: min(stackIndex, arrangedSubviews.count))
        } else {
            arrangedSubviews.insert(view, at: stackIndex)
        }
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        arrangementDidChange(true)
    }

    /// Takes the view out of the arrangement; it stays a subview (UIKit:
    /// remove it from the superview too if it should go).
    open func removeArrangedSubview(_ view: UIView) {
        guard let index = arrangedSubviews.firstIndex(where: { $0 === view }) else { return }
        arrangedSubviews.remove(at: index)
        customSpacings[ObjectIdentifier(view)] = nil
        arrangementDidChange(true)
    }

    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing == UIStackView.spacingUseDefault ? nil : spacing
        arrangementDidChange(true)
    }

    /// The spacing after the view: its custom spacing, or `spacingUseDefault`.
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? UIStackView.spacingUseDefault
    }

    /// A subview removed from the stack leaves the arrangement too.
    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        removeArrangedSubview(subview)
    }

    open override func updateConstraints() {
        if arrangement.isStale { rebuildArrangement() }
        super.updateConstraints()
    }

    /// The first arranged view's baseline view (a column's top one).
    open override var forFirstBaselineLayout: UIView {
        visibleArrangedSubviews.first?.forFirstBaselineLayout ?? self
    }

    /// A row's first arranged view's, a column's bottom one's.
    open override var forLastBaselineLayout: UIView {
        let views = visibleArrangedSubviews
        return (axis == .horizontal ? views.first : views.last)?.forLastBaselineLayout ?? self
    }

    func arrangementDidChange(_ changed: Bool) {
        guard changed else { return }
        arrangement.isStale = true
        setNeedsUpdateConstraints()
        // The first or last visible view, whose baseline is the stack's, may be another now.
        baselinesDidChange()
    }

    /// An arranged view was hidden or shown: the arrangement closes or
    /// opens its place (animated inside an animation block by the layout
    /// that follows, as UIKit does).
    func arrangedSubviewVisibilityDidChange(_ view: UIView) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangementDidChange(true)
        // Inside an animation block the stack lays out at once, so the
        // collapse (or the opening) is animated, as UIKit's stack views do.
        if !ViewAnimationContext.stack.isEmpty {
            updateConstraintsIfNeeded()
            (superview ?? self).layoutIfNeeded()
        }
    }

    func arrangedSubviewSizeDidChange(_ view: UIView) {
        guard distribution == .fillProportionally, arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangementDidChange(true)
    }

    var visibleArrangedSubviews: [UIView] { arrangedSubviews.filter { !$0.isHidden } }
}
