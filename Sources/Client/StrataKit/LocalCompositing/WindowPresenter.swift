import Foundation
import StrataProtocol
import StrataRender
import StrataWayland

/// One window composited by the app: its surface as a scene (the window's
/// layer tree, under a title bar when the app draws its own decoration),
/// drawn with StrataRender at the window's scale and shown through the
/// toplevel's wl_surface with only the damaged pixels.
///
/// The scale is an integer, the wl_surface's buffer scale, unless the
/// compositor offers fractional scaling: then the buffer holds the
/// surface's points times any scale, rounded up, at buffer scale 1, and
/// the surface's wp_viewport shows it at the size in points.
final class WindowPresenter {
    /// The surface, in points: the root the renderer draws.
    let scene = RenderLayer()
    /// Holds the window's layer, below the title bar when there is one.
    private let content = RenderLayer()
    /// The title bar the app draws where the compositor draws none.
    private(set) var titleBar: ClientTitleBar?
    private var title = ""
    private var isActive = false
    /// Whether a press near the surface's edges resizes the window.
    var resizesFromEdges = true
    private let surfacePresenter: SurfacePresenter
    private unowned let compositor: LocalCompositor
    private let toplevel: WaylandToplevel
    private var renderer: SceneRenderer?
    /// The surface's wp_fractional_scale_v1 and wp_viewport, where offered.
    let scaling: SurfaceScaling?
    /// Buffer pixels per point.
    private(set) var scale: Double = 1
    /// The window's size in points, as its layer tree has it.
    private var contentSize = Size(width: 0, height: 0)

    init(toplevel: WaylandToplevel, connection: Connection, compositor: LocalCompositor, scaling: SurfaceScaling?) {
        self.toplevel = toplevel
        self.scaling = scaling
        self.compositor = compositor
        surfacePresenter = SurfacePresenter(connection: connection, toplevel: toplevel)
        scene.name = "surface"
        content.name = "content"
        content.anchorPoint = .zero
        scene.addSublayer(content)
        surfacePresenter.onFrame = { [weak compositor] in compositor?.windowWantsFrame() }
        compositor.add(self)
    }

    var isWaitingForFrame: Bool { surfacePresenter.isWaitingForFrame }
    /// What was committed, for tests and figures.
    var lastDamage: [PixelRect] { surfacePresenter.lastDamage }
    var commitCount: Int { surfacePresenter.commitCount }
    /// The size of the buffers in pixels (0×0 before the first fit).
    private(set) var bufferSize = (width: 0, height: 0)

    /// Shows `root` (the window's layer) as the surface's content.
    func show(_ root: LocalLayer) {
        content.setSublayers([root.renderLayer])
    }

    /// Points between the surface's top and the window's content.
    var contentOffset: CGFloat { titleBar == nil ? 0 : ClientTitleBar.height }

    /// Draws a title bar (the compositor draws none), or stops drawing it.
    func setDrawsTitleBar(_ draws: Bool) {
        guard draws != (titleBar != nil) else { return }
        if draws {
            let bar = ClientTitleBar()
            titleBar = bar
            scene.addSublayer(bar.layer)
        } else {
            titleBar?.layer.removeFromSuperlayer()
            titleBar = nil
        }
        content.position = Point(x: 0, y: Double(contentOffset))
        contentSize = Size(width: 0, height: 0)  // the surface's size changes with the next fit
    }

    /// The title and activation the bar shows.
    func setTitle(_ title: String, isActive: Bool) {
        (self.title, self.isActive) = (title, isActive)
        titleBar?.update(title: title, width: CGFloat(contentSize.width), scale: CGFloat(scale), isActive: isActive)
    }

    /// The window's size and scale, before the frame that shows them.
    func fit(width: Double, height: Double, scale: Double) {
        let size = Size(width: width, height: height)
        guard size != contentSize || scale != self.scale else { return }
        contentSize = size
        self.scale = scale
        content.bounds = Rect(x: 0, y: 0, width: width, height: height)
        titleBar?.update(title: title, width: CGFloat(width), scale: CGFloat(scale), isActive: isActive)
        let height = height + Double(contentOffset)
        scene.bounds = Rect(x: 0, y: 0, width: width, height: height)
        toplevel.setWindowGeometry(x: 0, y: 0, width: Int32(clamping: Int(width)), height: Int32(clamping: Int(height)))
        let pixelWidth = Int((width * scale).rounded(.up)), pixelHeight = Int((height * scale).rounded(.up))
        guard pixelWidth > 0, pixelHeight > 0 else { renderer = nil; return }
        do {
            try surfacePresenter.resize(width: pixelWidth, height: pixelHeight, opaque: true)
            renderer = SceneRenderer(width: pixelWidth, height: pixelHeight, scale: scale)
            bufferSize = (pixelWidth, pixelHeight)
            if let scaling {
                // Any scale: the viewport maps the buffer's pixels onto the surface's points.
                toplevel.setBufferScale(1)
                scaling.setDestination(width: Int32(clamping: max(1, Int(width.rounded()))),
                                       height: Int32(clamping: max(1, Int(height.rounded()))))
            } else {
                toplevel.setBufferScale(Int32(scale))
            }
        } catch {
            FileHandle.standardError.write(Data("StrataKit: no buffers for a \(pixelWidth)×\(pixelHeight) window: \(error)\n".utf8))
            renderer = nil
        }
    }

    /// Draws what changed since the last frame and presents it (nothing
    /// when nothing changed).
    func draw() {
        guard let renderer else { return }
        let stats = renderer.render(scene)
        surfacePresenter.present(renderer.framebuffer, damage: stats.damage)
    }

    func destroy() {
        scaling?.destroy()
        surfacePresenter.destroy()
        scene.setSublayers([])
    }
}
