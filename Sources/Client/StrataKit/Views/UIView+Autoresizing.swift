import Foundation

extension UIView {
    /// The View Programming Guide's Table 3-2 autoresizing constants.
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// Applies each subview's autoresizing mask to the change of this view's
    /// size from `oldSize`.
    func resizeSubviews(withOldSize oldSize: CGSize) {
        let newSize = bounds.size
        for subview in subviews where !subview.autoresizingMask.isEmpty {
            subview.autoresize(fromSuperviewSize: oldSize, to: newSize)
        }
    }

    private func autoresize(fromSuperviewSize oldSize: CGSize, to newSize: CGSize) {
        let mask = autoresizingMask
        let old = frame
        let horizontal = Self.share(newSize.width - oldSize.width,
                                    before: old.minX, size: old.width, after: oldSize.width - old.maxX,
                                    flexibleBefore: mask.contains(.flexibleLeftMargin),
                                    flexibleSize: mask.contains(.flexibleWidth),
                                    flexibleAfter: mask.contains(.flexibleRightMargin))
        let vertical = Self.share(newSize.height - oldSize.height,
                                  before: old.minY, size: old.height, after: oldSize.height - old.maxY,
                                  flexibleBefore: mask.contains(.flexibleTopMargin),
                                  flexibleSize: mask.contains(.flexibleHeight),
                                  flexibleAfter: mask.contains(.flexibleBottomMargin))
        let resized = CGRect(x: old.minX + horizontal.before, y: old.minY + vertical.before,
                             width: old.width + horizontal.size, height: old.height + vertical.size)
        if resized != old { frame = resized }
    }

    /// Splits `delta` among the flexible parts of one axis in proportion to
    /// their current sizes (an even split when they are all zero), as UIKit
    /// does; fixed parts keep their size.
    static func share(_ delta: CGFloat, before: CGFloat, size: CGFloat, after: CGFloat,
                      flexibleBefore: Bool, flexibleSize: Bool, flexibleAfter: Bool)
        -> (before: CGFloat, size: CGFloat)
    {
        let parts = [(flexibleBefore, before), (flexibleSize, size), (flexibleAfter, after)]
        let flexible = parts.filter { $0.0 }
        guard !flexible.isEmpty, delta != 0 else { return (0, 0) }
        let total = flexible.reduce(CGFloat(0)) { $0 + $1.1 }
        func portion(_ isFlexible: Bool, _ length: CGFloat) -> CGFloat {
            guard isFlexible else { return 0 }
            return total == 0 ? delta / CGFloat(flexible.count) : delta * length / total
        }
        return (portion(flexibleBefore, before), portion(flexibleSize, size))
    }
}
