import CPixman
import Foundation
import StrataRender
import XCTest

/// Reference-image checks for renderer tests, in the manner of weston's
/// test suite: compare with a stored PNG within a stated fuzz, and leave
/// the actual and a diff image behind when it fails.
public enum ImageComparison {
    /// Where actual and diff images of failures go.
    public static let outputDirectory = "/tmp/strata-test-output"

    /// True when STRATA_RECORD_REFERENCES=1: references are written, not compared.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["STRATA_RECORD_REFERENCES"] == "1" }

    /// Compares `image` (`pixman_image_t *`, 32 bits a pixel) with
    /// `References/NAME.png` of the test bundle. A pixel differs when any
    /// channel (A, R, G, B; un-premultiplied as stored in PNG) differs by more
    /// than `tolerance`; the check fails when more than `maxDifferingPixels` do.
    ///
    /// In recording mode, writes the image to `referencesDirectory/NAME.png`
    /// instead (pass the source tree's References folder, found with #filePath).
    /// Returns how many pixels differ by more than `tolerance` and the
    /// largest difference, when a reference was compared.
    @discardableResult
    public static func assertMatches(_ image: OpaquePointer, reference name: String, in bundle: Bundle,
                                     referencesDirectory: String, tolerance: Int = 2, maxDifferingPixels: Int = 0,
                                     file: StaticString = #filePath, line: UInt = #line) -> (differing: Int, largest: Int)? {
        if isRecording {
            let path = referencesDirectory + "/" + name + ".png"
            do {
                try FileManager.default.createDirectory(atPath: referencesDirectory, withIntermediateDirectories: true)
                try PNGFile.write(image, to: path)
                print("recorded reference \(path)")
            } catch {
                XCTFail("could not record \(path): \(error)", file: file, line: line)
            }
            return nil
        }
        guard let url = bundle.url(forResource: name, withExtension: "png", subdirectory: "References") else {
            let actual = writeOutput(image, name: name, suffix: "actual")
            XCTFail("no reference References/\(name).png in the test bundle; actual image: \(actual); "
                    + "record with STRATA_RECORD_REFERENCES=1", file: file, line: line)
            return nil
        }
        let reference: OpaquePointer
        do { reference = try PNGFile.read(path: url.path) } catch {
            XCTFail("cannot read reference \(url.path): \(error)", file: file, line: line)
            return nil
        }
        defer { pixman_image_unref(reference) }

        return assertMatches(image, expected: reference, name: name, tolerance: tolerance,
                      maxDifferingPixels: maxDifferingPixels, file: file, line: line)
    }

    /// Compares `image` with `expected` (both `pixman_image_t *`, 32 bits a
    /// pixel) by the rules of the reference check above; on failure, writes
    /// NAME.actual.png, NAME.expected.png and NAME.diff.png (differing
    /// pixels in red) to `outputDirectory`. Returns how many pixels differ
    /// by more than `tolerance`, and the largest difference of any channel.
    @discardableResult
    public static func assertMatches(_ image: OpaquePointer, expected reference: OpaquePointer, name: String,
                                     tolerance: Int = 2, maxDifferingPixels: Int = 0,
                                     file: StaticString = #filePath, line: UInt = #line) -> (differing: Int, largest: Int) {
        let actual = Pixels(image), expected = Pixels(reference)
        guard actual.width == expected.width, actual.height == expected.height else {
            let path = writeOutput(image, name: name, suffix: "actual")
            XCTFail("\(name): size \(actual.width)×\(actual.height) differs from the expected "
                    + "\(expected.width)×\(expected.height); actual image: \(path)", file: file, line: line)
            return (actual.width * actual.height, 255)
        }
        var differing = 0, worst = 0
        var firstDifference: (x: Int, y: Int)? = nil
        let diff = pixman_image_create_bits(PIXMAN_x8r8g8b8, Int32(actual.width), Int32(actual.height), nil, 0)!
        defer { pixman_image_unref(diff) }
        let diffPixels = Pixels(diff)
        for y in 0..<actual.height {
            for x in 0..<actual.width {
                let a = actual.unpremultipliedChannels(x, y), e = expected.unpremultipliedChannels(x, y)
                let delta = zip(a, e).map { abs($0 - $1) }.max()!
                worst = max(worst, delta)
                if delta > tolerance {
                    differing += 1
                    if firstDifference == nil { firstDifference = (x, y) }
                    diffPixels.set(x, y, 0xffff_0000)
                } else {
                    // Faded actual image, so differences stand out in red.
                    let g = UInt32(0x80 + (a[1] + a[2] + a[3]) / 12)
                    diffPixels.set(x, y, 0xff00_0000 | g << 16 | g << 8 | g)
                }
            }
        }
        guard differing > maxDifferingPixels else { return (differing, worst) }
        let actualPath = writeOutput(image, name: name, suffix: "actual")
        let expectedPath = writeOutput(reference, name: name, suffix: "expected")
        let diffPath = writeOutput(diff, name: name, suffix: "diff")
        XCTFail("\(name): \(differing) pixels differ by more than \(tolerance) (allowed \(maxDifferingPixels); "
                + "largest difference \(worst), first at \(firstDifference!)); actual: \(actualPath), "
                + "expected: \(expectedPath), diff: \(diffPath)", file: file, line: line)
        return (differing, worst)
    }

