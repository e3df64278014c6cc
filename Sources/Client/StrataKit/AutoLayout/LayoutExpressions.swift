import Foundation
import StrataConstraintSolver

/// An NSLayoutConstraint as a solver constraint. Each attribute becomes a
/// linear expression in the coordinates of the items' closest common
/// ancestor: an item's position there is the sum of its own and its
/// containers' positions up to that ancestor, so constraints between views
/// in different superviews work, and each view's variables stay relative
/// to its superview (what a view's frame is).
enum LayoutExpressions {
    static func solverConstraint(for constraint: NSLayoutConstraint) -> (StrataConstraintSolver.Constraint, [LayoutItem])? {
        guard let first = constraint.firstItem, let ancestor = constraint.installedOn else { return nil }
        var items: [LayoutItem] = []
        guard let lhs = expression(first, constraint.firstAttribute, in: ancestor, items: &items) else { return nil }
        var rhs = LinearExpression()
        if let second = constraint.secondItem, constraint.secondAttribute != .notAnAttribute {
            guard let value = expression(second, constraint.secondAttribute, in: ancestor, items: &items) else { return nil }
            rhs = value * Double(constraint.multiplier)
        }
        let relation: Relation = switch constraint.relation {
        case .lessThanOrEqual: .lessThanOrEqual
        case .equal: .equal
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        // lhs − rhs − constant ⋚ 0; the part of its constant that is not
        // `constant` is kept so a new constant is a shift.
        constraint.solverConstantBase = CGFloat(lhs.constant - rhs.constant)
        let solverConstraint = StrataConstraintSolver.Constraint(lhs, relation, rhs + Double(constraint.constant),
                                                                 strength: constraint.priority.strength)
        var unique: [ObjectIdentifier: LayoutItem] = [:]
        for item in items { unique[ObjectIdentifier(item)] = item }
        return (solverConstraint, Array(unique.values))
    }

    /// The attribute of `object` in `ancestor`'s coordinates; the items it reads are appended.
    static func expression(_ object: AnyObject, _ attribute: NSLayoutConstraint.Attribute, in ancestor: UIView,
                           items: inout [LayoutItem]) -> LinearExpression?
    {
        if let view = object as? UIView, let guideAttribute = attribute.withinMargins {
            // Margin attributes are the margins guide's edges.
            return expression(view.layoutMarginsGuide, guideAttribute, in: ancestor, items: &items)
        }
        guard let item = LayoutItem.make(for: object) else { return nil }
        switch attribute {
        case .width:
            items.append(item)
            return LinearExpression(item.width)
        case .height:
            items.append(item)
            return LinearExpression(item.height)
        case .left, .leading, .right, .trailing, .centerX:
            guard let x = position(of: object, axis: .horizontal, in: ancestor, items: &items) else { return nil }
            switch attribute {
            case .left, .leading: return x
            case .right, .trailing:
                items.append(item)
                return x + item.width
            default:
                items.append(item)
                return x + LinearExpression(item.width) * 0.5
            }
        case .top, .bottom, .centerY:
            guard let y = position(of: object, axis: .vertical, in: ancestor, items: &items) else { return nil }
            switch attribute {
            case .top: return y
            case .bottom:
                items.append(item)
                return y + item.height
            default:
                items.append(item)
                return y + LinearExpression(item.height) * 0.5
            }
        case .firstBaseline, .lastBaseline:
            return baseline(of: object, first: attribute == .firstBaseline, in: ancestor, items: &items)
        default:
            return nil
        }
    }

    /// The item's top-left along one axis in the ancestor's coordinates:
    /// its own offset plus each container's, up to the ancestor.
    private static func position(of object: AnyObject, axis: NSLayoutConstraint.Axis, in ancestor: UIView,
                                 items: inout [LayoutItem]) -> LinearExpression?
    {
        var sum = LinearExpression()
        var current: AnyObject = object
        while current !== ancestor {
            guard let item = LayoutItem.make(for: current), let container = LayoutItem.container(of: current) else { return nil }
            items.append(item)
            sum = sum + (axis == .horizontal ? item.minX : item.minY)
            current = container
        }
        return sum
    }

    /// A view's first or last baseline: that of the view it names for
    /// baseline layout, if it has text (a label's lines, centered in its
    /// height); otherwise, as UIKit documents, its top for the first and
    /// its bottom for the last.
    private static func baseline(of object: AnyObject, first: Bool, in ancestor: UIView, items: inout [LayoutItem]) -> LinearExpression? {
        guard let view = object as? UIView else {
            return expression(object, first ? .top : .bottom, in: ancestor, items: &items)
        }
        var source = first ? view.forFirstBaselineLayout : view.forLastBaselineLayout
        if !source.isDescendant(of: view) { source = view }
        guard let top = position(of: source, axis: .vertical, in: ancestor, items: &items) else { return nil }
        let item = source.makeLayoutItem()
        items.append(item)
        guard let metrics = source.baselineMetrics else {
            return first ? top : top + item.height
        }
        // The text block is centered: baseline = top + (height − textHeight) / 2 + offset.
        let offset = first ? metrics.firstBaseline : metrics.lastBaseline
        return top + LinearExpression(item.height) * 0.5 + Double(offset - metrics.textHeight / 2)
    }
}

extension NSLayoutConstraint.Attribute {
    /// For a margin attribute: the edge of the margins guide it names.
    var withinMargins: NSLayoutConstraint.Attribute? {
        switch self {
        case .leftMargin: .left
        case .rightMargin: .right
        case .topMargin: .top
        case .bottomMargin: .bottom
        case .leadingMargin: .leading
        case .trailingMargin: .trailing
        case .centerXWithinMargins: .centerX
        case .centerYWithinMargins: .centerY
        default: nil
        }
    }
}
