import Foundation
import StrataConstraintSolver

/// The layout engine's side of a view or a layout guide: four variables,
/// its alignment rect in its container's coordinates (a view's superview,
/// a guide's owning view, with the container's top-left at zero whatever
/// its bounds origin, so a scroll view's content is laid out in content
/// coordinates).
final class LayoutItem {
    private(set) weak var view: UIView?
    private(set) weak var guide: UILayoutGuide?
    let minX, minY, width, height: Variable

    /// Solver constraints that read the item, apart from its own generated
    /// ones: while there are any, the item takes part in layout.
    var users = 0
    /// systemLayoutSizeFitting(_:) takes part for a moment, as if the view
    /// were not translating its autoresizing mask.
    var fittingCount = 0
    /// What the item says of itself: its autoresizing mask, its intrinsic
    /// size, a guide's insets.
    var generated: [StrataConstraintSolver.Constraint] = []
    /// The container whose size the generated constraints read (retained).
    var generatedContainer: LayoutItem?
    var isDirty = false
    /// The active constraints held with this item as one of their two items.
    var constraints = Set<NSLayoutConstraint>()
    /// The constraints whose solver expressions read the item's variables
    /// (their items, the views between them and their ancestor, a
    /// container's baseline view).
    var readers = Set<NSLayoutConstraint>()

    init(view: UIView) {
        self.view = view
        let name = "\(type(of: view)):\(NSLayoutConstraint.address(view))"
        (minX, minY, width, height) = LayoutItem.variables(name)
    }

    init(guide: UILayoutGuide) {
        self.guide = guide
        (minX, minY, width, height) = LayoutItem.variables("'\(guide.identifier)'")
    }

    private static func variables(_ name: String) -> (Variable, Variable, Variable, Variable) {
        (Variable(name + ".minX"), Variable(name + ".minY"), Variable(name + ".width"), Variable(name + ".height"))
    }

    var participates: Bool { users > 0 || fittingCount > 0 }

    var variables: [Variable] { [minX, minY, width, height] }

    /// The view whose coordinates the variables are in.
    var container: UIView? { view?.superview ?? guide?.owningView }

    var object: AnyObject? { view ?? guide }

    /// A view whose frame the engine sets: it takes part and does not
    /// translate its autoresizing mask.
    var isConstrainedView: Bool {
        guard let view else { return false }
        return participates && !view.translatesAutoresizingMaskIntoConstraints
    }

    /// The item of a view or guide, made on first use.
    static func make(for object: AnyObject) -> LayoutItem? {
        switch object {
        case let view as UIView: view.makeLayoutItem()
        case let guide as UILayoutGuide: guide.makeLayoutItem()
        default: nil
        }
    }

    /// The view whose coordinates an item's variables are in.
    static func container(of object: AnyObject) -> UIView? {
        switch object {
        case let view as UIView: view.superview
        case let guide as UILayoutGuide: guide.owningView
        default: nil
        }
    }

    /// The view an item stands in: a view itself, a guide's owning view.
    static func containerView(of object: AnyObject) -> UIView? {
        switch object {
        case let view as UIView: view
        case let guide as UILayoutGuide: guide.owningView
        default: nil
        }
    }

    /// The item's edges as the solver has them.
    func solvedFrame(_ solver: Solver) -> CGRect {
        CGRect(x: solver.value(of: minX), y: solver.value(of: minY),
               width: solver.value(of: width), height: solver.value(of: height))
    }
}

// MARK: What an item says of itself

extension LayoutItem {
    /// The constraints the item generates, and the container item they read.
    func makeGeneratedConstraints() -> ([StrataConstraintSolver.Constraint], LayoutItem?) {
        if let view {
            if view.translatesAutoresizingMaskIntoConstraints && fittingCount == 0 {
                return autoresizingConstraints(of: view)
            }
            return (intrinsicSizeConstraints(of: view), nil)
        }
        return guide?.generatedConstraints(item: self) ?? ([], nil)
    }

