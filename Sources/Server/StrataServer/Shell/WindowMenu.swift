import StrataProtocol
import StrataRender

/// The window menu (xdg_toplevel.show_window_menu, or a right click on a
/// title bar Strata draws): minimize, maximize or restore, full screen or
/// not, and close, for one window. It is the compositor's: drawn above
/// every window at the point asked for (kept on the output), it holds the
/// pointer and the keys until an item is chosen or it is dismissed.
final class WindowMenu {
    enum Item: Equatable {
        case minimize, maximize, restore, fullscreen, leaveFullscreen, close

        var title: String {
            switch self {
            case .minimize: return "Minimize"
            case .maximize: return "Maximize"
            case .restore: return "Restore"
            case .fullscreen: return "Full Screen"
            case .leaveFullscreen: return "Leave Full Screen"
            case .close: return "Close"
            }
        }
    }

    static let width = 180.0
    static let itemHeight = 28.0
    /// Space above the first item and below the last.
    static let padding = 4.0

    private(set) weak var window: Toplevel?
    let items: [Item]
    /// The item under the pointer or chosen with the arrow keys.
    private(set) var highlighted: Int?
    /// The menu's layer in the scene: its frame is the menu's, in layout points.
    let layer = RenderLayer()
    /// A release chooses an item only once the pointer has moved or pressed
    /// since the menu opened: the right press that opened it may end on it.
    var isArmed = false

    init(window: Toplevel, at point: Point, within area: Rect, scale: Double) {
        self.window = window
        let states = window.states
        items = [.minimize, states.maximized ? .restore : .maximize,
                 states.fullscreen ? .leaveFullscreen : .fullscreen, .close]
        let size = Size(width: WindowMenu.width, height: Double(items.count) * WindowMenu.itemHeight + 2 * WindowMenu.padding)
        // Opens down and right of the point, or flipped back onto the output.
        var origin = point
        if origin.x + size.width > area.maxX { origin.x = max(area.minX, point.x - size.width) }
        if origin.y + size.height > area.maxY { origin.y = max(area.minY, point.y - size.height) }
        origin.x = max(origin.x, area.minX)
        origin.y = max(origin.y, area.minY)
        layer.name = "window menu"
        layer.anchorPoint = .zero
        layer.position = origin
        layer.bounds = Rect(origin: .zero, size: size)
        redraw(scale: scale)
    }

    var frame: Rect { Rect(origin: layer.position, size: layer.bounds.size) }

    func contains(_ point: Point) -> Bool {
        point.x >= frame.minX && point.x < frame.maxX && point.y >= frame.minY && point.y < frame.maxY
    }

    /// The item at `point` (layout points), if the point is on one.
    func item(at point: Point) -> Int? {
        let local = Point(x: point.x - frame.minX, y: point.y - frame.minY - WindowMenu.padding)
        guard local.x >= 0, local.x < WindowMenu.width, local.y >= 0 else { return nil }
        let index = Int(local.y / WindowMenu.itemHeight)
        return index < items.count ? index : nil
    }

    /// Highlights `index` (nil: none); true when that changed what is shown.
    @discardableResult
    func highlight(_ index: Int?, scale: Double) -> Bool {
        guard index != highlighted else { return false }
        highlighted = index
        redraw(scale: scale)
        return true
    }

    /// Moves the highlight by `step` items, wrapping around (the arrow keys).
    func moveHighlight(by step: Int, scale: Double) {
        let count = items.count
        let next = highlighted.map { (($0 + step) % count + count) % count } ?? (step > 0 ? 0 : count - 1)
        highlight(next, scale: scale)
    }

    /// Does what `items[index]` says to the window.
    func perform(_ index: Int) {
        guard let window, window.isMapped, items.indices.contains(index) else { return }
        switch items[index] {
        case .minimize: window.minimize()
        case .maximize: window.setMaximized(true)
        case .restore: window.setMaximized(false)
        case .fullscreen: window.setFullscreen(true)
        case .leaveFullscreen: window.setFullscreen(false)
        case .close: window.close()
        }
    }

    /// The scale it was drawn at last.
    var scale: Double { layer.contentsScale }

    private func redraw(scale: Double) {
        layer.contents = WindowMenuDrawing.image(titles: items.map(\.title), highlighted: highlighted, size: layer.bounds.size,
                                                 itemHeight: WindowMenu.itemHeight, padding: WindowMenu.padding, scale: scale)
        layer.contentsScale = scale
    }
}
