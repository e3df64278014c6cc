import Foundation
import StrataConstraintSolver

/// A relationship between two layout attributes that Auto Layout keeps:
/// `firstItem.firstAttribute relation multiplier × secondItem.secondAttribute + constant`.
/// The items are views or layout guides. Active constraints are held by
/// the closest common ancestor of their items (its `constraints`).
open class NSLayoutConstraint: NSObject {
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case lastBaseline, firstBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0

        public static let baseline = Attribute.lastBaseline
    }

    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    public enum Axis: Int, Sendable {
        case horizontal = 0, vertical = 1
    }

    open private(set) weak var firstItem: AnyObject?
    open private(set) weak var secondItem: AnyObject?
    public let firstAttribute: Attribute
    public let secondAttribute: Attribute
    public let relation: Relation
    public let multiplier: CGFloat

    /// Changing it on an active constraint re-solves only what it reaches
    /// (the "animate a constraint's constant" idiom: change it, then call
    /// `layoutIfNeeded()` inside an animation block).
    open var constant: CGFloat {
        didSet {
            guard constant.isFinite else {
                LayoutEngine.report("NSLayoutConstraint: a constant of \(constant) is not a number Auto Layout can use; \(self) keeps \(oldValue)")
                constant = oldValue
                return
            }
            if constant != oldValue { LayoutEngine.shared.constraintDidChange(self) }
        }
    }

    open var priority: UILayoutPriority = .required {
        didSet {
            priority = UILayoutPriority(min(max(priority.rawValue, 1), 1000))
            if priority != oldValue { LayoutEngine.shared.constraintDidChange(self, rebuild: true) }
        }
    }

    open var identifier: String?
    open var shouldBeArchived = false

    /// The view that holds the constraint while it is active.
    weak var installedOn: UIView?
    /// The solver's constraint while the engine has it (LayoutEngine).
    var solverConstraint: StrataConstraintSolver.Constraint?
    /// The items the solver constraint reads (the two items and the views
    /// between them and their common ancestor), retained in the engine.
    var solverItems: [LayoutItem] = []
    /// The solver expression's constant apart from `constant` (a label's
    /// baseline offset, say): the expression's constant is this minus `constant`.
    var solverConstantBase: CGFloat = 0
    /// Priority or items changed: the solver's constraint is made again.
    var needsRebuild = false
    /// Waiting in the engine's queue.
    var isQueued = false
    /// Could not be satisfied with the required constraints around it.
    var isBroken = false
    /// The items of the two views or guides while the constraint is held
    /// (each lists it in its `constraints`).
    var heldItems: [LayoutItem] = []

    /// Held by `view`: its items list it.
    func attach(to view: UIView) {
        installedOn = view
        heldItems = [firstItem, secondItem].compactMap { $0.flatMap(LayoutItem.make(for:)) }
        for item in heldItems { item.constraints.insert(self) }
        needsRebuild = true
    }

    /// Held by nothing: its items forget it.
    func detach() {
        installedOn = nil
        for item in heldItems { item.constraints.remove(self) }
        heldItems = []
        isBroken = false
        needsRebuild = true
    }

    public init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation,
                toItem view2: Any?, attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat)
    {
        firstItem = NSLayoutConstraint.layoutItem(view1, role: "first")
        secondItem = view2.map { NSLayoutConstraint.layoutItem($0, role: "second") }
        firstAttribute = attr1
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.relation = relation
        self.multiplier = multiplier
        constant = c
        super.init()
        NSLayoutConstraint.validate(self)
    }

    /// Whether the constraint takes part in layout. Setting true adds it to
    /// the closest common ancestor of its items; false removes it.
    open var isActive: Bool {
        get { installedOn != nil }
        set {
            guard newValue != isActive else { return }
            if newValue {
                guard let ancestor = installationView() else { return }
                ancestor.addConstraint(self)
            } else {
                installedOn?.removeConstraint(self)
            }
        }
    }

    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    open class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    // MARK: Anchors

    open var firstAnchor: NSLayoutAnchor<AnyObject> {
        NSLayoutAnchor<AnyObject>(item: firstItem, attribute: firstAttribute)
    }

    open var secondAnchor: NSLayoutAnchor<AnyObject>? {
        secondItem.map { NSLayoutAnchor<AnyObject>(item: $0, attribute: secondAttribute) }
    }

    // MARK: Description

    /// As UIKit prints constraints in its logs.
    open override var description: String {
        var text = "<\(type(of: self)):\(NSLayoutConstraint.address(self))"
        if let identifier { text += " '\(identifier)'" }
        text += " \(NSLayoutConstraint.describe(firstItem)).\(firstAttribute.name)"
        text += " \(relation.symbol) "
        var right = ""
        if let secondItem {
            right = "\(NSLayoutConstraint.describe(secondItem)).\(secondAttribute.name)"
            if multiplier != 1 { right = "\(Self.number(multiplier))*\(right)" }
            if constant != 0 { right += constant > 0 ? " + \(Self.number(constant))" : " - \(Self.number(-constant))" }
        } else {
            right = Self.number(constant)
        }
        text += right
        if !priority.isRequired { text += "   (priority \(Self.number(CGFloat(priority.rawValue))))" }
        if isActive { text += "   (active)" }
        return text + ">"
    }

    static func number(_ value: CGFloat) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", Double(value))
    }

    static func address(_ object: AnyObject) -> String {
        "0x" + String(UInt(bitPattern: ObjectIdentifier(object).hashValue), radix: 16)
    }

    static func describe(_ item: AnyObject?) -> String {
        switch item {
        case let view as UIView: return "\(type(of: view)):\(address(view))"
        case let guide as UILayoutGuide:
            return "'\(guide.identifier.isEmpty ? "UILayoutGuide" : guide.identifier)'"
        default: return "nil"
        }
    }
}

extension NSLayoutConstraint.Attribute {
    var name: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .lastBaseline: "lastBaseline"
        case .firstBaseline: "firstBaseline"
        case .leftMargin: "leftMargin"
        case .rightMargin: "rightMargin"
        case .topMargin: "topMargin"
        case .bottomMargin: "bottomMargin"
        case .leadingMargin: "leadingMargin"
        case .trailingMargin: "trailingMargin"
        case .centerXWithinMargins: "centerXWithinMargins"
        case .centerYWithinMargins: "centerYWithinMargins"
        case .notAnAttribute: "notAnAttribute"
        }
    }

    /// The kind of quantity: an x position, a y position, or a length.
    enum Kind { case xAxis, yAxis, dimension, none }

    var kind: Kind {
        switch self {
        case .left, .right, .leading, .trailing, .centerX, .leftMargin, .rightMargin, .leadingMargin, .trailingMargin,
             .centerXWithinMargins:
            .xAxis
        case .top, .bottom, .centerY, .lastBaseline, .firstBaseline, .topMargin, .bottomMargin, .centerYWithinMargins:
            .yAxis
        case .width, .height: .dimension
        case .notAnAttribute: .none
        }
    }
}

extension NSLayoutConstraint.Relation {
    var symbol: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}
