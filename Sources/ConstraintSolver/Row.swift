/// One equation of the tableau, `basic = constant + Σ coefficient × symbol`
/// (the basic symbol is the row's key in the solver, not stored here).
/// The cells are kept sorted by symbol id in two arrays: rows are short,
/// and adding one row to another is then a merge, with no hashing.
final class Row {
    private(set) var symbols: [Symbol] = []
    private(set) var coefficients: [Double] = []
    var constant: Double

    init(constant: Double = 0) {
        self.constant = constant
    }

    init(copying row: Row) {
        symbols = row.symbols
        coefficients = row.coefficients
        constant = row.constant
    }

    static let epsilon = 1.0e-8

    /// The cells, by symbol id.
    var cells: Zip2Sequence<[Symbol], [Double]> { zip(symbols, coefficients) }

    var isEmpty: Bool { symbols.isEmpty }

    private func index(of symbol: Symbol) -> (found: Bool, index: Int) {
        var low = 0, high = symbols.count
        while low < high {
            let middle = (low + high) / 2
            if symbols[middle].id < symbol.id { low = middle + 1 } else { high = middle }
        }
        return (low < symbols.count && symbols[low].id == symbol.id, low)
    }

    func coefficient(for symbol: Symbol) -> Double {
        let (found, index) = index(of: symbol)
        return found ? coefficients[index] : 0
    }

    /// What an insertion did to a symbol's place in the row.
    enum CellChange { case added, removed, changed, unchanged }

    /// Adds `coefficient × symbol`; a sum that cancels leaves the row.
    @discardableResult
    func insert(_ symbol: Symbol, _ coefficient: Double = 1) -> CellChange {
        let (found, index) = index(of: symbol)
        guard found else {
            guard abs(coefficient) >= Row.epsilon else { return .unchanged }
            symbols.insert(symbol, at: index)
            coefficients.insert(coefficient, at: index)
            return .added
        }
        let sum = coefficients[index] + coefficient
        if abs(sum) < Row.epsilon {
            symbols.remove(at: index)
            coefficients.remove(at: index)
            return .removed
        }
        coefficients[index] = sum
        return .changed
    }

    /// Adds `coefficient × row`, telling `changed` of each symbol that
    /// entered or left this row.
    func insert(_ row: Row, _ coefficient: Double = 1, changed: (Symbol, CellChange) -> Void = { _, _ in }) {
        constant += row.constant * coefficient
        var mergedSymbols: [Symbol] = []
        var mergedCoefficients: [Double] = []
        mergedSymbols.reserveCapacity(symbols.count + row.symbols.count)
        mergedCoefficients.reserveCapacity(symbols.count + row.symbols.count)
        var mine = 0, theirs = 0
        while mine < symbols.count || theirs < row.symbols.count {
            if theirs == row.symbols.count || (mine < symbols.count && symbols[mine].id < row.symbols[theirs].id) {
                mergedSymbols.append(symbols[mine])
                mergedCoefficients.append(coefficients[mine])
                mine += 1
            } else if mine == symbols.count || row.symbols[theirs].id < symbols[mine].id {
                let value = row.coefficients[theirs] * coefficient
                if abs(value) >= Row.epsilon {
                    mergedSymbols.append(row.symbols[theirs])
                    mergedCoefficients.append(value)
                    changed(row.symbols[theirs], .added)
                }
                theirs += 1
            } else {
                let sum = coefficients[mine] + row.coefficients[theirs] * coefficient
                if abs(sum) < Row.epsilon {
                    changed(symbols[mine], .removed)
                } else {
                    mergedSymbols.append(symbols[mine])
                    mergedCoefficients.append(sum)
                }
                mine += 1
                theirs += 1
            }
        }
        symbols = mergedSymbols
        coefficients = mergedCoefficients
    }

    @discardableResult
    func remove(_ symbol: Symbol) -> Double? {
        let (found, index) = index(of: symbol)
        guard found else { return nil }
        symbols.remove(at: index)
        return coefficients.remove(at: index)
    }

    func reverseSign() {
        constant = -constant
        for index in coefficients.indices { coefficients[index] = -coefficients[index] }
    }

    /// Rewrites `0 = constant + … + c × symbol + …` as
    /// `symbol = -(constant + …) / c`; the symbol leaves the cells.
    func solve(for symbol: Symbol) {
        let factor = -1.0 / remove(symbol)!
        constant *= factor
        for index in coefficients.indices { coefficients[index] *= factor }
    }

    /// Rewrites `lhs = …+ c × rhs…` as `rhs = …`, `lhs` now among the cells.
    func solve(for rhs: Symbol, replacing lhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// The first symbol of a kind the simplex may move, by id.
    var firstPivotableSymbol: Symbol? {
        symbols.first(where: \.isPivotable)
    }

    var hasOnlyDummies: Bool {
        symbols.allSatisfy { $0.kind == .dummy }
    }
}

/// What the simplex minimises: each error symbol times its weight. Kept
/// densely by symbol id, since it holds every error symbol of the system.
struct Objective {
    private var coefficients: [Double] = []
    var constant: Double = 0
    /// The symbols with a negative coefficient (the simplex's candidates to
    /// enter the basis), kept as the objective changes.
    private(set) var improvingSymbols: Set<Symbol> = []

    func coefficient(for symbol: Symbol) -> Double {
        symbol.id < coefficients.count ? coefficients[symbol.id] : 0
    }

    mutating func add(_ symbol: Symbol, _ coefficient: Double) {
        if symbol.id >= coefficients.count {
            coefficients.append(contentsOf: repeatElement(0, count: symbol.id - coefficients.count + 1))
        }
        var sum = coefficients[symbol.id] + coefficient
        if abs(sum) < Row.epsilon { sum = 0 }
        coefficients[symbol.id] = sum
        if symbol.kind != .dummy, sum < 0 {
            improvingSymbols.insert(symbol)
        } else if !improvingSymbols.isEmpty {
            improvingSymbols.remove(symbol)
        }
    }

    /// Adds `coefficient × row`.
    mutating func add(_ row: Row, _ coefficient: Double) {
        constant += row.constant * coefficient
        for (symbol, value) in row.cells { add(symbol, value * coefficient) }
    }

    /// The symbol's coefficient, taken out.
    mutating func remove(_ symbol: Symbol) -> Double {
        let value = coefficient(for: symbol)
        guard value != 0 else { return 0 }
        coefficients[symbol.id] = 0
        improvingSymbols.remove(symbol)
        return value
    }
}
