import CXcursor
import StrataRender
#if canImport(Glibc)
import Glibc
#endif

/// Named cursors from the user's cursor theme, as X and every toolkit read
/// them (libXcursor: $XCURSOR_THEME, else the "default" theme, which
/// Debian points at Adwaita; $XCURSOR_SIZE, else 24 pixels). Each shape is
/// loaded once.
final class CursorTheme {
    struct Shape {
        let image: LayerImage
        /// The point of the image on the pointer, in its pixels.
        let hotspot: (x: Int, y: Int)
    }

    private var loaded: [String: Shape?] = [:]
    private let theme: String?
    private let size: Int32

    init() {
        theme = getenv("XCURSOR_THEME").map { String(cString: $0) }
        size = getenv("XCURSOR_SIZE").flatMap { Int32(String(cString: $0)) }.flatMap { (8...256).contains($0) ? $0 : nil } ?? 24
    }

    /// The cursor named `name` (a CSS cursor name, as cursor-shape-v1's are
    /// once their underscores are hyphens), or nil when the theme has none.
    func shape(named name: String) -> Shape? {
        if let known = loaded[name] { return known }
        let shape = load(name)
        loaded[name] = shape
        return shape
    }

    private func load(_ name: String) -> Shape? {
        guard let cursor = XcursorLibraryLoadImage(name, theme, size) else { return nil }
        defer { XcursorImageDestroy(cursor) }
        let width = Int(cursor.pointee.width), height = Int(cursor.pointee.height)
        guard width > 0, height > 0, width <= 512, height <= 512, let pixels = cursor.pointee.pixels else { return nil }
        // Xcursor's pixels are premultiplied ARGB, as a LayerImage's.
        let image = LayerImage(width: width, height: height, hasAlpha: true)
        for y in 0..<height {
            let line = (image.data + y * image.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { line[x] = pixels[y * width + x] }
        }
        image.addDamage(PixelRect(x: 0, y: 0, width: width, height: height))
        return Shape(image: image, hotspot: (min(Int(cursor.pointee.xhot), width - 1), min(Int(cursor.pointee.yhot), height - 1)))
    }
}
