// Stacking changes: which sublayers changed places relative to their
// siblings since the last frame. A layer's own key cannot tell: moving two
// adjacent layers together past a third changes what covers what while
// every layer keeps its parent and its previous sibling.

extension FrameBuilder {
    /// Indices (into `layer.sublayers`) of drawn sublayers that must be
    /// redrawn because their order relative to siblings changed, or that are
    /// new under this parent. The sublayers that keep their relative order
    /// are a longest increasing run of last frame's indices; everything
    /// else moved. Empty when nothing moved.
    func restackedSublayers(of layer: RenderLayer, id: ObjectIdentifier) -> Set<Int> {
        if layer.sublayers.isEmpty || assumesNoRestacking { return [] }
        var positions: [Int] = []   // index in layer.sublayers
        var oldIndices: [Int] = []  // last frame's index under this parent
        var moved = Set<Int>()
        for (index, sublayer) in layer.sublayers.enumerated() where !sublayer.isHidden {
            if let before = previous[ObjectIdentifier(sublayer)], before.layer === sublayer, before.parent == id {
                positions.append(index)
                oldIndices.append(before.siblingIndex)
            } else {
                moved.insert(index)
            }
        }
        // Usually nothing moved: last frame's indices are already in order.
        if zip(oldIndices, oldIndices.dropFirst()).allSatisfy({ $0 < $1 }) { return moved }
        let kept = longestIncreasingSubsequence(oldIndices)
        if kept.count < oldIndices.count {
            for i in oldIndices.indices where !kept.contains(i) { moved.insert(positions[i]) }
        }
        return moved
    }
}

/// Positions of one longest strictly increasing subsequence of `values`
/// (patience sorting, O(n log n)).
func longestIncreasingSubsequence(_ values: [Int]) -> Set<Int> {
    guard values.count > 1 else { return Set(values.indices) }
    // tails[k]: position of the smallest tail of an increasing run of length k + 1.
    var tails: [Int] = []
    var predecessor = [Int](repeating: -1, count: values.count)
    for (i, value) in values.enumerated() {
        var low = 0, high = tails.count
        while low < high {
            let mid = (low + high) / 2
            if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
        }
        if low > 0 { predecessor[i] = tails[low - 1] }
        if low == tails.count { tails.append(i) } else { tails[low] = i }
    }
    var result = Set<Int>()
    var i = tails.last!
    while i >= 0 {
        result.insert(i)
        i = predecessor[i]
    }
    return result
}
