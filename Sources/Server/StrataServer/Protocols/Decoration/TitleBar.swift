import StrataProtocol
import StrataRender

/// The title bar Strata draws above a window whose decoration is
/// server-side: the title, then minimize, maximize and close buttons at the
/// right. It is a sublayer of the window's layer, so it moves, stacks and
/// hides with the window; its image is drawn again only when what it shows
/// changes (title, width, focus, maximized).
final class TitleBar {
    /// In points, above the window's geometry.
    static let height: Double = 28
    /// Each button is a square as tall as the bar.
    static let buttonWidth: Double = 28

    enum Part: String {
        case title, minimize, maximize, close
    }

    let layer = RenderLayer()
    /// Where the bar is on the output, in points.
    private(set) var frame = Rect.zero
    private let scale: Double
    private var drawn: TitleBarDrawing.Content?

    init(scale: Double) {
        self.scale = scale
        layer.name = "title-bar"
        layer.anchorPoint = .zero
        layer.isOpaque = true
    }

    /// Places the bar above `window`'s geometry and redraws it if what it shows changed.
    func layout(window: Toplevel) {
        if layer.superlayer !== window.windowLayer { window.windowLayer.addSublayer(layer) }
        let g = window.geometry
        let origin = window.origin ?? .zero
        layer.isHidden = window.states.fullscreen || g.isEmpty
        layer.position = Point(x: g.minX, y: g.minY - TitleBar.height)
        layer.bounds = Rect(x: 0, y: 0, width: g.width, height: TitleBar.height)
        frame = layer.isHidden ? .zero : Rect(x: origin.x, y: origin.y - TitleBar.height, width: g.width, height: TitleBar.height)
        guard !layer.isHidden else { return }
        let content = TitleBarDrawing.Content(title: window.title ?? "", width: Int(g.width.rounded()),
                                              active: window.isActivated, maximized: window.states.maximized)
        guard content != drawn else { return }
        drawn = content
        layer.contents = TitleBarDrawing.image(of: content, height: TitleBar.height, scale: scale)
        layer.contentsScale = scale
    }

    /// The part of the bar at `point` (output points), or nil outside it.
    func part(at point: Point) -> Part? {
        guard !frame.isEmpty, point.x >= frame.minX, point.x < frame.maxX, point.y >= frame.minY, point.y < frame.maxY
        else { return nil }
        let fromRight = frame.maxX - point.x
        switch Int(fromRight / TitleBar.buttonWidth) {
        case 0: return .close
        case 1: return .maximize
        case 2: return .minimize
        default: return .title
        }
    }

    func remove() {
        layer.removeFromSuperlayer()
        frame = .zero
    }
}
