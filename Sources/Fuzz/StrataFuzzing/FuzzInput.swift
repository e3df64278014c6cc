/// The fuzzer's bytes, read front to back as a program's choices. Every
/// read succeeds: past the end each reads zero, and `isExhausted` ends
/// the program. Numbers are read in a few bytes through tables of values
/// that matter (small counts, boundaries, what the server just sent), so
/// that a one-byte change moves a value somewhere interesting.
public struct FuzzInput {
    public let bytes: [UInt8]
    public private(set) var offset = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var isExhausted: Bool { offset >= bytes.count }
    public var remaining: Int { max(bytes.count - offset, 0) }

    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    public mutating func bytes(_ count: Int) -> [UInt8] {
        let count = min(count, remaining)
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    public mutating func uint16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }
    public mutating func uint32() -> UInt32 { UInt32(uint16()) | UInt32(uint16()) << 16 }
    public mutating func uint64() -> UInt64 { UInt64(uint32()) | UInt64(uint32()) << 32 }

    /// One of `count` choices (0 when `count` is 0).
    public mutating func choose(_ count: Int) -> Int {
        let b = Int(byte())
        return count > 0 ? b % count : 0
    }

    /// A 32-bit wire value (int, uint, or the bits of a fixed):
    ///
    /// | first byte | value |
    /// |---|---|
    /// | 0x00–0x3F | that number, 0…63 |
    /// | 0x40–0x5F | the n-th most recent uint the server sent this client (serials, sizes) |
    /// | 0x60–0x7F | `WireValues.boundaries`, and the size of the last fd sent |
    /// | 0x80–0xBF | with the next byte, 0…16383 |
    /// | 0xC0–0xDF | the next two bytes, a signed 16-bit number |
    /// | 0xE0–0xFF | the next four bytes as they are |
    public mutating func value32(context: ValueContext) -> UInt32 {
        let t = byte()
        switch t {
        case 0x00...0x3F: return UInt32(t)
        case 0x40...0x5F: return context.recent(Int(t - 0x40))
        case 0x60...0x7F: return context.boundary(Int(t - 0x60))
        case 0x80...0xBF: return UInt32(t & 0x3F) << 8 | UInt32(byte())
        case 0xC0...0xDF: return UInt32(bitPattern: Int32(Int16(bitPattern: uint16())))
        default: return uint32()
        }
    }

    /// A wl_fixed_t: a whole number read as `value32` (× 256), or raw bits
    /// when the first byte is 0xE0 or more.
    public mutating func fixed(context: ValueContext) -> UInt32 {
        if offset < bytes.count, bytes[offset] >= 0xE0 { return value32(context: context) }
        return value32(context: context) &<< 8
    }

    /// A double for arrays of doubles (transforms, colors, paths, timings):
    ///
    /// | first byte | value |
    /// |---|---|
    /// | 0x00–0x3F | 0, 8, 16 … 504 |
    /// | 0x40–0x5F | 0, 1/16 … 31/16 |
    /// | 0x60–0x7F | `WireValues.doubles` (−1, NaN, ±∞, 2^24, 1e300…) |
    /// | 0x80–0xBF | the next two bytes, signed, / 16 |
    /// | 0xC0–0xFF | the next eight bytes as they are |
    public mutating func double() -> Double {
        let t = byte()
        switch t {
        case 0x00...0x3F: return Double(t) * 8
        case 0x40...0x5F: return Double(t - 0x40) / 16
        case 0x60...0x7F: return WireValues.doubles[Int(t - 0x60)]
        case 0x80...0xBF: return Double(Int16(bitPattern: uint16())) / 16
        default: return Double(bitPattern: uint64())
        }
    }
}

/// What a value read may refer to: the uints the server sent lately
/// (newest first) and the size of the last fd the client sent.
public struct ValueContext {
    public var recentValues: [UInt32] = []
    public var lastFDSize: UInt32 = 0
    /// The latest string an event brought (an exported window's handle, an
    /// activation token): what a client passes back to the server.
    public var latestString = ""

    public init() {}

    func recent(_ index: Int) -> UInt32 { index < recentValues.count ? recentValues[index] : 0 }

    func boundary(_ index: Int) -> UInt32 {
        switch index {
        case 0: return lastFDSize
        case 1: return lastFDSize / 2
        default: return UInt32(bitPattern: WireValues.boundaries[index - 2])
        }
    }

    public mutating func remember(_ value: UInt32) {
        recentValues.insert(value, at: 0)
        if recentValues.count > 32 { recentValues.removeLast() }
    }
}

public enum WireValues {
    /// 30 boundary values for ints and uints (after the fd's size and half of it).
    public static let boundaries: [Int32] = [
        -1, -2, 64, 100, 128, 200, 240, 256, 320, 400, 480, 512, 640, 1024, 4096, 16384, 16385, 32767, 32768,
        65535, 65536, 1 << 24, -(1 << 24), 1 << 30, Int32.max, Int32.min, Int32.max - 1, Int32.min + 1, -100, -4096,
    ]

    /// 32 doubles that matter to geometry and timing.
    public static let doubles: [Double] = [
        -1, -0.5, .nan, .infinity, -.infinity, 1e300, -1e300, 1e-300, 16_777_216, -16_777_216, 16_777_217, 65536,
        1e9, -1e9, .leastNonzeroMagnitude, 0.25, 0.75, 1.0 / 3, .pi, 2 * .pi, -.pi / 2, 1e7, -0.0, 0.001, 1000, 1e6, -2, 4,
        1.0 / 500, -1.0 / 500, 255, 1e-9,
    ]

    /// Strings a string argument may be instead of raw bytes: the key paths
    /// strata_layer_v1 animates, mime types, names.
    public static let strings: [String] = [
        "position", "position.x", "position.y", "bounds", "bounds.origin", "bounds.size", "bounds.size.width",
        "bounds.size.height", "anchorPoint", "transform", "transform.rotation", "transform.rotation.z",
        "transform.scale", "transform.scale.x", "transform.scale.y", "transform.translation", "transform.translation.x",
        "transform.translation.y", "opacity", "backgroundColor", "contentsRect", "contentsCenter", "cornerRadius",
        "borderWidth", "borderColor", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "fillColor",
        "strokeColor", "lineWidth", "lineDashPhase", "miterLimit", "strokeStart", "strokeEnd", "startPoint",
        "endPoint", "instanceTransform", "sublayerTransform", "zPosition", "anchorPointZ", "transform.rotation.x",
        "transform.rotation.y", "transform.scale.z", "transform.translation.z", "backdropRadius",
        "backdropSaturation", "backdropTintColor", "path", "shadowPath", "colors", "locations",
        "text/plain", "text/plain;charset=utf-8", "UTF8_STRING", "image/png", "seat0", "org.strata.fuzz", "fuzz",
        "x", String(repeating: "x", count: 300),
    ]
}
