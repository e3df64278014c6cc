import Foundation
import StrataProtocol
import TestSupport
import XCTest

/// Reading windows out of `strata tree`.
extension StrataProcess {
    /// The window titled `title` in `strata tree`.
    func window(_ title: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        try XCTUnwrap(try windows().first { $0["title"] as? String == title }, "no window \(title)", file: file, line: line)
    }

    /// Its origin on the output.
    func origin(of title: String) throws -> Point {
        let origin = try XCTUnwrap(try window(title)["origin"] as? [String: Any])
        return Point(x: try XCTUnwrap(origin["x"] as? Double), y: try XCTUnwrap(origin["y"] as? Double))
    }

    /// Its window geometry's size.
    func size(of title: String) throws -> Size {
        let geometry = try XCTUnwrap(try window(title)["geometry"] as? [String: Any])
        return Size(width: try XCTUnwrap(geometry["width"] as? Double), height: try XCTUnwrap(geometry["height"] as? Double))
    }

    /// Its states as `strata tree` names them.
    func states(of title: String) throws -> [String] {
        try window(title)["states"] as? [String] ?? []
    }

    /// The title of the window with the keyboard.
    func keyboardFocus() throws -> String? {
        (try tree()["seat"] as? [String: Any])?["keyboard_focus"] as? String
    }

    /// A screenshot, kept in the test output folder to look at.
    func shot(_ name: String) throws -> DecodedPNG {
        try FileManager.default.createDirectory(atPath: ImageComparison.outputDirectory, withIntermediateDirectories: true)
        return try screenshot(to: "\(ImageComparison.outputDirectory)/\(name).png")
    }
}

extension DecodedPNG.Pixel {
    /// Server.desktopColor in 8 bits.
    static let desktop = DecodedPNG.Pixel(red: 28, green: 31, blue: 36)
    /// RawClient's default fill, 0xFF0080FF (blue).
    static let fill = DecodedPNG.Pixel(red: 0, green: 128, blue: 255)
    static let black = DecodedPNG.Pixel(red: 0, green: 0, blue: 0)
    static let opaqueRed = DecodedPNG.Pixel(red: 255, green: 0, blue: 0)
}

/// The pixel at (x, y) is `expected`, within 2 a channel (colors go through 8-bit PNGs).
func assertPixel(_ image: DecodedPNG, _ x: Int, _ y: Int, _ expected: DecodedPNG.Pixel, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(image[x, y].isClose(to: expected), "(\(x), \(y)) is \(image[x, y]), not \(expected). \(message)", file: file, line: line)
}
