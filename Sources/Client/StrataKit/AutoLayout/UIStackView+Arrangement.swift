import Foundation

/// The constraints a stack view makes for its arrangement, named as UIKit
/// names them in its logs (UISV-canvas-connection, UISV-spacing, …).
struct StackArrangement {
    var constraints: [NSLayoutConstraint] = []
    var spacers: [UILayoutGuide] = []
    var isStale = true
}

extension UIStackView {
    /// The attributes along and across the stack's axis.
    private struct Edges {
        let leading, trailing, center, length: NSLayoutConstraint.Attribute
        let crossLeading, crossTrailing, crossCenter, crossLength: NSLayoutConstraint.Attribute

        init(_ axis: NSLayoutConstraint.Axis) {
            if axis == .horizontal {
                (leading, trailing, center, length) = (.leading, .trailing, .centerX, .width)
                (crossLeading, crossTrailing, crossCenter, crossLength) = (.top, .bottom, .centerY, .height)
            } else {
                (leading, trailing, center, length) = (.top, .bottom, .centerY, .height)
                (crossLeading, crossTrailing, crossCenter, crossLength) = (.leading, .trailing, .centerX, .width)
            }
        }
    }

    func rebuildArrangement() {
        NSLayoutConstraint.deactivate(arrangement.constraints)
        for spacer in arrangement.spacers { removeLayoutGuide(spacer) }
        arrangement = StackArrangement(isStale: false)

        let edges = Edges(axis)
        let canvas: AnyObject = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        let visible = visibleArrangedSubviews
        let make = ArrangementBuilder()

        // Hidden views collapse where they stand along the axis.
        for (index, view) in arrangedSubviews.enumerated() where view.isHidden {
            make.add("UISV-hiding", view, edges.length, .equal, nil, .notAnAttribute)
            if let previous = arrangedSubviews[..<index].last(where: { !$0.isHidden }) {
                make.add("UISV-hiding", view, edges.leading, .equal, previous, edges.trailing)
            } else {
                make.add("UISV-hiding", view, edges.leading, .equal, canvas, edges.leading)
            }
            make.add("UISV-hiding", view, edges.crossLeading, .equal, canvas, edges.crossLeading)
        }

        if let first = visible.first, let last = visible.last {
            make.add("UISV-canvas-connection", first, edges.leading, .equal, canvas, edges.leading)
            make.add("UISV-canvas-connection", last, edges.trailing, .equal, canvas, edges.trailing)
            alongAxis(visible, edges, canvas, make)
            acrossAxis(visible, edges, canvas, make)
        }
        arrangement.constraints = make.constraints
        NSLayoutConstraint.activate(make.constraints)
    }

    /// Spacing and sizes along the axis, by distribution.
    private func alongAxis(_ views: [UIView], _ edges: Edges, _ canvas: AnyObject,
                           _ make: ArrangementBuilder)
    {
        let gaps = zip(views, views.dropFirst()).map { gap(after: $0.0) }
        let baselines = isBaselineRelativeArrangement && axis == .vertical
        for (index, (previous, next)) in zip(views, views.dropFirst()).enumerated() {
            let relation: NSLayoutConstraint.Relation =
                distribution == .equalSpacing || distribution == .equalCentering ? .greaterThanOrEqual : .equal
            if baselines {
                make.add("UISV-spacing", next, .firstBaseline, relation, previous, .lastBaseline, 1, gaps[index], .required)
            } else {
                make.add("UISV-spacing", next, edges.leading, relation, previous, edges.trailing, 1, gaps[index], .required)
            }
        }
        switch distribution {
        case .fill:
            break
        case .fillEqually:
            for view in views.dropFirst() {
                make.add("UISV-fill-equally", view, edges.length, .equal, views[0], edges.length)
            }
        case .fillProportionally:
            // Each view's share of the length left after spacing, in
            // proportion to its intrinsic length.
            let lengths = views.map { view -> CGFloat in
                let size = view.intrinsicContentSize
                let length = axis == .horizontal ? size.width : size.height
                return length == UIView.noIntrinsicMetric ? 0 : max(0, length)
            }
            let total = lengths.reduce(0, +)
            guard total > 0 else { break }
            let spacing = gaps.reduce(0, +)
            for (index, view) in views.enumerated() {
                let share = lengths[index] / total
                make.add("UISV-fill-proportionally", view, edges.length, .equal, canvas, edges.length, share, -share * spacing,
                     UILayoutPriority(Float(max(999 - index, 1))))
            }
        case .equalSpacing, .equalCentering:
            // Spacer guides between neighbours (edge to edge, or center to
            // center) kept the same length.
            let centering = distribution == .equalCentering
            var first: UILayoutGuide?
            for (previous, next) in zip(views, views.dropFirst()) {
                let spacer = UILayoutGuide()
                spacer.identifier = centering ? "UISV-distributing-center" : "UISV-distributing-edge"
                addLayoutGuide(spacer)
                arrangement.spacers.append(spacer)
                make.add("UISV-distributing", spacer, edges.leading, .equal, previous, centering ? edges.center : edges.trailing)
                make.add("UISV-distributing", spacer, edges.trailing, .equal, next, centering ? edges.center : edges.leading)
                make.add("UISV-distributing", spacer, edges.crossLeading, .equal, canvas, edges.crossLeading)
                make.add("UISV-distributing", spacer, edges.crossLength, .equal, nil, .notAnAttribute)
                if let first {
                    make.add("UISV-fill-equally", spacer, edges.length, .equal, first, edges.length, 1, 0,
                         centering ? UILayoutPriority(149) : .required)
                } else {
                    first = spacer
                }
            }
        }
    }

