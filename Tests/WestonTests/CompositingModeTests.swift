import CPixman
import Foundation
import TestSupport
import XCTest

/// The same app on Strata in both modes: composited by Strata from its
/// layer tree (`STRATAKIT_COMPOSITING=server`), and composited by itself
/// into wl_shm buffers that Strata only shows (`STRATAKIT_COMPOSITING=client`).
/// The window's content is the same, pixel for pixel within `tolerance`.
///
/// Tolerance: none, every pixel equal: both modes draw with StrataRender
/// at scale 1 from the same values (client mode rounds colors, opacity and
/// geometry to wl_fixed's 1/256 as the wire does), and Strata shows a
/// client's opaque buffer as it is.
final class CompositingModeTests: XCTestCase {
    static let tolerance = 0

    private var strata: StrataProcess?

    override func tearDown() {
        strata?.stop()
        strata = nil
        super.tearDown()
    }

    /// One Strata, the app run once in each mode (the first stopped
    /// before the second starts, so the second window has the same place).
    private func assertBothModesMatch(_ app: AppUnderTest, name: String, scale: Int = 1,
                                      file: StaticString = #filePath, line: UInt = #line) throws {
        var pictures: [Compositing: DecodedPNG] = [:]
        for compositing in [Compositing.server, .client] {
            // Room for the window and its title bar, whatever the app's size.
            let strata = try StrataProcess(width: max(480, app.width + 120) * scale, height: max(400, app.height + 120) * scale, scale: scale,
                                           socketName: "strata-modes-\(UInt32.random(in: 0...UInt32.max))")
            self.strata = strata
            pictures[compositing] = try strata.content(of: app, compositing: compositing, scale: scale)
            // Which side composited: Strata holds the app's layers only in server mode.
            let layers = try strata.appLayerCount(ofWindowTitled: app.title)
            if compositing == .server {
                XCTAssertGreaterThan(layers, 0, "Strata holds no layers of \(app.product) in server mode", file: file, line: line)
            } else {
                XCTAssertEqual(layers, 0, "\(app.product) sent its layers in client mode", file: file, line: line)
            }
            strata.stop()
        }
        let client = pictures[.client]!.makePixmanImage(), server = pictures[.server]!.makePixmanImage()
        defer { pixman_image_unref(client); pixman_image_unref(server) }
        let (differing, largest) = ImageComparison.assertMatches(client, expected: server, name: name,
                                                                 tolerance: Self.tolerance, file: file, line: line)
        let (clientPixels, serverPixels) = (pictures[.client]!.rgba, pictures[.server]!.rgba)
        let unequal = stride(from: 0, to: min(clientPixels.count, serverPixels.count), by: 4).filter {
            clientPixels[$0..<$0 + 4] != serverPixels[$0..<$0 + 4]
        }.count
        print("\(name): \(unequal) of \(app.width * app.height * scale * scale) pixels differ at all, \(differing) by more than "
              + "\(Self.tolerance); largest channel difference \(largest)")
    }

    func testClockDemoInBothModes() throws {
        try assertBothModesMatch(.clock, name: "modes-clock-demo")
    }

    func testPhotosDemoInBothModes() throws {
        try assertBothModesMatch(.photos, name: "modes-photos-demo")
    }

    /// The render server's styling (StrataRender in the compositor, or in
    /// the app) draws the same pixels either way.
    func testStylingDemoInBothModes() throws {
        try assertBothModesMatch(.styling, name: "modes-styling-demo")
    }

    func testStylingDemoInBothModesAtScaleTwo() throws {
        try assertBothModesMatch(.styling, name: "modes-styling-demo@2x", scale: 2)
    }

    func testPixelAppInBothModes() throws {
        try assertBothModesMatch(.pixels, name: "modes-pixel-app")
    }

    /// At scale 2 the app draws its contents and composites its buffer at
    /// 2 pixels a point, as Strata composites its layers on a scale-2 output.
    func testPixelAppInBothModesAtScaleTwo() throws {
        try assertBothModesMatch(.pixels, name: "modes-pixel-app@2x", scale: 2)
    }
}
