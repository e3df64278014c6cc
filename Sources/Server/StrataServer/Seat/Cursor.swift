import StrataProtocol
import StrataRender

/// The pointer's image: a layer on top of the scene, at the pointer, that
/// shows either the cursor surface the focused client set (its hotspot on
/// the pointer) or the compositor's arrow. Being a layer, it gets its own
/// damage from the renderer: moving it redraws only where it was and is.
///
/// Not drawn until the pointer first moves (an untouched scene looks as it
/// always did), and hidden from a touch down until the pointer moves again.
final class Cursor {
    /// The scene's topmost sublayer; its position is the pointer.
    let layer = RenderLayer()
    private let arrow = RenderLayer()

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
        self.hotspot = hotspot
    }

    /// Shows the cursor of `client` (the pointer focus's) if it set one,
    /// and the arrow otherwise. A client's cursor lasts while it has the pointer.
    func showClientCursor(forClient client: OpaquePointer?) {
        if owner != nil, owner != client {
            if let old = clientSurface, old.layer.superlayer === layer { old.layer.removeFromSuperlayer() }
            clientSurface = nil
            owner = nil
        }
        if owner != nil {
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
