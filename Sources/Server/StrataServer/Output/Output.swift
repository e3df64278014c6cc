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
    /// Its wl_output, which also sends wl_surface.enter and leave.
    var global: OutputGlobal?

    init(device: BackendOutput) {
        self.device = device
    }

    var name: String { device.outputName }
    /// Read each time: a backend replaces the renderer when the output is resized.
    var renderer: SceneRenderer { device.renderer }
    var pixelWidth: Int { renderer.width }
    var pixelHeight: Int { renderer.height }

    /// The output's rect in layout pixels (the layout in points times the scale, which outputs share).
    var pixelRect: PixelRect {
        let scale = max(renderer.scale, 1)
        return PixelRect(x: Int((origin.x * scale).rounded()), y: Int((origin.y * scale).rounded()),
                         width: pixelWidth, height: pixelHeight)
    }

    /// Places the output at its renderer's size; the renderer draws that part of the scene from now on.
    func place(at point: Point) {
        let scale = max(renderer.scale, 1)
        bounds = Rect(origin: point, size: Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale))
        renderer.origin = point
    }
}
