import StrataProtocol
import StrataRender

/// The title bar Strata draws above a window whose decoration is
/// server-side: the title, then minimize, maximize and close buttons at the
/// right; around the bar and the window, an invisible border a press on
/// which resizes the window from that edge. It is a sublayer of the window's layer, so it moves, stacks and
/// hides with the window; its image is drawn again only when what it shows
/// changes (title, width, focus, maximized).
final class TitleBar {
    /// In points, above the window's geometry.
    static let height: Double = 28
    /// Each button is a square as tall as the bar.
    static let buttonWidth: Double = 28

    /// The band outside the window and its bar that resizes it, in points.
    static let borderWidth: Double = 6

    enum Part: Equatable {
        case title, minimize, maximize, close
        case edge(ResizeEdges)
    }

    let layer = RenderLayer()
    /// Where the bar is on the output, in points.
    private(set) var frame = Rect.zero
    /// The bar and the window below it, on the output.
    private var decorated = Rect.zero
    /// Pixels per point the bar is drawn at: its window's output's scale.
    private var scale: Double
    private var drawn: TitleBarDrawing.Content?

    init(scale: Double) {
        self.scale = scale
        layer.name = "title-bar"
        layer.anchorPoint = .zero
        layer.isOpaque = true
    }

    /// Places the bar above `window`'s geometry and redraws it if what it shows changed.
    static let maximumDrawnWidth = 16384.0

    func layout(window: Toplevel) {
        if layer.superlayer !== window.windowLayer { window.windowLayer.addSublayer(layer) }
        let g = window.geometry
        let origin = window.origin ?? .zero
        layer.isHidden = window.states.fullscreen || g.isEmpty
        layer.position = Point(x: g.minX, y: g.minY - TitleBar.height)
        layer.bounds = Rect(x: 0, y: 0, width: g.width, height: TitleBar.height)
        frame = layer.isHidden ? .zero : Rect(x: origin.x, y: origin.y - TitleBar.height, width: g.width, height: TitleBar.height)
        // Maximized windows are not resized by their edges.
        decorated = layer.isHidden || window.states.maximized ? .zero
            : Rect(x: frame.minX, y: frame.minY, width: g.width, height: TitleBar.height + g.height)
        guard !layer.isHidden else { return }
        // No output is wider than this: a wider bar is drawn this wide and stretched,
        // so a client's huge geometry costs no huge image.
        let drawnWidth = ClientValue.int(min(g.width, TitleBar.maximumDrawnWidth).rounded())
        let title = (window.title ?? "") + (window.isResponding ? "" : " (Not Responding)")
        let content = TitleBarDrawing.Content(title: title, width: drawnWidth,
                                              active: window.isActivated, maximized: window.states.maximized)
        // Drawn again at the scale of the output the window is on now.
        let outputScale = window.server.output(of: window).scale
        if outputScale != scale { (scale, drawn) = (outputScale, nil) }
        guard content != drawn else { return }
        drawn = content
        layer.contents = TitleBarDrawing.image(of: content, height: TitleBar.height, scale: scale)
        layer.contentsScale = scale
    }

    /// The part of the bar or border at `point` (output points), or nil elsewhere.
    func part(at point: Point) -> Part? {
        if frame.contains(point) {
            let fromRight = frame.maxX - point.x
            switch Int(fromRight / TitleBar.buttonWidth) {
            case 0: return .close
            case 1: return .maximize
            case 2: return .minimize
            default: return .title
            }
        }
        guard !decorated.isEmpty else { return nil }
        let b = TitleBar.borderWidth
        let outer = Rect(x: decorated.minX - b, y: decorated.minY - b, width: decorated.width + 2 * b, height: decorated.height + 2 * b)
        guard outer.contains(point), !decorated.contains(point) else { return nil }
        var edges: ResizeEdges = []
        if point.x < decorated.minX { edges.insert(.left) } else if point.x >= decorated.maxX { edges.insert(.right) }
        if point.y < decorated.minY { edges.insert(.top) } else if point.y >= decorated.maxY { edges.insert(.bottom) }
        return .edge(edges)
    }

    func remove() {
        layer.removeFromSuperlayer()
        frame = .zero
        decorated = .zero
    }
}

private extension Rect {
    func contains(_ point: Point) -> Bool {
        !isEmpty && point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }
}
