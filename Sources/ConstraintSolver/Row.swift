/// One equation of the tableau, `basic = constant + Σ coefficient × symbol`
/// (the basic symbol is the row's key in the solver, not stored here).
final class Row {
    private(set) var cells: [Symbol: Double]
    var constant: Double

    init(constant: Double = 0) {
        cells = [:]
        self.constant = constant
    }

    init(copying row: Row) {
        cells = row.cells
        constant = row.constant
    }

    static let epsilon = 1.0e-8

    func coefficient(for symbol: Symbol) -> Double { cells[symbol] ?? 0 }

    /// What an insertion did to a symbol's place in the row.
    enum CellChange { case added, removed, changed, unchanged }

    /// Adds `coefficient × symbol`; a sum that cancels leaves the row.
    @discardableResult
    func insert(_ symbol: Symbol, _ coefficient: Double = 1) -> CellChange {
        let index = cells.index(forKey: symbol)
        let sum = (index.map { cells.values[$0] } ?? 0) + coefficient
        if abs(sum) < Row.epsilon {
            guard let index else { return .unchanged }
            cells.remove(at: index)
            return .removed
        }
        guard let index else {
            cells[symbol] = sum
            return .added
        }
        cells.values[index] = sum
        return .changed
    }

    /// Adds `coefficient × row`.
    func insert(_ row: Row, _ coefficient: Double = 1) {
        constant += row.constant * coefficient
        for (symbol, value) in row.cells { insert(symbol, value * coefficient) }
    }

    @discardableResult
    func remove(_ symbol: Symbol) -> Double? {
        cells.removeValue(forKey: symbol)
    }

    func reverseSign() {
        constant = -constant
        for symbol in cells.keys { cells[symbol]! = -cells[symbol]! }
    }

    /// Rewrites `0 = constant + … + c × symbol + …` as
    /// `symbol = -(constant + …) / c`; the symbol leaves the cells.
    func solve(for symbol: Symbol) {
        let factor = -1.0 / cells.removeValue(forKey: symbol)!
        constant *= factor
        for key in cells.keys { cells[key]! *= factor }
    }

    /// Rewrites `lhs = …+ c × rhs…` as `rhs = …`, `lhs` now among the cells.
    func solve(for rhs: Symbol, replacing lhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// The first symbol of a kind the simplex may move, by id.
    var firstPivotableSymbol: Symbol? {
        cells.keys.filter(\.isPivotable).min()
    }

    var hasOnlyDummies: Bool {
        cells.keys.allSatisfy { $0.kind == .dummy }
    }
}
