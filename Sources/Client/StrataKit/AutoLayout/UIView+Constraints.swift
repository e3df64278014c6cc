import Foundation

/// Auto Layout on UIView: the constraints a view holds, the
/// update-constraints pass, content priorities, fitting sizes and the
/// debugging methods.
extension UIView {
    /// The constraints this view holds: those activated with it as the
    /// closest common ancestor of their items, or added with addConstraint(_:).
    public var constraints: [NSLayoutConstraint] { heldConstraints }

    /// Holds and activates a constraint. Its items must be this view or
    /// views (and guides) under it.
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.installedOn !== self else { return }
        constraint.installedOn?.removeConstraint(constraint)
        heldConstraints.append(constraint)
        constraint.attach(to: self)
        LayoutEngine.shared.enqueue(constraint)
    }

    public func addConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { addConstraint(constraint) }
    }

    /// Deactivates a constraint this view holds.
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.installedOn === self else { return }
        heldConstraints.removeAll { $0 === constraint }
        constraint.detach()
        LayoutEngine.shared.enqueue(constraint)
    }

    public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { removeConstraint(constraint) }
    }

    // MARK: The update-constraints pass

    /// Asks for updateConstraints() before the next layout.
    public func setNeedsUpdateConstraints() {
        LayoutEngine.shared.setNeedsUpdateConstraints(self)
    }

    public func needsUpdateConstraints() -> Bool { needsUpdateConstraintsFlag }

    /// Runs the update-constraints pass for this view and the views under it now.
    public func updateConstraintsIfNeeded() {
        LayoutEngine.shared.updateConstraintsPass(under: self)
    }

    // MARK: Content priorities

    /// How strongly the view resists growing past its intrinsic size on an
    /// axis: 250 (defaultLow) unless set; 750 for views of fixed size
    /// (switches, steppers, activity indicators), as UIKit's are.
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        contentPriorities.hugging[axis.rawValue] ?? (hasFixedIntrinsicSize ? .defaultHigh : .defaultLow)
    }

    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        guard contentPriorities.hugging[axis.rawValue] != priority else { return }
        contentPriorities.hugging[axis.rawValue] = priority
        intrinsicContentSizeDidChange()
    }

    /// How strongly the view resists shrinking below its intrinsic size on
    /// an axis: 750 (defaultHigh) unless set.
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        contentPriorities.compressionResistance[axis.rawValue] ?? .defaultHigh
    }

    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        guard contentPriorities.compressionResistance[axis.rawValue] != priority else { return }
        contentPriorities.compressionResistance[axis.rawValue] = priority
        intrinsicContentSizeDidChange()
    }

    private var hasFixedIntrinsicSize: Bool {
        self is UISwitch || self is UIStepper || self is UIActivityIndicatorView
    }

    // MARK: Fitting

    /// The smallest size constraints allow, as a target for systemLayoutSizeFitting(_:).
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    /// The largest size constraints allow, as a target for systemLayoutSizeFitting(_:).
    public static let layoutFittingExpandedSize = CGSize(width: 10_000, height: 10_000)

    /// Solves with the view's size pulled toward the target at the given
    /// priorities and its own autoresizing constraints set aside (so a
    /// cell's content view sizes to its content), then puts everything back.
    func fittingSize(_ target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) -> CGSize {
        // A target past any real size (greatestFiniteMagnitude, infinity) means "as large as it may be".
        func bounded(_ length: CGFloat) -> CGFloat {
            length.isFinite && length <= UIView.layoutFittingExpandedSize.width ? max(0, length) : UIView.layoutFittingExpandedSize.width
        }
        let target = CGSize(width: bounded(target.width), height: bounded(target.height))
        updateConstraintsIfNeeded()
        let engine = LayoutEngine.shared
        let item = makeLayoutItem()
        item.fittingCount += 1
        engine.markDirty(item)
        let width = NSLayoutConstraint(item: self, attribute: .width, relatedBy: .equal, toItem: nil,
                                       attribute: .notAnAttribute, multiplier: 1, constant: target.width)
        let height = NSLayoutConstraint(item: self, attribute: .height, relatedBy: .equal, toItem: nil,
                                        attribute: .notAnAttribute, multiplier: 1, constant: target.height)
        width.priority = horizontal
        height.priority = vertical
        addConstraint(width)
        addConstraint(height)
        engine.sync()
        let solved = engine.frame(of: item).size
        removeConstraint(width)
        removeConstraint(height)
        item.fittingCount -= 1
        engine.markDirty(item)
        engine.sync()
        return solved
    }

    // MARK: Debugging

    /// Whether the constraints leave the view's frame more than one answer.
    public var hasAmbiguousLayout: Bool {
        let engine = LayoutEngine.shared
        engine.sync()
        guard let item = layoutItem, item.participates else { return false }
        return engine.isAmbiguous(item)
    }

    /// Moves an ambiguously laid out view to another frame its constraints
    /// allow, to show what else they allow (until the next layout that
    /// changes it).
    public func exerciseAmbiguityInLayout() {
        guard hasAmbiguousLayout, let item = layoutItem else { return }
        setAlignmentFrame(LayoutEngine.shared.alternativeFrame(of: item))
    }

    /// The active constraints that affect the view's frame along an axis.
    public func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        guard let item = layoutItem else { return [] }
        return item.constraints.filter { constraint in
            constraint.isActive && [constraint.firstAttribute, constraint.secondAttribute].contains {
                switch $0.kind {
                case .xAxis: axis == .horizontal
                case .yAxis: axis == .vertical
                case .dimension: ($0 == .width) == (axis == .horizontal)
                case .none: false
                }
            }
        }.sorted { NSLayoutConstraint.address($0) < NSLayoutConstraint.address($1) }
    }

    // MARK: Mechanics

    func makeLayoutItem() -> LayoutItem {
        if let layoutItem { return layoutItem }
        let item = LayoutItem(view: self)
        layoutItem = item
        return item
    }

    func intrinsicContentSizeDidChange() {
        (superview as? UIStackView)?.arrangedSubviewSizeDidChange(self)
        guard let item = layoutItem, item.participates else { return }
        LayoutEngine.shared.markDirty(item)
        baselinesDidChange()
    }

    /// Baseline constraints carry the text's offsets and the path to the
    /// view that has the baseline: those that read this view (directly or
    /// through a container) are made again.
    func baselinesDidChange() {
        guard let item = layoutItem else { return }
        for constraint in item.readers
        where [constraint.firstAttribute, constraint.secondAttribute].contains(where: { $0 == .firstBaseline || $0 == .lastBaseline }) {
            LayoutEngine.shared.constraintDidChange(constraint, rebuild: true)
        }
    }

    func layoutItemDidChange() {
        guard let item = layoutItem, item.participates else { return }
        LayoutEngine.shared.markDirty(item)
    }

    /// A frame set from outside the engine: a view that translates its
    /// autoresizing mask holds its new frame.
    func frameDidChange() {
        guard translatesAutoresizingMaskIntoConstraints, let item = layoutItem, item.participates else { return }
        LayoutEngine.shared.markDirty(item)
    }

    /// The view moved: its variables are relative to a new superview.
    func superviewDidChange() {
        layoutItemDidChange()
    }

    /// UIKit: removing a view removes the constraints that refer to it or
    /// to any view under it and are held outside it.
    func removeConstraintsReachingOutside() {
        var stack: [UIView] = [self]
        while let view = stack.popLast() {
            stack.append(contentsOf: view.subviews)
            let items = [view.layoutItem] + view.ownedGuides.all.map(\.layoutItem)
            for item in items.compactMap({ $0 }) {
                for constraint in item.constraints {
                    guard let holder = constraint.installedOn, !holder.isDescendant(of: self) else { continue }
                    holder.removeConstraint(constraint)
                }
            }
        }
    }

    /// Before layoutSubviews: the frames the engine found for the subviews
    /// it places (those not translating autoresizing masks).
    func applyConstraintFrames() {
        let engine = LayoutEngine.shared
        refreshGuideConstraints()
        if engine.hasPendingChanges {
            // A view added during this layout pass has its constraints made first.
            engine.updateConstraintsPass()
            engine.sync()
        }
        for subview in subviews {
            guard let item = subview.layoutItem, item.isConstrainedView else { continue }
            subview.setAlignmentFrame(engine.frame(of: item))
        }
        (self as? UIScrollView)?.adoptContentSizeFromConstraints()
    }

    /// Sets the untransformed rect: bounds size and center, so a transform stays.
    func setAlignmentFrame(_ alignmentRect: CGRect) {
        let frame = self.frame(forAlignmentRect: alignmentRect)
        let old = untransformedFrame
        guard frame != old else { return }
        // A move alone changes what of the superview's safe area reaches in.
        if frame.origin != old.origin, ownedGuides.all.contains(where: { $0.layoutItem?.participates == true }) {
            setNeedsLayout()
        }
        if bounds.size != frame.size { bounds = CGRect(origin: bounds.origin, size: frame.size) }
        let anchor = layer.anchorPoint
        let newCenter = CGPoint(x: frame.minX + frame.width * anchor.x, y: frame.minY + frame.height * anchor.y)
        if center != newCenter { center = newCenter }
    }
}

/// Content hugging and compression resistance set on a view, by axis
/// (nil: the view's default).
struct ContentPriorities {
    var hugging: [UILayoutPriority?] = [nil, nil]
    var compressionResistance: [UILayoutPriority?] = [nil, nil]
}

/// Where a view's text baselines lie, from the top of its text block.
struct BaselineMetrics {
    var firstBaseline: CGFloat
    var lastBaseline: CGFloat
    var textHeight: CGFloat
}
