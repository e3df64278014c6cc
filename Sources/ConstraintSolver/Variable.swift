/// An unknown the solver finds a value for: one edge or size of a view,
/// say. Compared by identity; `value` holds the last solution read out
/// with `Solver.updateVariables()`.
public final class Variable: Hashable, CustomStringConvertible {
    public let name: String
    public internal(set) var value: Double = 0

    /// The solver's symbol for this variable, once a constraint uses it.
    var symbol: Symbol?
    /// How many constraints and edits in the solver use it; at zero the
    /// solver forgets it.
    var useCount = 0

    public init(_ name: String = "") {
        self.name = name
    }

    public static func == (lhs: Variable, rhs: Variable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String { name.isEmpty ? "v\(ObjectIdentifier(self).hashValue)" : name }
}
