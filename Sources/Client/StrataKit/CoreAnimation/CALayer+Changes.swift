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

        static let all: Changes = [.position, .bounds, .anchorPoint, .transform, .opacity, .hidden,
                                   .masksToBounds, .backgroundColor, .contents, .contentsScale,
                                   .contentsGravity, .contentsCenter, .opaque, .sublayers, .contentsRect, .animations]
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
