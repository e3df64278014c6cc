/// A column of the tableau: a variable of the caller's (external), or one
/// the solver made for itself: a slack for an inequality, an error pair
/// for a constraint that may be violated, a dummy that marks a required
/// equality.
struct Symbol: Hashable, Comparable {
    enum Kind: UInt8 { case external, slack, error, dummy }

    let id: Int
    let kind: Kind

    static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id < rhs.id }
    static func == (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Symbols the simplex may move: slacks and errors (dummies are pinned
    /// at zero, externals are unrestricted).
    var isPivotable: Bool { kind == .slack || kind == .error }
}
