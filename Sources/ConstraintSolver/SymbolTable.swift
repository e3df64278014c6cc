/// A map from symbols to values, stored by symbol id: the solver's symbols
/// are numbered densely, so an array beats hashing on the hot paths.
struct SymbolTable<Value> {
    private var slots: [Value?] = []

    subscript(symbol: Symbol) -> Value? {
        get { symbol.id < slots.count ? slots[symbol.id] : nil }
        set {
            if symbol.id >= slots.count {
                guard newValue != nil else { return }
                slots.append(contentsOf: repeatElement(nil, count: symbol.id - slots.count + 1))
            }
            slots[symbol.id] = newValue
        }
    }
}

/// For each symbol, the basic symbols of the rows that hold it.
struct ColumnIndex {
    private var slots: [[Symbol]] = []

    subscript(symbol: Symbol) -> [Symbol] {
        symbol.id < slots.count ? slots[symbol.id] : []
    }

    /// Records that the row of `basic` now holds `symbol` (it did not before).
    mutating func add(_ basic: Symbol, to symbol: Symbol) {
        if symbol.id >= slots.count {
            slots.append(contentsOf: repeatElement([], count: symbol.id - slots.count + 1))
        }
        slots[symbol.id].append(basic)
    }

    /// Records that the row of `basic` no longer holds `symbol`.
    mutating func remove(_ basic: Symbol, from symbol: Symbol) {
        guard symbol.id < slots.count, let index = slots[symbol.id].firstIndex(of: basic) else { return }
        slots[symbol.id].swapAt(index, slots[symbol.id].count - 1)
        slots[symbol.id].removeLast()
    }

    /// The symbol's rows, forgotten.
    mutating func take(_ symbol: Symbol) -> [Symbol] {
        guard symbol.id < slots.count else { return [] }
        defer { slots[symbol.id] = [] }
        return slots[symbol.id]
    }
}
