import StrataProtocol
import StrataRender

/// One output in the server's layout: a backend's output placed at
/// `origin`, with its wl_output global. The layout's space is points, the
/// scene root's bounds space; outputs sit side by side, left to right.
final class Output {
    let device: BackendOutput
    /// The output's rect in the layout, in points, as last laid out (a
    /// backend's resize is seen once the layout is made again). Its origin
    /// is wl_output's x and y and xdg_output's logical position.
    private(set) var bounds: Rect = .zero
    var origin: Point { bounds.origin }
    /// Where its pixels start in the layout's pixels (screenshots,
    /// screencopy damage): the widths in pixels of the outputs left of it,
    /// so outputs of different scales still meet without a gap.
    private(set) var pixelX = 0
    /// Its wl_output, which also sends wl_surface.enter and leave.
    var global: OutputGlobal?
    /// Taken out of the layout (unplugged, closed, `strata output remove`):
    /// what clients still name of it is inert.
    private(set) var isRemoved = false
    /// Off (wlr-output-power-management): it keeps its place in the layout,
    /// as in sway, but is not drawn, and surfaces only on it get no frame callbacks.
    var isPoweredOn = true

    init(device: BackendOutput) {
        self.device = device
    }

    var name: String { device.outputName }
    /// Read each time: a backend replaces the renderer when the output is resized.
    var renderer: SceneRenderer { device.renderer }
    var pixelWidth: Int { renderer.width }
    var pixelHeight: Int { renderer.height }
    /// Output pixels per point (wl_output.scale): the output's own.
    var scale: Double { max(renderer.scale, 1) }

    /// The output's rect in layout pixels.
    var pixelRect: PixelRect {
        PixelRect(x: pixelX, y: Int((origin.y * scale).rounded()), width: pixelWidth, height: pixelHeight)
    }

    /// Places the output at its renderer's size; the renderer draws that part of the scene from now on.
    func place(at point: Point, pixelX: Int) {
        bounds = Rect(origin: point, size: Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale))
        self.pixelX = pixelX
        renderer.origin = point
    }

    func markRemoved() { isRemoved = true }
}
