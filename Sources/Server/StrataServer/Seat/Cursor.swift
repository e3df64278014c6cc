import StrataProtocol
import StrataRender

/// The pointer's image: a layer on top of the scene, at the pointer, that
/// shows the cursor surface the focused client set (its hotspot on the
/// pointer), the theme's cursor it named (cursor-shape-v1), or the
/// compositor's arrow. Being a layer, it gets its own
/// damage from the renderer: moving it redraws only where it was and is.
///
/// Not drawn until the pointer first moves (an untouched scene looks as it
/// always did), and hidden from a touch down until the pointer moves again.
final class Cursor {
    /// The scene's topmost sublayer; its position is the pointer.
    let layer = RenderLayer()
    private let arrow = RenderLayer()
    /// A named shape from the cursor theme, while the focused client set one.
    private let named = RenderLayer()
    private(set) var shapeName: String?
    private let theme = CursorTheme()

    /// The surface (role "cursor") the pointer's focused client set, and the
    /// client that set it; nil surface with an owner: that client hid the cursor.
    private weak var clientSurface: Surface?
    private var owner: OpaquePointer?
    private var hotspot = Point.zero

    private unowned let scene: RenderLayer
    private var hasMoved = false
    private var hiddenForTouch = false

    init(scene: RenderLayer) {
        self.scene = scene
        layer.name = "cursor"
        layer.anchorPoint = .zero
        layer.isHidden = true
        arrow.name = "arrow"
        arrow.anchorPoint = .zero
        let image = Cursor.makeArrowImage()
        arrow.contents = image
        arrow.bounds = Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
        layer.addSublayer(arrow)
        named.name = "shape"
        named.anchorPoint = .zero
        named.isHidden = true
        layer.addSublayer(named)
    }

    func pointerMoved(to point: Point) {
        // Into the scene, above the windows, on the first motion: until then the scene holds only windows.
        if layer.superlayer == nil { scene.addSublayer(layer) }
        layer.position = point
        hasMoved = true
        hiddenForTouch = false
        updateVisibility()
    }

    func touchBegan() {
        hiddenForTouch = true
        updateVisibility()
    }

    private func updateVisibility() {
        layer.isHidden = !hasMoved || hiddenForTouch
    }

    /// A client's wl_pointer.set_cursor (already checked by the seat): its
    /// surface with the hotspot, or nil to hide the cursor.
    func setClientCursor(_ surface: Surface?, hotspot: Point, client: OpaquePointer) {
        if let old = clientSurface, old !== surface, old.layer.superlayer === layer { old.layer.removeFromSuperlayer() }
        clientSurface = surface
        owner = client
        shapeName = nil
        self.hotspot = hotspot
    }

    /// A client's cursor-shape-v1 set_shape (already checked by the seat):
    /// the theme's cursor of that name, or the arrow if the theme has none.
    func setClientShape(_ name: String, client: OpaquePointer) {
        if let old = clientSurface, old.layer.superlayer === layer { old.layer.removeFromSuperlayer() }
        clientSurface = nil
        owner = client
        shapeName = name
        guard let shape = theme.shape(named: name) else { named.contents = nil; return }
        named.contents = shape.image
        named.bounds = Rect(x: 0, y: 0, width: Double(shape.image.width), height: Double(shape.image.height))
        named.position = Point(x: -Double(shape.hotspot.x), y: -Double(shape.hotspot.y))
    }

    /// Shows the cursor of `client` (the pointer focus's) if it set one,
    /// and the arrow otherwise. A client's cursor lasts while it has the pointer.
    func showClientCursor(forClient client: OpaquePointer?) {
        if owner != nil, owner != client {
            if let old = clientSurface, old.layer.superlayer === layer { old.layer.removeFromSuperlayer() }
            clientSurface = nil
            owner = nil
            shapeName = nil
        }
        let shaped = owner != nil && shapeName != nil && named.contents != nil
        named.isHidden = !shaped
        if shaped {
            arrow.isHidden = true
        } else if owner != nil, shapeName == nil {
            arrow.isHidden = true
            if let surface = clientSurface, surface.resource != nil {
                if surface.layer.superlayer !== layer { layer.addSublayer(surface.layer) }
                surface.layer.position = Point(x: -hotspot.x, y: -hotspot.y)
            }
        } else {
            arrow.isHidden = false
            arrow.position = .zero
        }
    }

    /// The default arrow: black with a white outline, its tip (the hotspot) at (0, 0).
    static func makeArrowImage() -> LayerImage {
        let rows = [
            "W...........",
            "WW..........",
            "WBW.........",
            "WBBW........",
            "WBBBW.......",
            "WBBBBW......",
            "WBBBBBW.....",
            "WBBBBBBW....",
            "WBBBBBBBW...",
            "WBBBBBBBBW..",
            "WBBBBBBBBBW.",
            "WBBBBBBWWWWW",
            "WBBBWBBW....",
            "WBBWWBBW....",
            "WBW..WBBW...",
            "WW...WBBW...",
            "W.....WBBW..",
            "......WBBW..",
            ".......WW...",
        ]
        let image = LayerImage(width: rows[0].count, height: rows.count, hasAlpha: true)
        for (y, row) in rows.enumerated() {
            let line = (image.data + y * image.stride).assumingMemoryBound(to: UInt32.self)
            for (x, mark) in row.enumerated() {
                // Premultiplied ARGB.
                line[x] = mark == "W" ? 0xFFFF_FFFF : mark == "B" ? 0xFF00_0000 : 0
            }
        }
        image.addDamage(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
        return image
    }
}
