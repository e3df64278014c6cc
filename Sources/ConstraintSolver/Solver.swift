/// An incremental Cassowary solver (Badros, Borning and Stuckey, 2001): a
/// dual simplex over a tableau kept between calls, so adding or removing a
/// constraint, or changing one constant, costs the pivots it causes rather
/// than a solve from scratch.
///
/// The tableau keeps, beside each row, a column index (which rows hold a
/// symbol), so that substituting a symbol touches only the rows that hold
/// it: systems from view hierarchies are sparse, and a change near one
/// view leaves the rows of the others alone.
///
/// Every choice between symbols is made by id, so the same system gives
/// the same solution on every run.
public final class Solver {
    struct Entry {
        let constraint: Constraint
        /// The symbol that marks the constraint's row, and the coefficient
        /// it entered that row with; the second error symbol of a
        /// non-required equation.
        let marker: Symbol
        let markerCoefficient: Double
        let other: Symbol?
        /// When it was added: a rebuild adds again in this order.
        let order: Int
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    /// Basic symbol → its row.
    private var rows = SymbolTable<Row>()
    /// Symbol → the basic symbols of the rows that hold it.
    private var columns = ColumnIndex()
    /// What the simplex minimises: each error symbol times its weight.
    private var objective = Objective()
    /// Phase one of adding a constraint that has no easy subject.
    private var artificial: Row?
    private var infeasibleRows: [Symbol] = []
    private var variables: [Symbol: Variable] = [:]
    private var edits: [Variable: Constraint] = [:]
    private var nextSymbolID = 0
    /// What changed since `takeChangedVariables()` was last called.
    private var changedSymbols: [Symbol] = []
    private var everythingChanged = false
    /// Basic dummies: the rows of redundant required equations.
    private var dummyBasics: Set<Symbol> = []
    private var isRebuilding = false
    private var nextOrder = 0

    public init() {}

    public var constraintCount: Int { entries.count }

    /// The constraints in the solver, in the order they were added.
    public var constraints: [Constraint] { entries.values.sorted { $0.order < $1.order }.map(\.constraint) }

    public func contains(_ constraint: Constraint) -> Bool {
        entries[ObjectIdentifier(constraint)] != nil
    }

    // MARK: Constraints

    /// Adds a constraint. A required one that conflicts with the required
    /// constraints already here throws `.unsatisfiable` and changes nothing.
    public func add(_ constraint: Constraint) throws(SolverError) {
        guard entries[ObjectIdentifier(constraint)] == nil else { throw .duplicateConstraint }
        guard constraint.expression.isFinite, !constraint.strength.weight.isNaN else { throw .nonFinite }
        guard constraint.strength.weight > 0 else { throw .nonPositiveStrength }
        let (row, entry) = makeRow(for: constraint)
        retainVariables(of: constraint)
        var subject = chooseSubject(row, entry)
        if subject == nil, row.hasOnlyDummies {
            // A required equation over dummies alone is redundant if it holds.
            guard abs(row.constant) < Row.epsilon else {
                releaseVariables(of: constraint)
                throw .unsatisfiable
            }
            subject = entry.marker
        }
        if let subject {
            row.solve(for: subject)
            substitute(subject, with: row)
            insertRow(row, basic: subject)
        } else if !addWithArtificialVariable(row) {
            // Phase one pivoted the tableau around a system with no
            // solution; the required constraints already here are whole,
            // so the tableau is built again from them.
            releaseVariables(of: constraint)
            rebuildUnlessRebuilding()
            throw .unsatisfiable
        }
        entries[ObjectIdentifier(constraint)] = entry
        do { try optimize() } catch { rebuildUnlessRebuilding() }
        infeasibleRows.removeAll()
    }

