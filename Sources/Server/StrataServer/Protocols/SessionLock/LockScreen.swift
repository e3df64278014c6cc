import StrataProtocol
import StrataRender

/// What the outputs show while the session is locked: one opaque layer of
/// `color` over the whole layout, above every window, panel and menu
/// (only the cursor is above it), holding each shown lock surface at its
/// output's origin. Being opaque, it hides everything below it from the
/// renderer, so no window pixel reaches an output or a screenshot.
final class LockScreen {
    /// Where an output has no lock surface (yet, or any more).
    static let color = Color(red: 0, green: 0, blue: 0)

    let layer = RenderLayer()
    private unowned let scene: RenderLayer

    init(scene: RenderLayer) {
        self.scene = scene
        layer.name = "lock screen"
        layer.anchorPoint = .zero
        layer.position = .zero
        layer.backgroundColor = LockScreen.color
        layer.isOpaque = true
    }

    var isShown: Bool { layer.superlayer != nil }

    func show(in server: Server) {
        layer.bounds = LockScreen.layoutBounds(server)
        keepOnTop()
        server.scheduleFrame()
    }

    func hide() {
        layer.removeFromSuperlayer()
        for sublayer in layer.sublayers { sublayer.removeFromSuperlayer() }
    }

    /// Covers the layout as it is now, with `surfaces` on it, first made first.
    func layOut(_ surfaces: [LockSurface], in server: Server) {
        let bounds = LockScreen.layoutBounds(server)
        if layer.bounds != bounds { layer.bounds = bounds }
        for sublayer in layer.sublayers where !surfaces.contains(where: { $0.container === sublayer }) {
            sublayer.removeFromSuperlayer()
        }
        for (index, surface) in surfaces.enumerated() where layer.sublayers.firstIndex(where: { $0 === surface.container }) != index {
            surface.container.removeFromSuperlayer()
            layer.insertSublayer(surface.container, at: min(index, layer.sublayers.count))
        }
    }

    /// Puts the layer back on top if something was put above it since (a
    /// menu, a panel, a window): before every frame while locked. Only the cursor stays above.
    func keepOnTop() {
        let sublayers = scene.sublayers
        let top = sublayers.last { $0.name != "cursor" }
        guard top !== layer else { return }
        layer.removeFromSuperlayer()
        if let cursor = scene.sublayers.firstIndex(where: { $0.name == "cursor" }) {
            scene.insertSublayer(layer, at: cursor)
        } else {
            scene.addSublayer(layer)
        }
    }

    /// The smallest rect holding every output, in layout points.
    private static func layoutBounds(_ server: Server) -> Rect {
        let width = server.outputs.map(\.bounds.maxX).max() ?? 0
        let height = server.outputs.map(\.bounds.maxY).max() ?? 0
        return Rect(origin: .zero, size: Size(width: width, height: height))
    }
}
