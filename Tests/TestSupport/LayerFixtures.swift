import StrataProtocol
import StrataRender

// Building blocks for renderer scenes, so each test reads as its scene.

extension RenderLayer {
    /// A layer placed as UIView(frame:) places one: bounds at the origin,
    /// anchor in the middle, position at the frame's center.
    public convenience init(frame: Rect, color: Color? = nil, name: String? = nil) {
        self.init()
        bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        position = Point(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2)
        backgroundColor = color
        self.name = name
    }
}

extension Color {
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 1, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 1)
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    public static let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
}

extension LayerImage {
    /// An image whose pixels (0xAARRGGBB, premultiplied) come from `pixel`.
    public static func filled(width: Int, height: Int, hasAlpha: Bool = true,
                              _ pixel: (_ x: Int, _ y: Int) -> UInt32) -> LayerImage {
        let image = LayerImage(width: width, height: height, hasAlpha: hasAlpha)
        for y in 0..<height {
            for x in 0..<width {
                image.data.storeBytes(of: pixel(x, y), toByteOffset: y * image.stride + x * 4, as: UInt32.self)
            }
        }
        _ = image.takeDamage()
        return image
    }

    /// A solid image.
    public static func solid(width: Int, height: Int, _ argb: UInt32, hasAlpha: Bool = true) -> LayerImage {
        filled(width: width, height: height, hasAlpha: hasAlpha) { _, _ in argb }
    }

    /// An image that shows its orientation: red left half, blue right half,
    /// a white 2×2 marker in the top-left corner.
    public static func orientation(width: Int, height: Int) -> LayerImage {
        filled(width: width, height: height, hasAlpha: false) { x, y in
            if x < 2 && y < 2 { return 0xffff_ffff }
            return x < width / 2 ? 0xffff_0000 : 0xff00_00ff
        }
    }
}
