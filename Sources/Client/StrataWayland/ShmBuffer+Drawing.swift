import StrataProtocol

extension Color {
    /// The color as a premultiplied ARGB8888 pixel (0xAARRGGBB), components
    /// clamped to 0...1 and rounded.
    public var premultipliedARGB: UInt32 {
        func byte(_ value: Double) -> UInt32 { UInt32((min(max(value, 0), 1) * 255).rounded()) }
        let alpha = min(max(self.alpha, 0), 1)
        return byte(alpha) << 24 | byte(red * alpha) << 16 | byte(green * alpha) << 8 | byte(blue * alpha)
    }
}

/// Direction of `ShmBuffer.fillGradient`.
public enum GradientDirection: Sendable {
    case horizontal  // left to right
    case vertical    // top to bottom
}

/// Deterministic pictures for tests and demos. Pixels are premultiplied
/// ARGB8888; in an XRGB8888 buffer the alpha byte is written as 0xFF (the
/// color as if over black). Rows that lie outside the pool are skipped.
extension ShmBuffer {
    /// Calls `body` with each row inside the pool mapping, as 32-bit pixels.
    private func forEachRow(_ body: (_ y: Int, _ row: UnsafeMutableBufferPointer<UInt32>) -> Void) {
        guard width > 0, height > 0, stride >= width * 4, offset >= 0 else { return }
        for y in 0..<height {
            let start = offset + y * stride
            guard start + width * 4 <= pool.size else { return }
            let row = (pool.memory + start).bindMemory(to: UInt32.self, capacity: width)
            body(y, UnsafeMutableBufferPointer(start: row, count: width))
        }
    }

    private func pixelValue(_ color: Color) -> UInt32 {
        format == .xrgb8888 ? color.premultipliedARGB | 0xFF00_0000 : color.premultipliedARGB
    }

    /// The pixel at (x, y) as stored, or nil outside the buffer or pool.
    public func pixel(x: Int, y: Int) -> UInt32? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        let position = offset + y * stride + x * 4
        guard position >= 0, position + 4 <= pool.size else { return nil }
        return pool.memory.load(fromByteOffset: position, as: UInt32.self)
    }

    /// Fills the whole buffer with one color.
    public func fill(_ color: Color) {
        let value = pixelValue(color)
        forEachRow { _, row in row.update(repeating: value) }
    }

    /// Fills a rectangle in pixels, clipped to the buffer.
    public func fill(_ color: Color, x: Int, y: Int, width rectWidth: Int, height rectHeight: Int) {
        let x0 = max(x, 0), x1 = min(x + rectWidth, width)
        let y0 = max(y, 0), y1 = min(y + rectHeight, height)
        guard x1 > x0, y1 > y0 else { return }
        let value = pixelValue(color)
        forEachRow { row, pixels in
            guard row >= y0, row < y1 else { return }
            for column in x0..<x1 { pixels[column] = value }
        }
    }

    /// Squares of `cellSize` pixels, `first` at the top left.
    public func fillCheckerboard(cellSize: Int, _ first: Color, _ second: Color) {
        let cell = max(cellSize, 1)
        let values = (pixelValue(first), pixelValue(second))
        forEachRow { y, row in
            for x in 0..<row.count { row[x] = (x / cell + y / cell) % 2 == 0 ? values.0 : values.1 }
        }
    }

    /// A linear gradient from `start` (first column or row) to `end` (last),
    /// interpolated on non-premultiplied components.
    public func fillGradient(from start: Color, to end: Color, direction: GradientDirection = .horizontal) {
        let steps = max((direction == .horizontal ? width : height) - 1, 1)
        let ramp = (0...steps).map { step -> UInt32 in
            let t = Double(step) / Double(steps)
            return pixelValue(Color(red: start.red + (end.red - start.red) * t,
                                    green: start.green + (end.green - start.green) * t,
                                    blue: start.blue + (end.blue - start.blue) * t,
                                    alpha: start.alpha + (end.alpha - start.alpha) * t))
        }
        forEachRow { y, row in
            for x in 0..<row.count { row[x] = ramp[min(direction == .horizontal ? x : y, steps)] }
        }
    }

    /// An orientation pattern: four opaque quadrants, red top left, green
    /// top right, blue bottom left, white bottom right, inside a one-pixel
    /// black border. Any flip, rotation or misplacement shows.
    public func fillQuadrants() {
        let red = pixelValue(Color(red: 1, green: 0, blue: 0)), green = pixelValue(Color(red: 0, green: 1, blue: 0))
        let blue = pixelValue(Color(red: 0, green: 0, blue: 1)), white = pixelValue(.white), black = pixelValue(.black)
        forEachRow { y, row in
            for x in 0..<row.count {
                if x == 0 || y == 0 || x == width - 1 || y == height - 1 { row[x] = black; continue }
                let right = x >= width / 2, bottom = y >= height / 2
                row[x] = bottom ? (right ? white : blue) : (right ? green : red)
            }
        }
    }

    /// Any picture: `color(x, y)` for every pixel.
    public func fill(_ color: (_ x: Int, _ y: Int) -> Color) {
        forEachRow { y, row in
            for x in 0..<row.count { row[x] = pixelValue(color(x, y)) }
        }
    }
}
