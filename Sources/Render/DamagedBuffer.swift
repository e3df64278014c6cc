import CPixman

/// A buffer a display shows (a dumb buffer, a wl_shm buffer of a parent
/// compositor or of the compositor an app draws for), a pixman image over
/// its pixels, and the damage it has missed since it was last brought up
/// to date: a presenter keeps two or more and copies into one only what
/// changed since that one was shown.
public final class DamagedBuffer<Handle> {
    public let handle: Handle
    public let bounds: PixelRect
    private let image: OpaquePointer
    private var damage: [PixelRect]
    /// Past this many rects the damage becomes their bounding box.
    private static var maximumRects: Int { 32 }

    public init(_ handle: Handle, pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        self.handle = handle
        bounds = PixelRect(x: 0, y: 0, width: width, height: height)
        image = pixman_image_create_bits(PIXMAN_x8r8g8b8, Int32(width), Int32(height),
                                         pixels.assumingMemoryBound(to: UInt32.self), Int32(stride))!
        // A new buffer holds nothing of the source yet.
        damage = [bounds]
    }

    deinit { pixman_image_unref(image) }

    public var hasDamage: Bool { !damage.isEmpty }

    /// What changed in the source. A rect already covered is not copied
    /// twice (frames the display skipped repeat their damage).
    public func add(_ rects: [PixelRect]) {
        for rect in rects.map({ $0.intersection(bounds) }) where !rect.isEmpty && !damage.contains(where: { $0.contains(rect) }) {
            damage.removeAll { rect.contains($0) }
            damage.append(rect)
        }
        if damage.count > Self.maximumRects, let first = damage.first {
            damage = [damage.dropFirst().reduce(first) { $0.union($1) }]
        }
    }

    /// Copies what this buffer missed from `source` (the renderer's
    /// framebuffer); returns the rects copied, for the display's damage.
    public func copyDamage(from source: OpaquePointer) -> [PixelRect] {
        let copied = damage
        damage = []
        for rect in copied {
            pixman_image_composite32(PIXMAN_OP_SRC, source, nil, image, Int32(rect.x), Int32(rect.y), 0, 0,
                                     Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
        }
        return copied
    }
}

private extension PixelRect {
    func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }
}
