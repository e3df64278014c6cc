import StrataProtocol
import StrataWayland

#if canImport(Glibc)
import Glibc
#endif

/// The demo's scenes: fixed layer trees, no animation, nothing that depends on time.
enum Scene: String, CaseIterable {
    case solids
    case composed

    /// Builds the tree; returns the root and the buffers it shows, which
    /// must live as long as the compositor may read them.
    func build(with manager: WaylandLayerManager, connection: Connection) throws -> (root: Layer, buffers: [ShmBuffer]) {
        switch self {
        case .solids: return (Self.solids(manager), [])
        case .composed: return try Self.composed(manager, connection)
        }
    }

    static let size = Size(width: 320, height: 240)

    /// A layer with its top left corner at `origin` in the superlayer.
    private static func box(_ manager: WaylandLayerManager, _ frame: Rect, _ color: Color?) -> Layer {
        let layer = manager.createLayer()
        layer.setAnchorPoint(.zero)
        layer.setPosition(frame.origin)
        layer.setBounds(Rect(origin: .zero, size: frame.size))
        layer.setBackgroundColor(color)
        return layer
    }

    private static func root(_ manager: WaylandLayerManager, _ color: Color) -> Layer {
        let root = box(manager, Rect(origin: .zero, size: size), color)
        root.setOpaque(true)
        return root
    }

    /// Opaque rectangles on an opaque background, one half-transparent layer over them.
    static func solids(_ manager: WaylandLayerManager) -> Layer {
        let root = root(manager, Color(red: 0.12, green: 0.14, blue: 0.18))
        let layers = [
            box(manager, Rect(x: 20, y: 20, width: 120, height: 80), Color(red: 0.85, green: 0.20, blue: 0.20)),
            box(manager, Rect(x: 180, y: 30, width: 100, height: 100), Color(red: 0.20, green: 0.70, blue: 0.30)),
            box(manager, Rect(x: 40, y: 150, width: 200, height: 60), Color(red: 0.20, green: 0.35, blue: 0.85)),
            box(manager, Rect(x: 290, y: 200, width: 20, height: 20), Color(red: 1, green: 1, blue: 1)),
        ]
        for layer in layers {
            layer.setOpaque(true)
            root.addSublayer(layer)
        }
        let translucent = box(manager, Rect(x: 110, y: 60, width: 120, height: 120), Color(red: 1.0, green: 0.85, blue: 0.10))
        translucent.setOpacity(0.5)
        root.addSublayer(translucent)
        return root
    }

    /// An image rotated and faded, a clipping layer, and a nested transformed group.
    static func composed(_ manager: WaylandLayerManager, _ connection: Connection) throws -> (root: Layer, buffers: [ShmBuffer]) {
        let root = root(manager, Color(red: 0.90, green: 0.92, blue: 0.95))

        // A 64×64 checkerboard, rotated 30° about its center, at 70% opacity.
        let image = try ShmBuffer(connection: connection, width: 64, height: 64)
        image.fillCheckerboard(cellSize: 8, Color(red: 0.95, green: 0.55, blue: 0.10), Color(red: 0.10, green: 0.15, blue: 0.40))
        let picture = manager.createLayer()
        picture.setBounds(Rect(x: 0, y: 0, width: 64, height: 64))
        picture.setPosition(Point(x: 80, y: 80))
        picture.setTransform(AffineTransform(rotationAngle: Double.pi / 6))
        picture.setOpacity(0.7)
        picture.setContents(image)
        picture.setContentsGravity(.resize)
        root.addSublayer(picture)

        // A white panel that clips a teal square overflowing its bottom right corner.
        let clip = box(manager, Rect(x: 190, y: 20, width: 100, height: 80), .white)
        clip.setMasksToBounds(true)
        clip.addSublayer(box(manager, Rect(x: 50, y: 40, width: 80, height: 80), Color(red: 0.10, green: 0.60, blue: 0.60)))
        root.addSublayer(clip)

        // A group turned by -10° holding a scaled layer, which holds a translucent child.
        let group = box(manager, Rect(x: 150, y: 130, width: 140, height: 90), Color(red: 0.30, green: 0.30, blue: 0.35, alpha: 0.25))
        group.setTransform(AffineTransform(rotationAngle: -Double.pi / 18))
        let scaled = manager.createLayer()
        scaled.setBounds(Rect(x: 0, y: 0, width: 60, height: 60))
        scaled.setPosition(Point(x: 70, y: 45))
        scaled.setTransform(AffineTransform(scaleX: 1.5, y: 0.75))
        scaled.setBackgroundColor(Color(red: 0.55, green: 0.25, blue: 0.70))
        let inner = box(manager, Rect(x: 10, y: 10, width: 20, height: 40), Color(red: 1, green: 1, blue: 1, alpha: 0.6))
        scaled.addSublayer(inner)
        group.addSublayer(scaled)
        root.addSublayer(group)

        return (root, [image])
    }
}