    @discardableResult
    /// Writes `image` to outputDirectory/NAME.SUFFIX.png and returns the path.
    public static func writeOutput(_ image: OpaquePointer, name: String, suffix: String) -> String {
        let path = "\(outputDirectory)/\(name).\(suffix).png"
        try? FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        do { try PNGFile.write(image, to: path) } catch { return "(not written: \(error))" }
        return path
    }
}

/// Direct pixel access to a 32-bit pixman image, for hand-computed assertions.
public struct Pixels {
    public let image: OpaquePointer
    public let width: Int, height: Int
    let stride: Int
    let data: UnsafeMutableRawPointer
    let hasAlpha: Bool

    public init(_ image: OpaquePointer) {
        self.image = image
        width = Int(pixman_image_get_width(image))
        height = Int(pixman_image_get_height(image))
        stride = Int(pixman_image_get_stride(image))
        data = UnsafeMutableRawPointer(pixman_image_get_data(image)!)
        hasAlpha = pixman_image_get_format(image) == PIXMAN_a8r8g8b8
    }

    /// The pixel as 0xAARRGGBB (premultiplied; alpha 0xff for x8r8g8b8).
    public subscript(x: Int, y: Int) -> UInt32 {
        let p = data.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
        return hasAlpha ? p : p | 0xff00_0000
    }

    func set(_ x: Int, _ y: Int, _ value: UInt32) {
        data.storeBytes(of: value, toByteOffset: y * stride + x * 4, as: UInt32.self)
    }

    /// [A, R, G, B], un-premultiplied the way PNGFile writes them.
    func unpremultipliedChannels(_ x: Int, _ y: Int) -> [Int] {
        let p = self[x, y]
        let a = Int(p >> 24)
        let r = Int((p >> 16) & 0xff), g = Int((p >> 8) & 0xff), b = Int(p & 0xff)
        let c: [Int] = [r, g, b]
        if a == 0 { return [0, 0, 0, 0] }
        if a == 255 { return [a] + c }
        return [a] + c.map { min(255, ($0 * 255 + a / 2) / a) }
    }
}

/// Asserts a pixel equals `expected` (0xAARRGGBB) within `tolerance` per channel.
public func assertPixel(_ image: OpaquePointer, _ x: Int, _ y: Int, _ expected: UInt32, tolerance: Int = 1,
                        _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    let actual = Pixels(image)[x, y]
    let close = (0..<4).allSatisfy { shift in
        let x = Int((actual >> UInt32(shift * 8)) & 0xff), y = Int((expected >> UInt32(shift * 8)) & 0xff)
        return abs(x - y) <= tolerance
    }
    XCTAssert(close, "pixel (\(x), \(y)) is \(hex(actual)), expected \(hex(expected)) ±\(tolerance) \(message)",
              file: file, line: line)
}

public func hex(_ value: UInt32) -> String {
    let s = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: max(0, 8 - s.count)) + s
}