    /// Placement across the axis, by alignment.
    private func acrossAxis(_ views: [UIView], _ edges: Edges, _ canvas: AnyObject,
                            _ make: ArrangementBuilder)
    {
        var alignment = self.alignment
        if axis == .vertical, alignment == .firstBaseline || alignment == .lastBaseline { alignment = .fill }
        if alignment == .fill {
            for view in views {
                make.add("UISV-alignment", view, edges.crossLeading, .equal, canvas, edges.crossLeading)
                make.add("UISV-alignment", view, edges.crossTrailing, .equal, canvas, edges.crossTrailing)
            }
            return
        }
        for (index, view) in views.enumerated() {
            switch alignment {
            case .leading:
                make.add("UISV-alignment", view, edges.crossLeading, .equal, canvas, edges.crossLeading)
            case .trailing:
                make.add("UISV-alignment", view, edges.crossTrailing, .equal, canvas, edges.crossTrailing)
            case .center:
                make.add("UISV-alignment", view, edges.crossCenter, .equal, canvas, edges.crossCenter)
            case .firstBaseline, .lastBaseline:
                let attribute: NSLayoutConstraint.Attribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
                if index > 0 { make.add("UISV-alignment", view, attribute, .equal, views[0], attribute) }
            case .fill:
                break
            }
            // Every view stays within the stack across the axis, and the
            // stack is no thicker than its thickest view unless made so.
            make.add("UISV-spanning-boundary", view, edges.crossLeading, .greaterThanOrEqual, canvas, edges.crossLeading)
            make.add("UISV-spanning-boundary", view, edges.crossTrailing, .lessThanOrEqual, canvas, edges.crossTrailing)
            make.add("UISV-ambiguity-suppression", view, edges.crossLength, .equal, nil, .notAnAttribute, 1, 0, UILayoutPriority(25))
        }
        make.add("UISV-canvas-fit", canvas, edges.crossLength, .equal, nil, .notAnAttribute, 1, 0, UILayoutPriority(49))
    }

    /// Collects a stack's constraints, each named as UIKit names it.
    final class ArrangementBuilder {
        private(set) var constraints: [NSLayoutConstraint] = []

        func add(_ name: String, _ first: AnyObject, _ firstAttribute: NSLayoutConstraint.Attribute,
                 _ relation: NSLayoutConstraint.Relation, _ second: AnyObject?, _ secondAttribute: NSLayoutConstraint.Attribute,
                 _ multiplier: CGFloat = 1, _ constant: CGFloat = 0, _ priority: UILayoutPriority = .required)
        {
            let constraint = NSLayoutConstraint(item: first, attribute: firstAttribute, relatedBy: relation, toItem: second,
                                                attribute: second == nil ? .notAnAttribute : secondAttribute,
                                                multiplier: multiplier, constant: constant)
            constraint.priority = priority
            constraint.identifier = name
            constraints.append(constraint)
        }
    }

    /// The space after a view: its custom spacing or the stack's.
    private func gap(after view: UIView) -> CGFloat {
        let custom = customSpacing(after: view)
        if custom == UIStackView.spacingUseSystem { return NSLayoutConstraint.systemSpacing }
        if custom != UIStackView.spacingUseDefault { return custom }
        return spacing == UIStackView.spacingUseSystem ? NSLayoutConstraint.systemSpacing : spacing
    }
}
