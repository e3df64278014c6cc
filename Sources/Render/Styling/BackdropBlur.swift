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
        if sigma < directBelow { return Int((3 * sigma).rounded(.up)) }
        return ShadowBlur.boxes(sigma: min(sigma, maximumSigma)).reduce(0) { $0 + $1 / 2 }
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
        let count = width * height
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        defer { scratch.deallocate() }
        var sums = [Int](repeating: 0, count: width * 4)
        for box in boxes {
            // Along rows, into scratch; then along columns, back.
            for y in 0..<height { horizontal(pixels + y * width, into: scratch + y * width, count: width, box: box) }
            sums.withUnsafeMutableBufferPointer {
                vertical(scratch, into: pixels, width: width, height: height, box: box, sums: $0.baseAddress!)
            }
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

    /// 2^24 / box, so a division by the box is a multiply and a shift.
    @inline(__always) private static func reciprocal(_ box: Int) -> Int { ((1 << 24) + box / 2) / box }

    @inline(__always) private static func channel(_ p: UInt32, _ c: Int) -> Int { Int((p >> UInt32(c * 8)) & 0xFF) }

    private static func horizontal(_ line: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>, count: Int, box: Int) {
        let half = box / 2, inverse = reciprocal(box), last = count - 1
        var s0 = 0, s1 = 0, s2 = 0, s3 = 0
        for i in -half...half {
            let p = line[min(max(i, 0), last)]
            s0 += channel(p, 0); s1 += channel(p, 1); s2 += channel(p, 2); s3 += channel(p, 3)
        }
        for i in 0..<count {
            out[i] = pack(s0, s1, s2, s3, inverse)
            let entering = line[min(i + half + 1, last)], leaving = line[max(i - half, 0)]
            s0 += channel(entering, 0) - channel(leaving, 0)
            s1 += channel(entering, 1) - channel(leaving, 1)
            s2 += channel(entering, 2) - channel(leaving, 2)
            s3 += channel(entering, 3) - channel(leaving, 3)
        }
    }

    private static func vertical(_ source: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>, width: Int, height: Int,
                                 box: Int, sums: UnsafeMutablePointer<Int>) {
        let half = box / 2, inverse = reciprocal(box), last = height - 1
        sums.update(repeating: 0, count: width * 4)
        for j in -half...half {
            let row = source + min(max(j, 0), last) * width
            for x in 0..<width {
                let p = row[x]
                sums[x * 4] += channel(p, 0); sums[x * 4 + 1] += channel(p, 1)
                sums[x * 4 + 2] += channel(p, 2); sums[x * 4 + 3] += channel(p, 3)
            }
        }
        for y in 0..<height {
            let target = out + y * width
            let entering = source + min(y + half + 1, last) * width, leaving = source + max(y - half, 0) * width
            for x in 0..<width {
                target[x] = pack(sums[x * 4], sums[x * 4 + 1], sums[x * 4 + 2], sums[x * 4 + 3], inverse)
                let e = entering[x], l = leaving[x]
                sums[x * 4] += channel(e, 0) - channel(l, 0)
                sums[x * 4 + 1] += channel(e, 1) - channel(l, 1)
                sums[x * 4 + 2] += channel(e, 2) - channel(l, 2)
                sums[x * 4 + 3] += channel(e, 3) - channel(l, 3)
            }
        }
    }

    @inline(__always) private static func pack(_ s0: Int, _ s1: Int, _ s2: Int, _ s3: Int, _ inverse: Int) -> UInt32 {
        let round = 1 << 23
        return UInt32(truncatingIfNeeded: (s0 * inverse + round) >> 24)
            | UInt32(truncatingIfNeeded: (s1 * inverse + round) >> 24) << 8
            | UInt32(truncatingIfNeeded: (s2 * inverse + round) >> 24) << 16
            | UInt32(truncatingIfNeeded: (s3 * inverse + round) >> 24) << 24
    }

    /// Multiplies the saturation of opaque pixels by `saturation` (as CSS's
    /// saturate(), Rec. 709 luminance), then fades them by `alpha`.
    static func adjust(_ pixels: UnsafeMutablePointer<UInt32>, count: Int, saturation: Double, alpha: Double) {
        let s = min(max(saturation.isFinite ? saturation : 1, 0), BackdropStyle.maximumSaturation)
        let a = min(max(alpha.isFinite ? alpha : 1, 0), 1)
        guard s != 1 || a < 1 else { return }
        // In 1/65536ths.
        let scaled = Int((s * 65536).rounded()), fade = Int((a * 65536).rounded())
        for i in 0..<count {
            let p = pixels[i]
            var r = channel(p, 2), g = channel(p, 1), b = channel(p, 0)
            if s != 1 {
                let luma = 13933 * r + 46871 * g + 4732 * b  // 0.2126, 0.7152, 0.0722 in 1/65536ths
                func mix(_ c: Int) -> Int { min(max((luma * 65536 + scaled * (c * 65536 - luma) + (1 << 31)) >> 32, 0), 255) }
                (r, g, b) = (mix(r), mix(g), mix(b))
            }
            var alphaByte = 255
            if a < 1 {
                func faded(_ c: Int) -> Int { (c * fade + 32768) >> 16 }
                (r, g, b, alphaByte) = (faded(r), faded(g), faded(b), faded(255))
            }
            pixels[i] = UInt32(b) | UInt32(g) << 8 | UInt32(r) << 16 | UInt32(alphaByte) << 24
        }
    }
}
