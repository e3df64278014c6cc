// Paths, gradient colors and locations as animated values: each keyframe
// value is a run of doubles of its own length. Two values blend point by
// point when they have the same shape (the same path elements, as many
// colors); otherwise the animation switches from one to the other half
// way, as Core Animation leaves such pairs undefined.

extension AnimatableProperty {
    /// More doubles than this in one value is refused: the longest path
    /// (16384 cubic curves) or 80 colors.
    public static let maxVariableLength = LayerPath.maxElements * 7

    func acceptsVariable(_ value: [Double]) -> Bool {
        guard value.count <= Self.maxVariableLength else { return false }
        switch self {
        case .path, .shadowPath: return (try? LayerPath(wire: value)) != nil
        case .colors: return value.count % 4 == 0 && value.allSatisfy { (0...1).contains($0) }
        case .locations: return value.allSatisfy { (0...1).contains($0) }
        default: return false
        }
    }

    /// Whether two values can be blended point by point.
    func blends(_ from: [Double], _ to: [Double]) -> Bool {
        guard from.count == to.count else { return false }
        guard self == .path || self == .shadowPath else { return true }
        // The same elements: the opcodes sit at the same places.
        guard let a = try? LayerPath(wire: from), let b = try? LayerPath(wire: to) else { return false }
        return a.hasSameStructure(as: b)
    }

    func interpolateVariable(_ from: [Double], _ to: [Double], _ t: Double) -> [Double] {
        guard blends(from, to) else { return t < 0.5 ? from : to }
        switch self {
        case .colors:
            return stride(from: 0, to: from.count, by: 4).flatMap { i in
                AnimatableProperty.backgroundColor.interpolate(Array(from[i..<(i + 4)]), Array(to[i..<(i + 4)]), t)
            }
        case .path, .shadowPath:
            // Opcodes are equal in both, so blending leaves them as they are.
            return zip(from, to).map { $0 + ($1 - $0) * t }
        default:
            return zip(from, to).map { $0 + ($1 - $0) * t }
        }
    }

    /// The keyframe values as add_animation carries them: fixed-length
    /// values one after another; variable-length ones each preceded by its count.
    public func wireValues(_ values: [[Double]]) -> [Double] {
        isVariableLength ? values.flatMap { [Double($0.count)] + $0 } : values.flatMap { $0 }
    }

    /// The keyframe values from add_animation's doubles, or nil when they
    /// do not divide into values of this property.
    public func values(fromWire wire: [Double], maxCount: Int) -> [[Double]]? {
        if !isVariableLength {
            let n = components
            guard !wire.isEmpty, wire.count % n == 0, wire.count / n <= maxCount else { return nil }
            return stride(from: 0, to: wire.count, by: n).map { Array(wire[$0..<($0 + n)]) }
        }
        var values: [[Double]] = []
        var index = 0
        while index < wire.count {
            let count = wire[index]
            guard count >= 0, count <= Double(Self.maxVariableLength), count == count.rounded(),
                  index + 1 + Int(count) <= wire.count, values.count < maxCount else { return nil }
            values.append(Array(wire[(index + 1)..<(index + 1 + Int(count))]))
            index += 1 + Int(count)
        }
        return values.isEmpty ? nil : values
    }
}
