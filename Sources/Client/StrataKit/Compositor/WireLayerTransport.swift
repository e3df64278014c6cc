import Foundation
import StrataWayland
#if canImport(Glibc)
import Glibc
#endif

/// The encoder's nodes as strata_layer_v1 objects on the compositor; a
/// layer's contents are copied into a wl_shm buffer of its window's pool.
final class WireLayerTransport: LayerTransport {
    private let manager: WaylandLayerManager
    private let connection: Connection
    /// The pool of the window a layer is shown in: its contents are copied there.
    var windowPool: (CALayer) -> ContentsBufferPool? = { _ in nil }
    /// Contents of layers outside any shown window (rare: a layer removed
    /// from a window whose contents change) are sent from this pool.
    private lazy var fallbackPool = ContentsBufferPool(connection: connection)

    init(manager: WaylandLayerManager, connection: Connection) {
        self.manager = manager
        self.connection = connection
    }

    func makeNode() -> any LayerNode { manager.createLayer(listening: true) }

    func setContents(_ image: CGImage, changed rects: [CGRect], partial: Bool,
                     of node: any LayerNode, for layer: CALayer) throws -> Int {
        let remote = node as! Layer
        let buffer = try (windowPool(layer) ?? fallbackPool).buffer(width: image.width, height: image.height)
        var copied = 0
        image.withPixels { source in
            for rect in rects {
                let x = Int(rect.minX), width = Int(rect.width)
                for row in Int(rect.minY)..<Int(rect.maxY) {
                    memcpy(buffer.pixels + row * buffer.stride + x * 4, source + row * image.bytesPerRow + x * 4, width * 4)
                }
                copied += width * Int(rect.height) * 4
            }
        }
        remote.setContents(buffer, width: image.width, height: image.height)
        if partial {
            for rect in rects {
                remote.damageContents(x: Int(rect.minX), y: Int(rect.minY), width: Int(rect.width), height: Int(rect.height))
            }
        }
        return copied
    }

    func removeContents(of node: any LayerNode) { (node as! Layer).setContents(nil) }

    /// libwayland-client fails a request that finds its 4 KiB buffer full
    /// while the socket is busy: waits until the socket takes more.
    func flush() {
        while (try? connection.flush()) == false {
            var entry = pollfd(fd: connection.fileDescriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&entry, 1, 100)
        }
    }
}