    public func remove(_ constraint: Constraint) throws(SolverError) {
        guard let entry = entries.removeValue(forKey: ObjectIdentifier(constraint)) else { throw .unknownConstraint }
        removeErrorWeights(of: entry)
        let marker = entry.marker
        if let row = rows[marker] {
            // The marker is basic: its row is the constraint, and goes.
            deleteRow(row, basic: marker)
        } else if let leaving = markerLeavingRow(marker) {
            // Pivot the marker into the basis, then drop its row.
            let row = takeRow(leaving)
            row.solve(for: marker, replacing: leaving)
            substitute(marker, with: row)
        } else {
            // No row to pivot on (not seen in practice): build again
            // without it, which also counts the variables' uses anew.
            rebuildUnlessRebuilding()
            return
        }
        releaseVariables(of: constraint)
        do { try optimize() } catch { rebuildUnlessRebuilding() }
        infeasibleRows.removeAll()
        if !redundantEquationsHold { rebuildUnlessRebuilding() }
    }

    /// Changes the constant of a constraint in the solver, in place: the
    /// marker's column takes the shift, and the dual simplex mends what
    /// became infeasible. Throws `.unsatisfiable` (keeping the old
    /// constant) when a required constraint cannot hold with it.
    public func setConstant(_ constant: Double, of constraint: Constraint) throws(SolverError) {
        guard let entry = entries[ObjectIdentifier(constraint)] else { throw .unknownConstraint }
        guard constant.isFinite else { throw .nonFinite }
        let old = constraint.expression.constant
        let delta = constant - old
        guard delta != 0 else { return }
        infeasibleRows.removeAll()
        constraint.expression.constant = constant
        if entry.marker.kind == .dummy, rows[entry.marker] != nil {
            // A redundant required equation: its row says only that the
            // dummy is zero, which a shift would silently break.
            try replace(constraint, previousConstant: old)
            return
        }
        // The row `E + Δ + μ·m = 0` is `E + μ·(m + Δ/μ) = 0`: the old
        // system with the marker shifted by Δ/μ.
        let shift = delta / entry.markerCoefficient
        if let row = rows[entry.marker] {
            row.constant -= shift
            if entry.marker.kind != .external, row.constant < 0 { infeasibleRows.append(entry.marker) }
        } else {
            for basic in columns[entry.marker] {
                let row = rows[basic]!
                row.constant += row.coefficient(for: entry.marker) * shift
                noteChanged(basic)
                if basic.kind != .external, row.constant < 0 { infeasibleRows.append(basic) }
            }
        }
        do {
            try dualOptimize()
            // A redundant required equation is a row of its dummy, which
            // must stay zero; the dual simplex never moves a dummy.
            guard redundantEquationsHold else { throw SolverError.unsatisfiable }
        } catch {
            constraint.expression.constant = old
            rebuildUnlessRebuilding()
            throw .unsatisfiable
        }
    }

    private var redundantEquationsHold: Bool {
        dummyBasics.allSatisfy { abs(rows[$0]!.constant) < Row.epsilon }
    }

    private func replace(_ constraint: Constraint, previousConstant: Double) throws(SolverError) {
        try remove(constraint)
        do {
            try add(constraint)
        } catch {
            constraint.expression.constant = previousConstant
            try? add(constraint)
            throw error
        }
    }

    // MARK: Edit variables

