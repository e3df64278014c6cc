import Foundation

extension CALayer {
    /// The properties the encoder sends again (seam 1).
    struct Changes: OptionSet, Hashable {
        let rawValue: UInt32
        init(rawValue: UInt32) { self.rawValue = rawValue }

        static let position = Changes(rawValue: 1 << 0)
        static let bounds = Changes(rawValue: 1 << 1)
        static let anchorPoint = Changes(rawValue: 1 << 2)
        static let transform = Changes(rawValue: 1 << 3)
        static let opacity = Changes(rawValue: 1 << 4)
        static let hidden = Changes(rawValue: 1 << 5)
        static let masksToBounds = Changes(rawValue: 1 << 6)
        static let backgroundColor = Changes(rawValue: 1 << 7)
        static let contents = Changes(rawValue: 1 << 8)
        static let contentsScale = Changes(rawValue: 1 << 9)
        static let contentsGravity = Changes(rawValue: 1 << 10)
        static let contentsCenter = Changes(rawValue: 1 << 11)
        static let opaque = Changes(rawValue: 1 << 12)
        static let sublayers = Changes(rawValue: 1 << 13)
        static let contentsRect = Changes(rawValue: 1 << 14)
        /// Animations added or removed.
        static let animations = Changes(rawValue: 1 << 15)
        // Protocol version 3, one bit per request.
        /// cornerRadius, maskedCorners, cornerCurve.
        static let cornerRadius = Changes(rawValue: 1 << 16)
        /// borderWidth, borderColor.
        static let border = Changes(rawValue: 1 << 17)
        /// shadowColor, shadowOpacity, shadowOffset, shadowRadius.
        static let shadow = Changes(rawValue: 1 << 18)
        static let shadowPath = Changes(rawValue: 1 << 19)
        /// A shape layer's path and fill rule.
        static let shape = Changes(rawValue: 1 << 20)
        static let fillColor = Changes(rawValue: 1 << 21)
        /// strokeColor, lineWidth, lineCap, lineJoin, miterLimit.
        static let stroke = Changes(rawValue: 1 << 22)
        /// lineDashPattern, lineDashPhase.
        static let lineDash = Changes(rawValue: 1 << 23)
        /// strokeStart, strokeEnd.
        static let strokeRange = Changes(rawValue: 1 << 24)
        /// A gradient layer's colors, locations, points and type.
        static let gradient = Changes(rawValue: 1 << 25)
        static let mask = Changes(rawValue: 1 << 26)
        /// A replicator's count, transform, delay and colors.
        static let replicator = Changes(rawValue: 1 << 27)
        // Protocol version 4.
        static let sublayerTransform = Changes(rawValue: 1 << 28)
        static let zPosition = Changes(rawValue: 1 << 29)
        /// anchorPointZ, isDoubleSided.
        static let depth = Changes(rawValue: 1 << 30)
        /// The backdrop (version 4).
        static let backdrop = Changes(rawValue: 1 << 31)

        static let styling: Changes = [.cornerRadius, .border, .shadow, .shadowPath, .shape, .fillColor, .stroke,
                                       .lineDash, .strokeRange, .gradient, .mask, .replicator]

        static let all: Changes = Changes([.position, .bounds, .anchorPoint, .transform, .opacity, .hidden,
                                           .masksToBounds, .backgroundColor, .contents, .contentsScale,
                                           .contentsGravity, .contentsCenter, .opaque, .sublayers, .contentsRect,
                                           .animations, .sublayerTransform, .zPosition, .depth, .backdrop]).union(.styling)
    }

    func didChange(_ change: Changes) {
        guard !isDetachedCopy else { return }
        changes.insert(change)
        CATransaction.layerDidChange(self)
    }

    /// The changes since the last call; clears them.
    func takeChanges() -> Changes {
        defer { changes = [] }
        return changes
    }
}
