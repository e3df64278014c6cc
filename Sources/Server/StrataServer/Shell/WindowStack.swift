import StrataProtocol
import StrataRender

/// The output's windows, bottom to top, as sublayers of the scene root.
/// New windows go on top, each cascaded from the previous one so they do
/// not all sit at the origin.
final class WindowStack {
    private let scene: RenderLayer
    /// Mapped windows, bottom to top.
    private(set) var toplevels: [Toplevel] = []
    /// Every live toplevel, mapped or not, in creation order.
    private var registered: [Weak<Toplevel>] = []

    /// Cascade step, and the first window's origin, in points.
    static let cascadeStep = 32.0

    init(scene: RenderLayer) { self.scene = scene }

    /// The origin for a new window of `size`: one step down-right from the
    /// topmost window, back to the first position when there is none or
    /// when the new one would leave the output.
    func nextOrigin(for size: Size) -> Point {
        let step = WindowStack.cascadeStep
        let first = Point(x: step, y: step)
        guard let last = toplevels.last?.origin else { return first }
        let origin = Point(x: last.x + step, y: last.y + step)
        let output = scene.bounds.size
        if origin.x + min(size.width, output.width / 2) > output.width
            || origin.y + min(size.height, output.height / 2) > output.height {
            return first
        }
        return origin
    }

    /// The mapped window that `surface` (its own surface or a subsurface) belongs to.
    func window(of surface: Surface) -> Toplevel? {
        let main = surface.mainSurface
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

    func raise(_ toplevel: Toplevel) {
        toplevels.removeAll { $0 === toplevel }
        toplevels.append(toplevel)
        // Windows are the scene's first sublayers; above them only the cursor.
        scene.insertSublayer(toplevel.windowLayer, at: toplevels.count - 1)
    }

    func remove(_ toplevel: Toplevel) {
        toplevels.removeAll { $0 === toplevel }
        toplevel.windowLayer.removeFromSuperlayer()
    }
}