    /// Lets `suggestValue(_:for:)` pull the variable toward values, as
    /// strongly as `strength` (which cannot be required).
    public func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        guard edits[variable] == nil else { throw .duplicateEditVariable }
        guard !strength.isRequired else { throw .requiredEdit }
        let constraint = Constraint(LinearExpression(variable), .equal, LinearExpression(constant: variable.value), strength: strength)
        try add(constraint)
        edits[variable] = constraint
    }

    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let constraint = edits.removeValue(forKey: variable) else { throw .unknownEditVariable }
        try remove(constraint)
    }

    public func hasEditVariable(_ variable: Variable) -> Bool { edits[variable] != nil }

    public func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        guard let constraint = edits[variable] else { throw .unknownEditVariable }
        // The edit is `variable - value == 0`.
        try setConstant(-value, of: constraint)
    }

    // MARK: Reading the solution

    /// The variable's value in the current solution.
    public func value(of variable: Variable) -> Double {
        guard let symbol = variable.symbol, variables[symbol] === variable else { return variable.value }
        return rows[symbol]?.constant ?? 0
    }

    /// Copies the solution into every variable's `value`.
    public func updateVariables() {
        for (symbol, variable) in variables {
            variable.value = rows[symbol]?.constant ?? 0
        }
    }

    /// The variables whose values may have changed since the last call,
    /// or nil when any may have (the tableau was built again).
    public func takeChangedVariables() -> [Variable]? {
        defer {
            changedSymbols = []
            everythingChanged = false
        }
        guard !everythingChanged else { return nil }
        var seen = Set<Symbol>()
        return changedSymbols.compactMap { seen.insert($0).inserted ? variables[$0] : nil }
    }

    /// A basic external symbol whose row appeared, went or changed its constant.
    private func noteChanged(_ symbol: Symbol) {
        if symbol.kind == .external { changedSymbols.append(symbol) }
    }

    /// Whether the variable could take another value at the same cost: it
    /// is free, or its row holds a symbol that costs nothing and has room
    /// to move. (An ambiguous layout, in Auto Layout's words.)
    public func isAmbiguous(_ variable: Variable) -> Bool {
        guard let symbol = variable.symbol, variables[symbol] === variable else { return true }
        guard let row = rows[symbol] else { return true }
        return row.symbols.contains { parameter in
            parameter.kind != .dummy && objective.coefficient(for: parameter) == 0 && hasRoom(parameter)
        }
    }

    /// Whether a non-basic symbol can grow from zero (or, for an
    /// unrestricted one, move either way) without a row going infeasible.
    private func hasRoom(_ symbol: Symbol) -> Bool {
        var canGrow = true, canShrink = symbol.kind == .external
        for basic in columns[symbol] where basic.kind != .external {
            let row = rows[basic]!
            let coefficient = row.coefficient(for: symbol)
            if row.constant < Row.epsilon {
                if coefficient < 0 { canGrow = false } else { canShrink = false }
            }
        }
        return canGrow || canShrink
    }
}

extension LinearExpression {
    var isFinite: Bool {
        constant.isFinite && terms.allSatisfy(\.coefficient.isFinite)
    }
}

// MARK: The tableau

