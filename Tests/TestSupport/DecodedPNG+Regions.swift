import StrataRender

/// Finding windows in a screenshot, for compositors that place windows
/// where they like (weston's desktop-shell): a window is found by a color
/// only it shows, or by everything that is not the background, and then
/// cropped to compare with a reference.
extension DecodedPNG {
    /// An image made of `rgba` (row-major, 4 bytes a pixel).
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4, "\(rgba.count) bytes for \(width)×\(height) pixels")
        (self.width, self.height, self.rgba) = (width, height, rgba)
    }

    /// The whole image as a rect.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The smallest rect holding every pixel that satisfies `predicate`; nil when none does.
    public func boundingBox(where predicate: (Pixel) -> Bool) -> PixelRect? {
        var (minX, minY, maxX, maxY) = (width, height, -1, -1)
        for y in 0..<height {
            for x in 0..<width where predicate(self[x, y]) {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// Where a window filled with (or framed by) `color` is: the bounding
    /// box of the pixels within `tolerance` of it per channel. Only one
    /// window on screen may show that color. nil when no pixel matches.
    public func locateWindow(of color: Pixel, tolerance: Int = 2) -> PixelRect? {
        boundingBox { $0.isClose(to: color, tolerance: tolerance) }
    }

    /// The bounding box of everything that is not `background` (within
    /// `tolerance`): the one window on an otherwise empty output, whatever
    /// it draws, as long as its outermost pixels are not the background color.
    public func locateContent(background: Pixel, tolerance: Int = 2) -> PixelRect? {
        boundingBox { !$0.isClose(to: background, tolerance: tolerance) }
    }

    /// The pixels inside `rect` (clipped to the image).
    public func cropped(to rect: PixelRect) -> DecodedPNG {
        let clipped = rect.intersection(bounds)
        var pixels = [UInt8]()
        pixels.reserveCapacity(clipped.area * 4)
        for y in clipped.y..<(clipped.y + clipped.height) {
            let start = (y * width + clipped.x) * 4
            pixels += rgba[start..<(start + clipped.width * 4)]
        }
        return DecodedPNG(width: clipped.width, height: clipped.height, rgba: pixels)
    }

    /// How many pixels of `rect` are within `tolerance` of `color`.
    public func count(of color: Pixel, in rect: PixelRect, tolerance: Int = 2) -> Int {
        count(x: rect.x, y: rect.y, width: rect.width, height: rect.height) { $0.isClose(to: color, tolerance: tolerance) }
    }
}
