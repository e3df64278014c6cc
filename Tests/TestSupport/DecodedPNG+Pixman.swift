import CPixman

extension DecodedPNG {
    /// The pixels as a new a8r8g8b8 `pixman_image_t *` (premultiplied, as
    /// pixman stores them), for `ImageComparison.assertMatches` and
    /// `assertPixel`. The caller owns it: `pixman_image_unref` when done.
    public func makePixmanImage() -> OpaquePointer {
        let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), nil, 0)!
        let stride = Int(pixman_image_get_stride(image))
        let data = UnsafeMutableRawPointer(pixman_image_get_data(image)!)
        for y in 0..<height {
            for x in 0..<width {
                let p = self[x, y]
                let a = UInt32(p.alpha)
                func premultiplied(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                let value = a << 24 | premultiplied(p.red) << 16 | premultiplied(p.green) << 8 | premultiplied(p.blue)
                data.storeBytes(of: value, toByteOffset: y * stride + x * 4, as: UInt32.self)
            }
        }
        return image
    }
}