extension Solver {
    private func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        nextSymbolID += 1
        return Symbol(id: nextSymbolID, kind: kind)
    }

    private func symbol(for variable: Variable) -> Symbol {
        if let symbol = variable.symbol, variables[symbol] === variable { return symbol }
        let symbol = newSymbol(.external)
        variable.symbol = symbol
        variables[symbol] = variable
        return symbol
    }

    private func retainVariables(of constraint: Constraint) {
        for term in constraint.expression.terms { term.variable.useCount += 1 }
    }

    /// A variable no constraint uses any more leaves the solver, with its
    /// row if it is basic (no other row holds a basic symbol).
    private func releaseVariables(of constraint: Constraint) {
        for term in constraint.expression.terms {
            let variable = term.variable
            variable.useCount -= 1
            guard variable.useCount <= 0, let symbol = variable.symbol, variables[symbol] === variable else { continue }
            // Its last value stays readable (a view no longer constrained keeps its frame).
            variable.value = rows[symbol]?.constant ?? 0
            if let row = rows[symbol] { deleteRow(row, basic: symbol) }
            guard columns[symbol].isEmpty, objective.coefficient(for: symbol) == 0 else { continue }
            variables[symbol] = nil
            variable.symbol = nil
            variable.useCount = 0
        }
    }

    /// The constraint's row in terms of the current non-basic symbols, with
    /// its slack, error or dummy symbols; error symbols enter the objective.
    private func makeRow(for constraint: Constraint) -> (Row, Entry) {
        let expression = constraint.expression
        let row = Row(constant: expression.constant)
        for term in expression.terms where abs(term.coefficient) >= Row.epsilon {
            let symbol = symbol(for: term.variable)
            if let basic = rows[symbol] {
                row.insert(basic, term.coefficient)
            } else {
                row.insert(symbol, term.coefficient)
            }
        }
        let weight = constraint.strength.weight
        let marker: Symbol, coefficient: Double
        var other: Symbol?
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            coefficient = constraint.relation == .lessThanOrEqual ? 1 : -1
            marker = newSymbol(.slack)
            row.insert(marker, coefficient)
            if !constraint.strength.isRequired {
                let error = newSymbol(.error)
                other = error
                row.insert(error, -coefficient)
                objective.add(error, weight)
            }
        case .equal:
            if constraint.strength.isRequired {
                coefficient = 1
                marker = newSymbol(.dummy)
                row.insert(marker, coefficient)
            } else {
                // The equation's error is plus − minus, both at least zero.
                coefficient = -1
                marker = newSymbol(.error)
                let minus = newSymbol(.error)
                other = minus
                row.insert(marker, coefficient)
                row.insert(minus, 1)
                objective.add(marker, weight)
                objective.add(minus, weight)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        nextOrder += 1
        return (row, Entry(constraint: constraint, marker: marker, markerCoefficient: coefficient, other: other, order: nextOrder))
    }

    /// The symbol a new row is solved for: an external variable if it has
    /// one, else its slack or error symbol if that can be basic.
    private func chooseSubject(_ row: Row, _ entry: Entry) -> Symbol? {
        if let external = row.symbols.first(where: { $0.kind == .external }) { return external }
        for symbol in [entry.marker, entry.other].compactMap({ $0 }) where symbol.isPivotable {
            if row.coefficient(for: symbol) < 0 { return symbol }
        }
        return nil
    }

    /// Phase one: an artificial variable takes the row, and the simplex
    /// drives it to zero; it cannot when the row contradicts the required
    /// constraints.
    private func addWithArtificialVariable(_ row: Row) -> Bool {
        let artificialSymbol = newSymbol(.slack)
        insertRow(Row(copying: row), basic: artificialSymbol)
        artificial = Row(copying: row)
        do { try optimize(phaseOne: true) } catch { return false }
        let success = abs(artificial!.constant) < Row.epsilon
        artificial = nil
        if let artificialRow = rows[artificialSymbol] {
            deleteRow(artificialRow, basic: artificialSymbol)
            if artificialRow.isEmpty { return success }
            guard let entering = artificialRow.firstPivotableSymbol else { return false }
            artificialRow.solve(for: entering, replacing: artificialSymbol)
            substitute(entering, with: artificialRow)
            insertRow(artificialRow, basic: entering)
        }
        for basic in columns.take(artificialSymbol) {
            rows[basic]!.remove(artificialSymbol)
        }
        _ = objective.remove(artificialSymbol)
        return success
    }

    /// Replaces `symbol` by `row` in every row that holds it and in the objectives.
    private func substitute(_ symbol: Symbol, with row: Row) {
        for basic in columns.take(symbol) {
            let target = rows[basic]!
            let coefficient = target.remove(symbol)!
            if row.constant != 0 { noteChanged(basic) }
            target.insert(row, coefficient) { cell, change in
                switch change {
                case .added: self.columns.add(basic, to: cell)
                case .removed: self.columns.remove(basic, from: cell)
                case .changed, .unchanged: break
                }
            }
            if basic.kind != .external, target.constant < 0 { infeasibleRows.append(basic) }
        }
        let coefficient = objective.remove(symbol)
        if coefficient != 0 { objective.add(row, coefficient) }
        if let artificial, let coefficient = artificial.remove(symbol) {
            artificial.insert(row, coefficient)
        }
    }

    /// The primal simplex: pivots while some symbol would lower the
    /// objective (in phase one, the artificial row).
    private func optimize(phaseOne: Bool = false) throws(SolverError) {
        while true {
            let entering = phaseOne
                ? artificial!.cells.first(where: { $0.0.kind != .dummy && $0.1 < 0 })?.0
                : objective.improvingSymbols.min()
            guard let entering else { return }
            guard let leaving = leavingRow(for: entering) else { throw .unsatisfiable }
            pivot(leaving: leaving, entering: entering)
        }
    }

    /// The dual simplex: pivots until no restricted row is negative.
    private func dualOptimize() throws(SolverError) {
        while let leaving = infeasibleRows.popLast() {
            guard let row = rows[leaving], row.constant < 0, abs(row.constant) >= Row.epsilon else { continue }
            var best: (ratio: Double, symbol: Symbol)?
            for (symbol, coefficient) in row.cells where coefficient > 0 && symbol.kind != .dummy {
                let ratio = objective.coefficient(for: symbol) / coefficient
                if best == nil || ratio < best!.ratio || (ratio == best!.ratio && symbol < best!.symbol) {
                    best = (ratio, symbol)
                }
            }
            guard let entering = best?.symbol else {
                infeasibleRows.removeAll()
                throw .unsatisfiable
            }
            pivot(leaving: leaving, entering: entering)
        }
    }

    private func pivot(leaving: Symbol, entering: Symbol) {
        let row = takeRow(leaving)
        row.solve(for: entering, replacing: leaving)
        substitute(entering, with: row)
        insertRow(row, basic: entering)
    }

    /// The row that limits how far `entering` can grow (the minimum ratio).
    private func leavingRow(for entering: Symbol) -> Symbol? {
        var best: (ratio: Double, symbol: Symbol)?
        for basic in columns[entering] where basic.kind != .external {
            let row = rows[basic]!
            let coefficient = row.coefficient(for: entering)
            guard coefficient < 0 else { continue }
            let ratio = -row.constant / coefficient
            if best == nil || ratio < best!.ratio || (ratio == best!.ratio && basic < best!.symbol) {
                best = (ratio, basic)
            }
        }
        return best?.symbol
    }

    /// The row to pivot a non-basic marker into when its constraint goes:
    /// a restricted row it limits first, then one it does not, then an
    /// external's.
    private func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        var first: (Double, Symbol)?, second: (Double, Symbol)?, third: Symbol?
        let candidates = columns[marker].sorted()
        // A redundant required equation's row (a basic dummy, always zero)
        // takes over from the one that goes and keeps every row as it is.
        if let redundant = candidates.first(where: { $0.kind == .dummy }) { return redundant }
        for basic in candidates {
            let row = rows[basic]!
            let coefficient = row.coefficient(for: marker)
            if basic.kind == .external {
                third = third ?? basic
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if first == nil || ratio < first!.0 { first = (ratio, basic) }
            } else {
                let ratio = row.constant / coefficient
                if second == nil || ratio < second!.0 { second = (ratio, basic) }
            }
        }
        return first?.1 ?? second?.1 ?? third
    }

    private func removeErrorWeights(of entry: Entry) {
        let weight = entry.constraint.strength.weight
        for symbol in [entry.marker, entry.other].compactMap({ $0 }) where symbol.kind == .error {
            if let row = rows[symbol] {
                objective.add(row, -weight)
            } else {
                objective.add(symbol, -weight)
            }
        }
    }

    // MARK: Bookkeeping of rows, columns and the objective

    private func insertRow(_ row: Row, basic: Symbol) {
        rows[basic] = row
        noteChanged(basic)
        if basic.kind == .dummy { dummyBasics.insert(basic) }
        for symbol in row.symbols { columns.add(basic, to: symbol) }
    }

    @discardableResult
    private func takeRow(_ basic: Symbol) -> Row {
        let row = rows[basic]!
        deleteRow(row, basic: basic)
        return row
    }

    private func deleteRow(_ row: Row, basic: Symbol) {
        rows[basic] = nil
        noteChanged(basic)
        if basic.kind == .dummy { dummyBasics.remove(basic) }
        for symbol in row.symbols { columns.remove(basic, from: symbol) }
    }

    /// Builds the tableau again from the constraints, in the order they
    /// were added; the way back from a failed change.
    private func rebuildUnlessRebuilding() {
        guard !isRebuilding else { return }
        isRebuilding = true
        everythingChanged = true
        defer { isRebuilding = false }
        let ordered = entries.values.sorted { $0.order < $1.order }.map(\.constraint)
        for variable in variables.values {
            variable.symbol = nil
            variable.useCount = 0
        }
        entries = [:]
        rows = SymbolTable()
        columns = ColumnIndex()
        objective = Objective()
        artificial = nil
        infeasibleRows = []
        dummyBasics = []
        variables = [:]
        for constraint in ordered {
            // Required ones were consistent before; an optional one always fits.
            try? add(constraint)
        }
    }
}
