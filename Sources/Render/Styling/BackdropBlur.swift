import Foundation
import StrataProtocol

/// A material's blur over premultiplied 32-bit pixels: the three box
/// blurs of `ShadowBlur` (widths chosen for a Gaussian of σ), or below
/// `directBelow` a sampled Gaussian (three boxes of a few pixels each
/// approximate a narrow one poorly); then the saturation.
///
/// The caller pads the pixels by `reach` on every side (past the output's
/// edges with copies of the edge): the pixels inside then come out as the
/// Gaussian of the padded image, and the boxes' own edge handling never
/// reaches them.
enum BackdropBlur {
    /// How far the blur reaches, in pixels: a blurred pixel depends on
    /// nothing further away, so the damage and the pixels read grow by this.
    static func reach(sigma: Double) -> Int {
        guard sigma >= 0.5 else { return 0 }
        // Halved: the half-size blur's reach, the even grid and the bilinear samples around a pixel.
        if sigma >= halvedFrom { return 2 * reachAtFullSize(sigma: sigma / 2) + 4 }
        return reachAtFullSize(sigma: sigma)
    }

    private static func reachAtFullSize(sigma: Double) -> Int {
        guard sigma >= 0.5 else { return 0 }
        if sigma < directBelow { return Int((3 * sigma).rounded(.up)) }
        return ShadowBlur.boxes(sigma: min(sigma, maximumSigma)).reduce(0) { $0 + $1 / 2 }
    }

    /// From this σ (pixels) on, the blur runs on the pixels halved (2×2
    /// averaged, on the output's even grid) with σ / 2, and is drawn back
    /// scaled up bilinearly: a quarter of the work, and no visible change
    /// for a blur this wide.
    static let halvedFrom: Double = 8

    /// `pixels` (`width` × `height`, both even) averaged 2×2 into `half`.
    static func halve(_ pixels: UnsafePointer<UInt32>, width: Int, height: Int, into half: UnsafeMutablePointer<UInt32>) {
        let bytes = UnsafeRawPointer(pixels).assumingMemoryBound(to: UInt8.self)
        let out = UnsafeMutableRawPointer(half).assumingMemoryBound(to: UInt8.self)
        let rowBytes = width * 4, halfWidth = width / 2
        for y in 0..<(height / 2) {
            let top = bytes + 2 * y * rowBytes, bottom = top + rowBytes, target = out + y * halfWidth * 4
            for x in 0..<halfWidth {
                for c in 0..<4 {
                    let i = 8 * x + c
                    let sum = Int(top[i]) + Int(top[i + 4]) + Int(bottom[i]) + Int(bottom[i + 4])
                    target[4 * x + c] = UInt8(truncatingIfNeeded: (sum + 2) >> 2)
                }
            }
        }
    }

    /// Narrower Gaussians are convolved directly (at most 19 taps).
    static let directBelow: Double = 3

    /// Beyond this σ (pixels) the blur is no wider: a 128-point radius at scale 4 is σ 256.
    static let maximumSigma: Double = 512

