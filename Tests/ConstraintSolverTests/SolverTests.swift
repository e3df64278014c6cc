import XCTest
@testable import StrataConstraintSolver

final class SolverTests: XCTestCase {
    private func weak(_ weight: Double = 1) -> Strength { Strength(weight: weight) }

    func testEqualitiesWithAKnownSolution() throws {
        // x + y == 10, x - y == 4 → x = 7, y = 3.
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.add(Constraint(x + y, .equal, LinearExpression(constant: 10)))
        try solver.add(Constraint(x - y, .equal, LinearExpression(constant: 4)))
        solver.updateVariables()
        XCTAssertEqual(x.value, 7, accuracy: 1e-9)
        XCTAssertEqual(y.value, 3, accuracy: 1e-9)
    }

    func testInequalitiesBoundAPreference() throws {
        // x wants 100 (weakly) but must stay within [10, 40].
        let x = Variable("x")
        let solver = Solver()
        try solver.add(Constraint(x, .greaterThanOrEqual, 10))
        try solver.add(Constraint(x, .lessThanOrEqual, 40))
        try solver.add(Constraint(x, .equal, 100, strength: weak()))
        solver.updateVariables()
        XCTAssertEqual(x.value, 40, accuracy: 1e-9)
    }

    func testTheStrongerPreferenceWins() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add(Constraint(x, .equal, 10, strength: weak(1)))
        try solver.add(Constraint(x, .equal, 20, strength: weak(2)))
        solver.updateVariables()
        XCTAssertEqual(x.value, 20, accuracy: 1e-9)
    }

    func testAConflictingRequiredConstraintIsRefusedAndChangesNothing() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add(Constraint(x, .equal, 10))
        let conflict = Constraint(x, .greaterThanOrEqual, 20)
        XCTAssertThrowsError(try solver.add(conflict)) { XCTAssertEqual($0 as? SolverError, .unsatisfiable) }
        XCTAssertFalse(solver.contains(conflict))
        solver.updateVariables()
        XCTAssertEqual(x.value, 10, accuracy: 1e-9)
        XCTAssertEqual(solver.constraintCount, 1)
    }

    func testAConflictFoundInPhaseOneLeavesTheSolverWhole() throws {
        // x <= y, y <= 5, then x >= 10 has no subject and needs phase one.
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.add(Constraint(x - y, .lessThanOrEqual, LinearExpression()))
        try solver.add(Constraint(y, .lessThanOrEqual, 5))
        try solver.add(Constraint(x, .equal, 3, strength: weak()))
        XCTAssertThrowsError(try solver.add(Constraint(LinearExpression(x) * 1 - 0, .greaterThanOrEqual, LinearExpression(constant: 10))))
        solver.updateVariables()
        XCTAssertEqual(x.value, 3, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(y.value, 5 + 1e-9)
        XCTAssertGreaterThanOrEqual(y.value, x.value - 1e-9)
    }

    func testRemovingAConstraintReleasesItsEffect() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add(Constraint(x, .equal, 50, strength: weak()))
        let cap = Constraint(x, .lessThanOrEqual, 20)
        try solver.add(cap)
        solver.updateVariables()
        XCTAssertEqual(x.value, 20, accuracy: 1e-9)
        try solver.remove(cap)
        solver.updateVariables()
        XCTAssertEqual(x.value, 50, accuracy: 1e-9)
        XCTAssertThrowsError(try solver.remove(cap)) { XCTAssertEqual($0 as? SolverError, .unknownConstraint) }
    }

    func testNonFiniteNumbersAreRefused() {
        let x = Variable("x")
        let solver = Solver()
        XCTAssertThrowsError(try solver.add(Constraint(x, .equal, .nan))) { XCTAssertEqual($0 as? SolverError, .nonFinite) }
        XCTAssertThrowsError(try solver.add(Constraint(x * .infinity, .equal, LinearExpression()))) { XCTAssertEqual($0 as? SolverError, .nonFinite) }
        XCTAssertEqual(solver.constraintCount, 0)
    }

    func testEditVariablesFollowSuggestions() throws {
        // A box: right = left + width, width >= 30, left >= 0, right <= 100.
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        let solver = Solver()
        try solver.add(Constraint(LinearExpression(right), .equal, left + width))
        try solver.add(Constraint(width, .greaterThanOrEqual, 30))
        try solver.add(Constraint(left, .greaterThanOrEqual, 0))
        try solver.add(Constraint(right, .lessThanOrEqual, 100))
        try solver.add(Constraint(width, .equal, 30, strength: weak()))
        try solver.addEditVariable(left, strength: weak(1000))
        for (suggested, expected) in [(10.0, 10.0), (90, 70), (-5, 0), (42, 42)] {
            try solver.suggestValue(suggested, for: left)
            solver.updateVariables()
            XCTAssertEqual(left.value, expected, accuracy: 1e-9, "suggested \(suggested)")
            XCTAssertEqual(right.value, expected + 30, accuracy: 1e-9)
        }
        XCTAssertThrowsError(try solver.addEditVariable(right, strength: .required))
    }

    func testAConstantChangedInPlaceMatchesAFreshSolve() throws {
        // A chain of boxes between two walls, each wanting its own width.
        func build(spacing: Double) throws -> (Solver, [Variable], Constraint) {
            let solver = Solver()
            var edges = [Variable("e0")]
            try solver.add(Constraint(edges[0], .equal, 0))
            var spacingConstraint: Constraint!
            for index in 1...6 {
                let edge = Variable("e\(index)")
                let gap = Constraint(LinearExpression(edge), .greaterThanOrEqual, edges.last! + (index == 3 ? spacing : 0))
                if index == 3 { spacingConstraint = gap }
                try solver.add(Constraint(LinearExpression(edge), .greaterThanOrEqual, edges.last! + 5))
                try solver.add(gap)
                try solver.add(Constraint(edge - edges.last!, .equal, LinearExpression(constant: Double(10 * index)), strength: weak(Double(index))))
                edges.append(edge)
            }
            try solver.add(Constraint(edges.last!, .lessThanOrEqual, 150))
            return (solver, edges, spacingConstraint)
        }
        let (incremental, edges, gap) = try build(spacing: 0)
        try incremental.setConstant(-40, of: gap)  // the gap's expression is edge - last - spacing
        incremental.updateVariables()
        let (fresh, freshEdges, _) = try build(spacing: 40)
        fresh.updateVariables()
        for (a, b) in zip(edges, freshEdges) { XCTAssertEqual(a.value, b.value, accuracy: 1e-9, a.name) }
        XCTAssertEqual(edges[3].value - edges[2].value, 40, accuracy: 1e-9)
    }

    func testAnImpossibleConstantIsRefusedAndTheOldOneKept() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add(Constraint(x, .lessThanOrEqual, 10))
        let floor = Constraint(x, .greaterThanOrEqual, 5)
        try solver.add(floor)
        XCTAssertThrowsError(try solver.setConstant(-20, of: floor)) { XCTAssertEqual($0 as? SolverError, .unsatisfiable) }
        XCTAssertEqual(floor.expression.constant, -5)
        try solver.add(Constraint(x, .equal, 0, strength: weak()))
        solver.updateVariables()
        XCTAssertEqual(x.value, 5, accuracy: 1e-9)
    }

    /// Two copies of one required equation: moving one's constant would
    /// break the other, so it is refused both ways and nothing changes.
    func testAConstantChangeThatBreaksARedundantEquationIsRefused() throws {
        let x = Variable("x")
        let solver = Solver()
        let first = Constraint(x, .equal, 100), copy = Constraint(x, .equal, 100)
        try solver.add(first)
        try solver.add(copy)
        for constant in [-50.0, -150.0] {
            XCTAssertThrowsError(try solver.setConstant(constant, of: first)) { XCTAssertEqual($0 as? SolverError, .unsatisfiable) }
            solver.updateVariables()
            XCTAssertEqual(x.value, 100, accuracy: 1e-9)
        }
        try solver.remove(copy)
        try solver.setConstant(-50, of: first)
        solver.updateVariables()
        XCTAssertEqual(x.value, 50, accuracy: 1e-9)
    }

    /// Removing one of two copies of a required equation leaves the other
    /// in force, also with an inequality on the same variable.
    func testRemovingOneOfTwoCopiesKeepsTheOther() throws {
        let w = Variable("w")
        let solver = Solver()
        let first = Constraint(w, .equal, 100)
        try solver.add(first)
        try solver.add(Constraint(w, .greaterThanOrEqual, 50))
        try solver.add(Constraint(w, .equal, 100))
        try solver.remove(first)
        solver.updateVariables()
        XCTAssertEqual(w.value, 100, accuracy: 1e-9)
    }

    func testAWeightOfZeroOrLessIsRefused() {
        let solver = Solver()
        XCTAssertThrowsError(try solver.add(Constraint(Variable("x"), .equal, 1, strength: Strength(weight: -1)))) {
            XCTAssertEqual($0 as? SolverError, .nonPositiveStrength)
        }
        XCTAssertEqual(solver.constraintCount, 0)
    }

    func testAmbiguityIsReported() throws {
        let x = Variable("x"), width = Variable("width")
        let solver = Solver()
        try solver.add(Constraint(width, .equal, 100))
        try solver.add(Constraint(x, .greaterThanOrEqual, 0))
        XCTAssertFalse(solver.isAmbiguous(width))
        XCTAssertTrue(solver.isAmbiguous(x), "x may be anything from 0 up")
        try solver.add(Constraint(x, .lessThanOrEqual, 0))
        XCTAssertFalse(solver.isAmbiguous(x), "pinned between 0 and 0")
    }

    /// Random sparse systems built incrementally (with removals and
    /// constant changes along the way) reach the same solution as the
    /// same final system built at once.
    func testRandomEditsAgreeWithAFreshSolve() throws {
        var generator = SeededGenerator(seed: 7)
        for round in 0..<20 {
            let count = 12
            let variables = (0..<count).map { Variable("v\($0)") }
            var kept: [(Int, Int, Double, Relation, Double)] = []
            let incremental = Solver()
            var live: [Constraint] = []
            // Every variable is pinned weakly, at its own weight, so the optimum is unique.
            for (index, variable) in variables.enumerated() {
                try incremental.add(Constraint(variable, .equal, Double(index * 10), strength: weak(Double(index + 1) * 1.37)))
            }
            for _ in 0..<30 {
                let a = Int.random(in: 0..<count, using: &generator), b = Int.random(in: 0..<count, using: &generator)
                guard a != b else { continue }
                let relation: Relation = [.lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &generator)!
                let constant = Double(Int.random(in: -30...30, using: &generator))
                let weight = Double(Int.random(in: 1...5, using: &generator)) * 100
                let constraint = Constraint(variables[a] - variables[b], relation, LinearExpression(constant: constant), strength: weak(weight))
                try incremental.add(constraint)
                live.append(constraint)
                kept.append((a, b, constant, relation, weight))
                if Bool.random(using: &generator), live.count > 3 {
                    let index = Int.random(in: 0..<live.count, using: &generator)
                    try incremental.remove(live.remove(at: index))
                    kept.remove(at: index)
                }
                if Bool.random(using: &generator), !live.isEmpty {
                    let index = Int.random(in: 0..<live.count, using: &generator)
                    let newConstant = Double(Int.random(in: -30...30, using: &generator))
                    try incremental.setConstant(newConstant, of: live[index])
                    kept[index].2 = -newConstant
                }
            }
            incremental.updateVariables()
            let incrementalValues = variables.map(\.value)
            let fresh = Solver()
            let copies = (0..<count).map { Variable("w\($0)") }
            for (index, variable) in copies.enumerated() {
                try fresh.add(Constraint(variable, .equal, Double(index * 10), strength: weak(Double(index + 1) * 1.37)))
            }
            for (a, b, constant, relation, weight) in kept {
                try fresh.add(Constraint(copies[a] - copies[b], relation, LinearExpression(constant: constant), strength: weak(weight)))
            }
            fresh.updateVariables()
            let freshObjective = objective(values: copies.map(\.value), kept: kept)
            let incrementalObjective = objective(values: incrementalValues, kept: kept)
            XCTAssertEqual(incrementalObjective, freshObjective, accuracy: 1e-6, "round \(round)")
        }
    }

    /// The cost both solvers minimise, to compare optima that tie.
    private func objective(values: [Double], kept: [(Int, Int, Double, Relation, Double)]) -> Double {
        var total = 0.0
        for (index, value) in values.enumerated() { total += abs(value - Double(index * 10)) * Double(index + 1) * 1.37 }
        for (a, b, constant, relation, weight) in kept {
            let difference = values[a] - values[b] - constant
            switch relation {
            case .lessThanOrEqual: total += max(0, difference) * weight
            case .greaterThanOrEqual: total += max(0, -difference) * weight
            case .equal: total += abs(difference) * weight
            }
        }
        return total
    }

    /// A change reports the variables it may have moved, not the others,
    /// so a layout engine looks only at what moved.
    func testChangedVariablesAreThoseAChangeReached() throws {
        let a = Variable("a"), b = Variable("b"), c = Variable("c"), d = Variable("d")
        let solver = Solver()
        let anchor = Constraint(a, .equal, 10)
        try solver.add(anchor)
        try solver.add(Constraint(LinearExpression(b), .equal, a + 5))
        try solver.add(Constraint(c, .equal, 100))
        try solver.add(Constraint(LinearExpression(d), .equal, c + 1))
        XCTAssertNotNil(solver.takeChangedVariables())
        try solver.setConstant(-20, of: anchor)
        let changed = try XCTUnwrap(solver.takeChangedVariables())
        XCTAssertEqual(Set(changed.map(\.name)), ["a", "b"])
        XCTAssertEqual(solver.takeChangedVariables()?.count, 0, "reported once")
    }

    func testASolverForgetsVariablesNoConstraintUses() throws {
        let x = Variable("x")
        let solver = Solver()
        let constraint = Constraint(x, .equal, 4)
        try solver.add(constraint)
        XCTAssertNotNil(x.symbol)
        try solver.remove(constraint)
        XCTAssertNil(x.symbol)
    }
}

/// A small deterministic generator (SplitMix64), so random tests repeat.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
