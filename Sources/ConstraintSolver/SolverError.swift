/// Why the solver refused a request. The solver is unchanged after any of them.
public enum SolverError: Error, Equatable {
    /// A required constraint that cannot hold together with the required
    /// constraints already in the solver.
    case unsatisfiable
    /// The constraint is already in the solver.
    case duplicateConstraint
    /// The constraint is not in the solver.
    case unknownConstraint
    /// The variable already has an edit, or has none.
    case duplicateEditVariable, unknownEditVariable
    /// Edits cannot be required.
    case requiredEdit
    /// A non-finite number in an expression or a suggested value.
    case nonFinite
    /// A weight of zero or less (it would reward breaking the constraint).
    case nonPositiveStrength
}
