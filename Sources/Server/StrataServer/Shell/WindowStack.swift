import StrataProtocol
import StrataRender

/// The layout's windows, bottom to top, as sublayers of the scene root.
/// New windows go on top, placed by `WindowPlacement`.
final class WindowStack {
    private let scene: RenderLayer
    /// Explicit origins (ServerConfiguration.windowOrigins): the n-th is
    /// used while n windows are mapped, before smart placement.
    private let explicitOrigins: [Point]
    /// Mapped windows, bottom to top.
    private(set) var toplevels: [Toplevel] = []
    /// Counts changes to which windows are shown and in what order (a
    /// raise, a removal, a window's states): what the seat remembers of the
    /// window under the pointer holds only while this stays the same.
    private(set) var arrangementChanges: UInt64 = 0
    /// Every live toplevel, mapped or not, in creation order.
    private var registered: [Weak<Toplevel>] = []
    /// How many layer surfaces (background and bottom) the scene holds below the windows.
    var layersBelow = 0
    /// What the panels leave of each output that has some (by the output's identity); absent: all of it.
    private var usableAreas: [ObjectIdentifier: Rect] = [:]

    init(scene: RenderLayer, explicitOrigins: [Point] = []) {
        self.scene = scene
        self.explicitOrigins = explicitOrigins
    }

    /// Where `toplevel`, mapped or about to be, goes among the other
    /// windows: an explicit origin if one is given for this many windows;
    /// centered on its parent's window for a dialog; else smart placement
    /// within `area` (its output's work area). A window with a `titleBar`
    /// is placed with the bar above its geometry, so the bar stays on the
    /// output too; the other windows' bars count as theirs.
    func origin(for toplevel: Toplevel, titleBar: Bool = false, in area: Rect) -> Point {
        let others = toplevels.filter { $0 !== toplevel }
        if others.count < explicitOrigins.count { return explicitOrigins[others.count] }
        let bar = titleBar ? TitleBar.height : 0
        let output = area
        let size = Size(width: toplevel.geometry.width, height: toplevel.geometry.height + bar)
        var placed: Point
        if let parent = toplevel.mappedParent, let parentOrigin = parent.origin {
            placed = WindowPlacement.origin(for: size, centeredOn: Rect(origin: parentOrigin, size: parent.geometry.size), on: output)
        } else {
            // Each with the title bar Strata draws above it, which a new window must not cover either.
            let occupied = others.filter { !$0.states.minimized }.compactMap { window -> Rect? in
                guard let origin = window.origin else { return nil }
                let bar = window.titleBar != nil && !window.states.fullscreen ? TitleBar.height : 0
                return Rect(x: origin.x, y: origin.y - bar, width: window.geometry.width, height: window.geometry.height + bar)
            }
            placed = WindowPlacement.origin(for: size, on: output, avoiding: occupied)
        }
        placed.y += bar
        return placed
    }

    /// The area windows are placed and maximized into on `output`: the
    /// output, less what its panels reserve (layer surfaces' exclusive zones).
    func workArea(on output: Output) -> Rect {
        let bounds = output.bounds
        guard let usableArea = usableAreas[ObjectIdentifier(output)], !usableArea.isEmpty,
              usableArea.minX >= bounds.minX, usableArea.maxX <= bounds.maxX,
              usableArea.minY >= bounds.minY, usableArea.maxY <= bounds.maxY else { return bounds }
        return usableArea
    }

    /// The layer shell arranged `output` and `area` is left of it; nil: all of it. True when that changed.
    func setUsableArea(_ area: Rect?, of output: Output) -> Bool {
        guard usableAreas[ObjectIdentifier(output)] != area else { return false }
        usableAreas[ObjectIdentifier(output)] = area
        return true
    }

    func forgetUsableArea(of output: Output) { usableAreas[ObjectIdentifier(output)] = nil }

    /// The windows that are shown (mapped and not minimized), bottom to top.
    var visibleToplevels: [Toplevel] { toplevels.filter { !$0.states.minimized } }

    /// The mapped window that `surface` (its own surface, a popup's, or a subsurface of either) belongs to.
    func window(of surface: Surface) -> Toplevel? {
        let main = surface.mainSurface
        if let popup = (main.roleObject as? XdgSurface)?.popup { return popup.isMapped ? popup.rootToplevel : nil }
        return toplevels.last { $0.surface === main }
    }

    func register(_ toplevel: Toplevel) {
        registered.removeAll { $0.object == nil }
        registered.append(Weak(toplevel))
    }

    func unregister(_ toplevel: Toplevel) {
        registered.removeAll { $0.object == nil || $0.object === toplevel }
    }

    /// Mapped windows bottom to top, then the unmapped ones.
    var allToplevels: [Toplevel] {
        toplevels + registered.compactMap(\.object).filter { t in !toplevels.contains { $0 === t } }
    }

    /// A window's states changed (minimized, fullscreen, maximized…).
    func statesChanged() { arrangementChanges &+= 1 }

    func raise(_ toplevel: Toplevel) {
        arrangementChanges &+= 1
        toplevels.removeAll { $0 === toplevel }
        // X11 menus and tooltips stay above the windows they belong to.
        let index = toplevel.isUnmanaged ? toplevels.count : (toplevels.firstIndex { $0.isUnmanaged } ?? toplevels.count)
        toplevels.insert(toplevel, at: index)
        // Windows come after the layer surfaces below them; above them only
        // the top and overlay layer surfaces and the cursor.
        scene.insertSublayer(toplevel.windowLayer, at: layersBelow + index)
    }

    func remove(_ toplevel: Toplevel) {
        arrangementChanges &+= 1
        toplevels.removeAll { $0 === toplevel }
        toplevel.windowLayer.removeFromSuperlayer()
    }
}