    /// UIKit's NSAutoresizingMaskLayoutConstraints: the frame as it is, and
    /// along each axis the flexible parts share a change of the
    /// container's size in proportion to their lengths, as autoresizing does.
    private func autoresizingConstraints(of view: UIView) -> ([StrataConstraintSolver.Constraint], LayoutItem?) {
        let frame = view.alignmentFrame
        guard let superview = view.superview else {
            return ([Constraint(minX, .equal, Double(frame.minX)), Constraint(minY, .equal, Double(frame.minY)),
                     Constraint(width, .equal, Double(frame.width)), Constraint(height, .equal, Double(frame.height))], nil)
        }
        let mask = view.autoresizingMask
        let containerSize = superview.bounds.size
        let horizontal = AxisShares(before: frame.minX, length: frame.width, after: containerSize.width - frame.maxX,
                                    flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
                                               mask.contains(.flexibleRightMargin)))
        let vertical = AxisShares(before: frame.minY, length: frame.height, after: containerSize.height - frame.maxY,
                                  flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
                                             mask.contains(.flexibleBottomMargin)))
        let readsContainer = horizontal.readsContainer || vertical.readsContainer
        let container = readsContainer ? superview.makeLayoutItem() : nil
        func constraint(_ variable: Variable, _ value: CGFloat, _ share: Double, _ containerLength: Variable?, _ oldLength: CGFloat)
            -> StrataConstraintSolver.Constraint
        {
            guard share != 0, let containerLength else { return Constraint(variable, .equal, Double(value)) }
            // value + share × (length − oldLength)
            return Constraint(LinearExpression(variable), .equal,
                              LinearExpression(containerLength) * share + Double(value - CGFloat(share) * oldLength))
        }
        return ([constraint(minX, frame.minX, horizontal.beforeShare, container?.width, containerSize.width),
                 constraint(width, frame.width, horizontal.lengthShare, container?.width, containerSize.width),
                 constraint(minY, frame.minY, vertical.beforeShare, container?.height, containerSize.height),
                 constraint(height, frame.height, vertical.lengthShare, container?.height, containerSize.height)],
                container)
    }

    /// NSContentSizeLayoutConstraints: in each dimension with an intrinsic
    /// length, no longer than it at the hugging priority and no shorter at
    /// the compression resistance priority.
    private func intrinsicSizeConstraints(of view: UIView) -> [StrataConstraintSolver.Constraint] {
        view.intrinsicContentSizeWillBeRead()
        let size = view.intrinsicContentSize
        var constraints: [StrataConstraintSolver.Constraint] = []
        for (axis, length, variable) in [(NSLayoutConstraint.Axis.horizontal, size.width, width), (.vertical, size.height, height)]
        where length != UIView.noIntrinsicMetric && length.isFinite && length >= 0 {
            constraints.append(Constraint(variable, .lessThanOrEqual, Double(length),
                                          strength: view.contentHuggingPriority(for: axis).strength))
            constraints.append(Constraint(variable, .greaterThanOrEqual, Double(length),
                                          strength: view.contentCompressionResistancePriority(for: axis).strength))
        }
        return constraints
    }
}

/// How a change of a container's length is shared along one axis.
struct AxisShares {
    let beforeShare: Double
    let lengthShare: Double

    init(before: CGFloat, length: CGFloat, after: CGFloat, flexible: (before: Bool, length: Bool, after: Bool)) {
        let parts = [(flexible.before, before), (flexible.length, length), (flexible.after, after)].filter(\.0)
        let total = parts.reduce(CGFloat(0)) { $0 + $1.1 }
        func share(_ isFlexible: Bool, _ value: CGFloat) -> Double {
            guard isFlexible else { return 0 }
            return total == 0 ? 1 / Double(parts.count) : Double(value / total)
        }
        beforeShare = share(flexible.before, before)
        lengthShare = share(flexible.length, length)
    }

    var readsContainer: Bool { beforeShare != 0 || lengthShare != 0 }
}

extension UILayoutPriority {
    /// Each 50 points of priority doubles a constraint's weight, so a higher
    /// priority outweighs many errors of a lower one (required is a hard
    /// constraint, not a weight).
    var strength: Strength {
        isRequired ? .required : Strength(weight: pow(2, Double(max(rawValue, 1)) / 50))
    }
}
