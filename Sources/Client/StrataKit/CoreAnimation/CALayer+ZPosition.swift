import Foundation

/// Core Animation stacks siblings by zPosition first, then by their order
/// in `sublayers`: a sublayer with a larger zPosition is drawn above (and
/// hit before) its siblings whatever its index. The compositor is sent the
/// sublayers in that order.
extension CALayer {
    /// The sublayers in the order they are drawn: by zPosition, ties kept in `sublayers` order.
    var sublayersInDrawingOrder: [CALayer] {
        guard sublayerStorage.contains(where: { $0.zPosition != 0 }) else { return sublayerStorage }
        return sublayerStorage.enumerated()
            .sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }
            .map(\.element)
    }
}
