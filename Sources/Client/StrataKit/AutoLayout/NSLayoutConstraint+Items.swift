import Foundation

/// What UIKit checks of a constraint's items and attributes when it is
/// made, and where an active constraint is held.
extension NSLayoutConstraint {
    static func layoutItem(_ item: Any, role: String) -> AnyObject {
        guard let object = item as AnyObject?, object is UIView || object is UILayoutGuide else {
            preconditionFailure("NSLayoutConstraint: the \(role) item \(item) is not a UIView or a UILayoutGuide")
        }
        return object
    }

    /// UIKit refuses these combinations when the constraint is made.
    static func validate(_ constraint: NSLayoutConstraint) {
        let first = constraint.firstAttribute, second = constraint.secondAttribute
        precondition(first != .notAnAttribute, "NSLayoutConstraint: the first attribute cannot be notAnAttribute")
        precondition(constraint.multiplier.isFinite && constraint.constant.isFinite,
                     "NSLayoutConstraint: the multiplier and constant must be finite")
        if constraint.secondItem == nil || second == .notAnAttribute {
            precondition(first.kind == .dimension,
                         "NSLayoutConstraint: a constraint with no second item must constrain a width or height; a location cannot equal a constant")
            return
        }
        precondition(first.kind == second.kind,
                     "NSLayoutConstraint: \(first.name) and \(second.name) are of different kinds; an x position, a y position and a length are not comparable")
        precondition(constraint.multiplier != 0 || first.kind == .dimension,
                     "NSLayoutConstraint: a multiplier of 0 makes a location equal a constant, which is not a valid constraint")
        let directional: Set<NSLayoutConstraint.Attribute> = [.leading, .trailing, .leadingMargin, .trailingMargin]
        let absolute: Set<NSLayoutConstraint.Attribute> = [.left, .right, .leftMargin, .rightMargin]
        precondition(!(directional.contains(first) && absolute.contains(second)) && !(absolute.contains(first) && directional.contains(second)),
                     "NSLayoutConstraint: a constraint cannot be made between a leading/trailing attribute and a right/left attribute")
    }

    /// The view that holds the constraint: the closest common ancestor of
    /// its items (a guide counts as its owning view), or the first item's
    /// view when there is no second. Nil, with UIKit's message, when the
    /// items are in different view hierarchies.
    func installationView() -> UIView? {
        guard let first = firstItem.flatMap(LayoutItem.containerView(of:)) else {
            LayoutEngine.report("Unable to activate constraint \(self): its first item is gone or is a guide no view owns.")
            return nil
        }
        guard let secondObject = secondItem else { return first }
        guard let second = LayoutItem.containerView(of: secondObject), let ancestor = first.closestCommonAncestor(with: second) else {
            LayoutEngine.report("Unable to activate constraint with anchors \(firstAnchor) and \(secondAnchor.map { "\($0)" } ?? "nil") because they have no common ancestor.  Does the constraint or its anchors reference items in different view hierarchies?  That's illegal.")
            return nil
        }
        return ancestor
    }
}

extension UIView {
    /// The deepest view that is this view or one of its ancestors and also
    /// `other` or one of its ancestors.
    func closestCommonAncestor(with other: UIView) -> UIView? {
        var mine = Set<ObjectIdentifier>()
        var view: UIView? = self
        while let current = view {
            mine.insert(ObjectIdentifier(current))
            view = current.superview
        }
        view = other
        while let current = view {
            if mine.contains(ObjectIdentifier(current)) { return current }
            view = current.superview
        }
        return nil
    }
}
