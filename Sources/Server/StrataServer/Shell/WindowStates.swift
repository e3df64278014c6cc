import CStrataServerProtocol

/// The states a window manager gives a toplevel beside its size.
public struct WindowStates: Equatable, Sendable {
    /// Covers the work area (minus its title bar); restored on unset.
    public var maximized = false
    /// Covers the whole output, above everything, without a title bar.
    public var fullscreen = false
    /// Hidden until activated again (Alt+Tab); xdg-shell has no state for it.
    public var minimized = false
    /// An interactive resize is under way.
    public var resizing = false

    /// Names for `strata tree`, with `activated` from the seat.
    func names(activated: Bool) -> [String] {
        var names: [String] = []
        if activated { names.append("activated") }
        if maximized { names.append("maximized") }
        if fullscreen { names.append("fullscreen") }
        if resizing { names.append("resizing") }
        if maximized && !fullscreen { names.append("tiled") }
        if minimized { names.append("minimized") }
        return names
    }
}

/// xdg_toplevel.resize_edge as a set of edges.
public struct ResizeEdges: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let top = ResizeEdges(rawValue: 1)
    public static let bottom = ResizeEdges(rawValue: 2)
    public static let left = ResizeEdges(rawValue: 4)
    public static let right = ResizeEdges(rawValue: 8)

    /// The enum's values are exactly the sets without opposite edges: 0 (none), 1, 2, 4, 5, 6, 8, 9, 10.
    init?(wire value: UInt32) {
        guard value <= 10, value & 3 != 3, value & 12 != 12 else { return nil }
        rawValue = value
    }
}
