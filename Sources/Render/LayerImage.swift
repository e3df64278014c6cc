import CPixman

/// A premultiplied 32-bit pixman image that a layer shows as its contents.
/// Its pixels are the compositor's own (the server copies a client's
/// buffer in at commit, only the damaged rects), or borrowed: a client's
/// shared memory, shown without a copy until the client's next buffer
/// replaces it (LayerImage+Borrowed). Borrowed pixels are read only
/// inside `withPixels`.
public final class LayerImage {
    public let width: Int
    public let height: Int
    /// false for XRGB8888 sources: every pixel is opaque.
    public let hasAlpha: Bool
    /// The pixman image (`pixman_image_t *`), owned by this object.
    public internal(set) var image: OpaquePointer
    /// Brackets reads of borrowed pixels; nil while the pixels are the compositor's own.
    public internal(set) var access: PixelAccess?
    /// Where borrowed pixels were when `image` was made over them.
    var borrowedBits: (address: UnsafeMutableRawPointer, stride: Int)?
    /// Damage since the renderer last drew this image, in image pixels.
    public private(set) var damage: [PixelRect] = []

    public init(width: Int, height: Int, hasAlpha: Bool) {
        precondition(width > 0 && height > 0, "LayerImage needs a positive size")
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        let format = hasAlpha ? PIXMAN_a8r8g8b8 : PIXMAN_x8r8g8b8
        image = pixman_image_create_bits(format, Int32(width), Int32(height), nil, 0)!
    }

    /// An image of pixels made elsewhere: `image` is adopted (unreferenced at deinit).
    init(width: Int, height: Int, hasAlpha: Bool, adopting image: OpaquePointer, access: PixelAccess?) {
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        self.image = image
        self.access = access
    }

    deinit { pixman_image_unref(image) }

    public var stride: Int { Int(pixman_image_get_stride(image)) }
    public var data: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pixman_image_get_data(image)!) }

    /// Copies `rect` (clipped to the image) from memory laid out like this
    /// image (32 bits a pixel, `sourceStride` bytes a row) and records it as damage.
    public func copy(from source: UnsafeRawPointer, sourceStride: Int, rect: PixelRect) {
        precondition(access == nil, "copying into borrowed pixels")
        let r = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !r.isEmpty else { return }
        let destination = data, destinationStride = stride
        for row in r.y..<(r.y + r.height) {
            (destination + row * destinationStride + r.x * 4)
                .copyMemory(from: source + row * sourceStride + r.x * 4, byteCount: r.width * 4)
        }
        recordDamage(r)
    }

    /// Records damage for pixels changed through `data` directly.
    public func addDamage(_ rect: PixelRect) {
        let r = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        if !r.isEmpty { recordDamage(r) }
    }

    /// Keeps `rect` for the renderer; the first rect since it last took the
    /// damage tells SceneGeneration (later ones add nothing it needs to
    /// know: the image is damaged until the renderer takes it).
    private func recordDamage(_ rect: PixelRect) {
        let first = damage.isEmpty
        damage.append(rect)
        if first { SceneGeneration.imageDamaged(self) }
    }

    /// Hands the accumulated damage to the renderer and starts afresh.
    public func takeDamage() -> [PixelRect] {
        defer { damage = [] }
        return damage
    }
}
