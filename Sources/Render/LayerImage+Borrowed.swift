import CPixman

/// Reads of memory the compositor does not own (a client's wl_shm pool,
/// which the client may truncate under it) happen between `beginAccess`
/// and `endAccess`, so the owner can catch a fault. Brackets do not nest
/// across different owners.
public protocol PixelAccess: AnyObject {
    func beginAccess()
    func endAccess()
    /// Where the first pixel is now (a pool the client grew may have been
    /// mapped elsewhere); nil once the memory is gone.
    var pixels: UnsafeMutableRawPointer? { get }
}

// Borrowed pixels: compositing straight from a client's buffer saves
// copying every frame's damage into compositor memory first (weston's
// pixman renderer reads shm buffers in place too). The image keeps its
// identity when the client's next buffer of the same size takes over, so
// the renderer still redraws only the damage.
extension LayerImage {
    /// An image over `bits` (32 bits a pixel, `stride` bytes a row, a
    /// multiple of 4), read only inside `withPixels`.
    public convenience init(borrowing bits: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int,
                            hasAlpha: Bool, access: PixelAccess) {
        self.init(width: width, height: height, hasAlpha: hasAlpha,
                  adopting: LayerImage.wrap(bits, width: width, height: height, stride: stride, hasAlpha: hasAlpha),
                  access: access)
        borrowedBits = (bits, stride)
    }

    /// Whether the pixels are a client's.
    public var isBorrowed: Bool { access != nil }

    /// Shows the pixels at `bits` from now on (the client's next buffer,
    /// of this size and format), of which `damage` changed.
    public func borrow(_ bits: UnsafeMutableRawPointer, stride: Int, access: PixelAccess, damage: [PixelRect]) {
        rewrap(bits, stride: stride)
        self.access = access
        for rect in damage { addDamage(rect) }
    }

    /// Copies borrowed pixels into memory of the compositor's own, so the
    /// client's buffer may go back to it (or away) while they stay shown.
    public func detach() {
        guard access != nil else { return }
        let owned = pixman_image_create_bits(hasAlpha ? PIXMAN_a8r8g8b8 : PIXMAN_x8r8g8b8, Int32(width), Int32(height), nil, 0)!
        withPixels {
            pixman_image_composite32(PIXMAN_OP_SRC, image, nil, owned, 0, 0, 0, 0, 0, 0, Int32(width), Int32(height))
        }
        pixman_image_unref(image)
        image = owned
        access = nil
        borrowedBits = nil
    }

    /// Runs `body`, which reads the pixels, inside the access bracket
    /// borrowed pixels need (`image` is valid only in there for them).
    public func withPixels<R>(_ body: () throws -> R) rethrows -> R {
        guard let access else { return try body() }
        access.beginAccess()
        defer { access.endAccess() }
        // Follows the pixels if their memory moved since the image was made.
        if let bits = borrowedBits, let now = access.pixels, now != bits.address { rewrap(now, stride: bits.stride) }
        return try body()
    }

    private func rewrap(_ bits: UnsafeMutableRawPointer, stride: Int) {
        let replaced = image
        image = LayerImage.wrap(bits, width: width, height: height, stride: stride, hasAlpha: hasAlpha)
        pixman_image_unref(replaced)
        borrowedBits = (bits, stride)
    }

    private static func wrap(_ bits: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, hasAlpha: Bool) -> OpaquePointer {
        pixman_image_create_bits(hasAlpha ? PIXMAN_a8r8g8b8 : PIXMAN_x8r8g8b8, Int32(width), Int32(height),
                                 bits.assumingMemoryBound(to: UInt32.self), Int32(stride))!
    }
}
