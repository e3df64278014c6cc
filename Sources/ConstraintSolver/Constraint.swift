/// How an expression relates to zero.
public enum Relation: Sendable {
    case lessThanOrEqual, equal, greaterThanOrEqual
}

/// How much a constraint matters. Required constraints hold or the solver
/// refuses them; the others are kept as well as their weights allow, the
/// solver minimising the sum of each one's error times its weight.
public struct Strength: Comparable, Sendable {
    public let weight: Double

    public init(weight: Double) {
        self.weight = weight
    }

    public static let required = Strength(weight: .infinity)
    public var isRequired: Bool { weight == .infinity }

    public static func < (lhs: Strength, rhs: Strength) -> Bool { lhs.weight < rhs.weight }
}

/// `expression relation 0`, at a strength. Compared by identity: the same
/// equation added twice is two constraints.
public final class Constraint: CustomStringConvertible {
    /// Its constant changes through `Solver.setConstant(_:of:)`.
    public internal(set) var expression: LinearExpression
    public let relation: Relation
    public let strength: Strength

    /// `lhs relation rhs`.
    public init(_ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression, strength: Strength = .required) {
        expression = lhs - rhs
        self.relation = relation
        self.strength = strength
    }

    public convenience init(_ lhs: Variable, _ relation: Relation, _ rhs: Double, strength: Strength = .required) {
        self.init(LinearExpression(lhs), relation, LinearExpression(constant: rhs), strength: strength)
    }

    public var description: String {
        let op = switch relation {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
        let level = strength.isRequired ? "" : " @\(strength.weight)"
        return "\(expression) \(op) 0\(level)"
    }
}