    /// Blurs `pixels` (`width` × `height`, premultiplied ARGB) in place.
    static func blur(_ pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, sigma: Double) {
        guard sigma >= 0.5, width > 0, height > 0 else { return }
        if sigma < directBelow { return convolve(pixels, width: width, height: height, sigma: sigma) }
        let boxes = ShadowBlur.boxes(sigma: min(sigma, maximumSigma)).filter { $0 > 1 }
        // The four channels as bytes: a row is width × 4 of them, which the
        // passes along columns treat as one line of independent sums.
        let rowBytes = width * 4
        let bytes = UnsafeMutableRawPointer(pixels).assumingMemoryBound(to: UInt8.self)
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes * height)
        defer { scratch.deallocate() }
        let sums = UnsafeMutablePointer<Int32>.allocate(capacity: rowBytes)
        defer { sums.deallocate() }
        for box in boxes {
            // Along rows, into scratch; then along columns, back.
            for y in 0..<height { horizontal(bytes + y * rowBytes, into: scratch + y * rowBytes, count: width, box: box) }
            vertical(scratch, into: bytes, rowBytes: rowBytes, height: height, box: box, sums: sums)
        }
    }

    /// Two passes of a sampled Gaussian, 3σ wide, its weights in 1/65536ths.
    private static func convolve(_ pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, sigma: Double) {
        let r = reach(sigma: sigma)
        let raw = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = raw.reduce(0, +)
        var weights = raw.map { Int(($0 / total * 65536).rounded()) }
        weights[r] += 65536 - weights.reduce(0, +)
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
        defer { scratch.deallocate() }
        func pass(_ from: UnsafeMutablePointer<UInt32>, _ to: UnsafeMutablePointer<UInt32>, lines: Int, length: Int,
                  lineStep: Int, step: Int) {
            for line in 0..<lines {
                let base = line * lineStep
                for i in 0..<length {
                    var s0 = 0, s1 = 0, s2 = 0, s3 = 0
                    for k in -r...r {
                        let p = from[base + min(max(i + k, 0), length - 1) * step], w = weights[k + r]
                        s0 += channel(p, 0) * w; s1 += channel(p, 1) * w; s2 += channel(p, 2) * w; s3 += channel(p, 3) * w
                    }
                    func byte(_ v: Int) -> UInt32 { UInt32(min((v + 32768) >> 16, 255)) }
                    to[base + i * step] = byte(s0) | byte(s1) << 8 | byte(s2) << 16 | byte(s3) << 24
                }
            }
        }
        pass(pixels, scratch, lines: height, length: width, lineStep: width, step: 1)
        pass(scratch, pixels, lines: width, length: height, lineStep: 1, step: width)
    }

    /// 2^22 / box, so a division by the box is a multiply and a shift
    /// (a sum of at most 255 × box times it stays within 31 bits).
    @inline(__always) private static func reciprocal(_ box: Int) -> Int32 { Int32(((1 << 22) + box / 2) / box) }

    @inline(__always) private static func channel(_ p: UInt32, _ c: Int) -> Int { Int((p >> UInt32(c * 8)) & 0xFF) }

    @inline(__always) private static func divided(_ sum: Int32, _ inverse: Int32) -> UInt8 {
        UInt8(truncatingIfNeeded: (sum &* inverse &+ (1 << 21)) >> 22)
    }

    private static func horizontal(_ line: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, count: Int, box: Int) {
        let half = box / 2, inverse = reciprocal(box), last = count - 1
        var s0: Int32 = 0, s1: Int32 = 0, s2: Int32 = 0, s3: Int32 = 0
        for i in -half...half {
            let p = line + min(max(i, 0), last) * 4
            s0 &+= Int32(p[0]); s1 &+= Int32(p[1]); s2 &+= Int32(p[2]); s3 &+= Int32(p[3])
        }
        @inline(__always) func step(_ i: Int, entering e: UnsafePointer<UInt8>, leaving l: UnsafePointer<UInt8>) {
            let o = out + i * 4
            o[0] = divided(s0, inverse); o[1] = divided(s1, inverse); o[2] = divided(s2, inverse); o[3] = divided(s3, inverse)
            s0 &+= Int32(e[0]) &- Int32(l[0]); s1 &+= Int32(e[1]) &- Int32(l[1])
            s2 &+= Int32(e[2]) &- Int32(l[2]); s3 &+= Int32(e[3]) &- Int32(l[3])
        }
        // Where the window passes an edge, its samples are the edge's; in between, no clamping.
        let inner = (half + 1)..<max(half + 1, count - half - 1)
        for i in 0..<min(inner.lowerBound, count) { step(i, entering: line + min(i + half + 1, last) * 4, leaving: line + max(i - half, 0) * 4) }
        for i in inner { step(i, entering: line + (i + half + 1) * 4, leaving: line + (i - half) * 4) }
        for i in max(inner.upperBound, min(inner.lowerBound, count))..<count {
            step(i, entering: line + min(i + half + 1, last) * 4, leaving: line + max(i - half, 0) * 4)
        }
    }

    /// One box along columns: every byte of a row is a column of its own.
    private static func vertical(_ source: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, rowBytes: Int, height: Int,
                                 box: Int, sums: UnsafeMutablePointer<Int32>) {
        let half = box / 2, inverse = reciprocal(box), last = height - 1
        sums.update(repeating: 0, count: rowBytes)
        for j in -half...half {
            let row = source + min(max(j, 0), last) * rowBytes
            for x in 0..<rowBytes { sums[x] &+= Int32(row[x]) }
        }
        for y in 0..<height {
            let target = out + y * rowBytes
            let entering = source + min(y + half + 1, last) * rowBytes, leaving = source + max(y - half, 0) * rowBytes
            for x in 0..<rowBytes {
                let sum = sums[x]
                target[x] = divided(sum, inverse)
                sums[x] = sum &+ Int32(entering[x]) &- Int32(leaving[x])
            }
        }
    }

    /// Multiplies the saturation of the opaque pixels of `rect` (in a
    /// buffer `width` pixels wide) by `saturation` (as CSS's saturate(),
    /// Rec. 709 luminance), then fades them by `alpha`.
    static func adjust(_ pixels: UnsafeMutablePointer<UInt32>, width: Int, rect: PixelRect, saturation: Double, alpha: Double) {
        let s = min(max(saturation.isFinite ? saturation : 1, 0), BackdropStyle.maximumSaturation)
        let a = min(max(alpha.isFinite ? alpha : 1, 0), 1)
        guard s != 1 || a < 1 else { return }
        // In 1/65536ths.
        let scaled = Int((s * 65536).rounded()), fade = Int((a * 65536).rounded())
        let saturates = s != 1, fades = a < 1
        let alphaByte = fades ? (255 * fade + 32768) >> 16 : 255
        for y in rect.y..<(rect.y + rect.height) {
            let row = pixels + y * width
            for x in rect.x..<(rect.x + rect.width) {
                let p = row[x]
                var r = Int((p >> 16) & 0xFF), g = Int((p >> 8) & 0xFF), b = Int(p & 0xFF)
                if saturates {
                    // 0.2126, 0.7152, 0.0722 in 1/65536ths; then luma + s (c − luma), rounded, clamped.
                    let luma = 13933 * r + 46871 * g + 4732 * b
                    r = min(max((luma * 65536 + scaled * (r * 65536 - luma) + (1 << 31)) >> 32, 0), 255)
                    g = min(max((luma * 65536 + scaled * (g * 65536 - luma) + (1 << 31)) >> 32, 0), 255)
                    b = min(max((luma * 65536 + scaled * (b * 65536 - luma) + (1 << 31)) >> 32, 0), 255)
                }
                if fades {
                    r = (r * fade + 32768) >> 16; g = (g * fade + 32768) >> 16; b = (b * fade + 32768) >> 16
                }
                row[x] = UInt32(b) | UInt32(g) << 8 | UInt32(r) << 16 | UInt32(alphaByte) << 24
            }
        }
    }
}
