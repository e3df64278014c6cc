import StrataProtocol

/// Where an xdg_popup goes, from its positioner's rules (xdg_positioner):
/// the anchor point on the anchor rectangle, the popup on the gravity's side
/// of it, moved by the offset; then, if that leaves the popup partly outside
/// the constraint area (the output), the constraint adjustments: flip, then
/// slide, then resize, each axis on its own, as wlroots and weston apply them.
///
/// Pure integer geometry in the parent's window-geometry coordinates; no Wayland.
public struct PopupPlacement: Equatable, Sendable {
    /// An edge or corner of a rectangle (xdg_positioner.anchor and .gravity
    /// share these values): -1 left/top, 0 centre, +1 right/bottom per axis.
    public struct Edges: Equatable, Sendable {
        public var x: Int
        public var y: Int
        public init(x: Int, y: Int) { self.x = x; self.y = y }

        /// xdg_positioner's anchor or gravity value (0...8); nil for others.
        public init?(protocolValue value: UInt32) {
            switch value {
            case 0: self.init(x: 0, y: 0)      // none
            case 1: self.init(x: 0, y: -1)     // top
            case 2: self.init(x: 0, y: 1)      // bottom
            case 3: self.init(x: -1, y: 0)     // left
            case 4: self.init(x: 1, y: 0)      // right
            case 5: self.init(x: -1, y: -1)    // top_left
            case 6: self.init(x: -1, y: 1)     // bottom_left
            case 7: self.init(x: 1, y: -1)     // top_right
            case 8: self.init(x: 1, y: 1)      // bottom_right
            default: return nil
            }
        }

        var flippedX: Edges { Edges(x: -x, y: y) }
        var flippedY: Edges { Edges(x: x, y: -y) }
    }

    /// xdg_positioner.constraint_adjustment's bits.
    public struct Adjustments: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let slideX = Adjustments(rawValue: 1)
        public static let slideY = Adjustments(rawValue: 2)
        public static let flipX = Adjustments(rawValue: 4)
        public static let flipY = Adjustments(rawValue: 8)
        public static let resizeX = Adjustments(rawValue: 16)
        public static let resizeY = Adjustments(rawValue: 32)
        public static let all = Adjustments(rawValue: 63)
    }

    /// An integer rectangle (the protocol's geometry is whole surface points).
    public struct Box: Equatable, Sendable, CustomStringConvertible {
        public var x, y, width, height: Int
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x; self.y = y; self.width = width; self.height = height
        }
        public var maxX: Int { x + width }
        public var maxY: Int { y + height }
        public var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }
        public var description: String { "\(x),\(y) \(width)×\(height)" }
    }

    public var size: (width: Int, height: Int)
    public var anchorRect: Box
    public var anchor: Edges
    public var gravity: Edges
    public var adjustments: Adjustments
    public var offset: (x: Int, y: Int)

    public init(width: Int, height: Int, anchorRect: Box, anchor: Edges = Edges(x: 0, y: 0),
                gravity: Edges = Edges(x: 0, y: 0), adjustments: Adjustments = [], offset: (x: Int, y: Int) = (0, 0)) {
        size = (width, height)
        self.anchorRect = anchorRect
        self.anchor = anchor
        self.gravity = gravity
        self.adjustments = adjustments
        self.offset = offset
    }

    public static func == (a: PopupPlacement, b: PopupPlacement) -> Bool {
        a.size == b.size && a.anchorRect == b.anchorRect && a.anchor == b.anchor && a.gravity == b.gravity
            && a.adjustments == b.adjustments && a.offset == b.offset
    }

    /// The popup's box before any adjustment: the anchor point, the gravity, the offset.
    public var unconstrainedBox: Box { box(anchor: anchor, gravity: gravity, offset: offset) }

    /// The popup's box kept inside `area` as far as the adjustments allow.
    public func box(constrainedTo area: Box) -> Box {
        var box = unconstrainedBox
        if !constrainedX(box, area), !constrainedY(box, area) { return box }

        // Flip: the anchor and gravity (and offset) mirrored, kept only if that axis then fits.
        if adjustments.contains(.flipX), constrainedX(box, area) {
            let flipped = self.box(anchor: anchor.flippedX, gravity: gravity.flippedX, offset: (-offset.x, offset.y))
            if !constrainedX(flipped, area) { box.x = flipped.x }
        }
        if adjustments.contains(.flipY), constrainedY(box, area) {
            let flipped = self.box(anchor: anchor.flippedY, gravity: gravity.flippedY, offset: (offset.x, -offset.y))
            if !constrainedY(flipped, area) { box.y = flipped.y }
        }

        // Slide: towards the gravity first, then back, never past the far edge.
        if adjustments.contains(.slideX), constrainedX(box, area) {
            box.x = PopupPlacement.slide(box.x, length: box.width, within: area.x, area.maxX, towards: gravity.x)
        }
        if adjustments.contains(.slideY), constrainedY(box, area) {
            box.y = PopupPlacement.slide(box.y, length: box.height, within: area.y, area.maxY, towards: gravity.y)
        }

        // Resize: cut to the area, unless nothing would be left.
        if adjustments.contains(.resizeX), constrainedX(box, area) {
            let start = max(box.x, area.x), end = min(box.maxX, area.maxX)
            if end > start { box.x = start; box.width = end - start }
        }
        if adjustments.contains(.resizeY), constrainedY(box, area) {
            let start = max(box.y, area.y), end = min(box.maxY, area.maxY)
            if end > start { box.y = start; box.height = end - start }
        }
        return box
    }

    // MARK: Steps

    private func box(anchor: Edges, gravity: Edges, offset: (x: Int, y: Int)) -> Box {
        let r = anchorRect
        let anchorX = anchor.x < 0 ? r.x : anchor.x > 0 ? r.maxX : r.x + r.width / 2
        let anchorY = anchor.y < 0 ? r.y : anchor.y > 0 ? r.maxY : r.y + r.height / 2
        let x = gravity.x < 0 ? anchorX - size.width : gravity.x > 0 ? anchorX : anchorX - size.width / 2
        let y = gravity.y < 0 ? anchorY - size.height : gravity.y > 0 ? anchorY : anchorY - size.height / 2
        return Box(x: x + offset.x, y: y + offset.y, width: size.width, height: size.height)
    }

    private func constrainedX(_ box: Box, _ area: Box) -> Bool { box.x < area.x || box.maxX > area.maxX }
    private func constrainedY(_ box: Box, _ area: Box) -> Bool { box.y < area.y || box.maxY > area.maxY }

    /// One axis of slide_x/slide_y, as xdg-shell words it: first slide in
    /// the gravity's direction until the opposite edge is inside or the
    /// gravity's edge reaches the area's; then the other way, until the
    /// gravity's edge is inside or the opposite edge reaches the area's.
    /// A centred gravity slides as a positive one.
    static func slide(_ start: Int, length: Int, within low: Int, _ high: Int, towards direction: Int) -> Int {
        var start = start
        func slideUp() {  // towards higher coordinates, while the low edge sticks out
            if start < low { start += min(low - start, max(0, high - (start + length))) }
        }
        func slideDown() {  // towards lower coordinates, while the high edge sticks out
            if start + length > high { start -= min(start + length - high, max(0, start - low)) }
        }
        if direction < 0 { slideDown(); slideUp() } else { slideUp(); slideDown() }
        return start
    }
}
