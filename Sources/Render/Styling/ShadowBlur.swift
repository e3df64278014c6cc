/// A Gaussian blur of a coverage raster, approximated (as browsers and
/// most renderers do) by three box blurs of widths chosen for the standard
/// deviation: each pixel costs the same whatever the radius.
enum ShadowBlur {
    /// Core Animation's shadowRadius is twice the Gaussian's standard deviation.
    static func standardDeviation(forRadius radius: Double) -> Double { radius / 2 }

    /// How far the blur spreads beyond the shape, for a standard deviation
    /// (the Gaussian is below 1/255 there).
    static func extent(sigma: Double) -> Double { (sigma * 3).rounded(.up) }

    /// The three box widths whose succession approximates a Gaussian of `sigma`.
    static func boxes(sigma: Double) -> [Int] {
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let upper = lower + 2
        let m = ((12 * sigma * sigma - n * Double(lower * lower) - 4 * n * Double(lower) - 3 * n) / (-4 * Double(lower) - 4)).rounded()
        return (0..<3).map { Double($0) < m ? lower : upper }
    }

    /// Blurs `raster` in place with a Gaussian of `sigma` raster pixels (x and y may differ).
    static func blur(_ raster: CoverageRaster, sigmaX: Double, sigmaY: Double) {
        let w = raster.placement.width, h = raster.placement.height, stride = raster.stride
        // Past the raster's size a wider blur changes nothing; beyond it the box widths would overflow.
        let limit = Double(RasterPlacement.maximumSide)
        let sigmaX = sigmaX.isFinite ? min(sigmaX, limit) : limit, sigmaY = sigmaY.isFinite ? min(sigmaY, limit) : limit
        let data = raster.bytes
        if sigmaX >= 0.5 {
            var line = [UInt8](repeating: 0, count: w)
            for width in boxes(sigma: sigmaX) where width > 1 {
                for y in 0..<h { boxBlur(data + y * stride, step: 1, count: w, width: width, scratch: &line) }
            }
        }
        if sigmaY >= 0.5 {
            var line = [UInt8](repeating: 0, count: h)
            for width in boxes(sigma: sigmaY) where width > 1 {
                for x in 0..<w { boxBlur(data + x, step: stride, count: h, width: width, scratch: &line) }
            }
        }
    }

    /// One box blur along a line of `count` values `step` apart; outside the line is 0.
    private static func boxBlur(_ line: UnsafeMutablePointer<UInt8>, step: Int, count: Int, width: Int, scratch: inout [UInt8]) {
        let half = width / 2
        for i in 0..<count { scratch[i] = line[i * step] }
        var sum = 0
        for i in 0..<min(half, count) { sum += Int(scratch[i]) }
        for i in 0..<count {
            let entering = i + half, leaving = i - half - 1
            if entering < count { sum += Int(scratch[entering]) }
            if leaving >= 0 { sum -= Int(scratch[leaving]) }
            line[i * step] = UInt8(min(255, (sum + width / 2) / width))
        }
    }
}
