import CPixman
import Foundation
import TestSupport
import XCTest

/// StrataKit apps on a compositor that is not Strata: weston's headless
/// backend, where each app composites its own windows into wl_shm buffers.
/// The content of each window matches a reference that is Strata's own
/// compositing of the same app (server mode), so each test shows that
/// client mode on weston draws what server mode on Strata draws.
///
/// Tolerance: none, every pixel equal. Both pictures come from the same
/// renderer (StrataRender) drawing the same layer tree at scale 1, with the
/// values strata_layers_v1 rounds to 1/256 rounded alike in client mode,
/// and weston copies the app's opaque buffer unchanged.
///
/// Recording (`STRATA_RECORD_REFERENCES=1`) runs each app on Strata in
/// server mode instead and writes its window's content to References/.
final class AppsOnWestonTests: XCTestCase {
    static let tolerance = 0

    private var weston: WestonProcess?
    private var strata: StrataProcess?

    override func tearDown() {
        weston?.stop()
        weston = nil
        strata?.stop()
        strata = nil
        super.tearDown()
    }

    /// Runs `app` on weston and compares its content with `reference`; or,
    /// when recording, records that reference from Strata in server mode.
    /// At `scale`, on outputs of the same device size (480×400 pixels on
    /// Strata, whose --size is in pixels; weston's size is in points).
    private func assertContentMatches(_ app: AppUnderTest, reference: String, scale: Int = 1,
                                      file: StaticString = #filePath, line: UInt = #line) throws {
        let content: DecodedPNG
        if ImageComparison.isRecording {
            let strata = try StrataProcess(width: 480, height: 400, scale: scale,
                                           socketName: "strata-ref-\(UInt32.random(in: 0...UInt32.max))")
            self.strata = strata
            content = try strata.content(of: app, compositing: .server, scale: scale)
        } else {
            // weston is checked to be installed before any Strata process starts.
            let weston = try WestonProcess(width: 640 / scale, height: 480 / scale, scale: scale,
                                           socketName: "weston-\(UInt32.random(in: 0...UInt32.max))")
            self.weston = weston
            content = try weston.content(of: app)
        }
        let image = content.makePixmanImage()
        defer { pixman_image_unref(image) }
        if let (differing, largest) = ImageComparison.assertMatches(image, reference: reference, in: .module,
                                                                    referencesDirectory: westonReferencesDirectory,
                                                                    tolerance: Self.tolerance, file: file, line: line) {
            print("\(reference): \(differing) of \(app.width * app.height * scale * scale) pixels differ by more than \(Self.tolerance); "
                  + "largest channel difference \(largest)")
        }
    }

    /// The layered clock: a face drawn with paths, rotated hands, a
    /// translucent glass and a clipped date wheel of labels.
    func testClockDemoOnWestonMatchesStrata() throws {
        try assertContentMatches(.clock, reference: "weston-clock-demo")
    }

    /// The photos sample: an @2x image scaled to fit and a toolbar, laid out by autoresizing.
    func testPhotosDemoOnWestonMatchesStrata() throws {
        try assertContentMatches(.photos, reference: "weston-photos-demo")
    }

    /// Known views: opaque and half-transparent colors, a rotation, a group
    /// with opacity, a drawn rounded shape, clipping and a label.
    func testPixelAppOnWestonMatchesStrata() throws {
        try assertContentMatches(.pixels, reference: "weston-pixel-app")
    }

    /// At scale 2 (wl_output's scale, read before the first frame): the
    /// app draws 2 pixels a point, as Strata does on a scale-2 output.
    func testPixelAppOnWestonMatchesStrataAtScaleTwo() throws {
        try assertContentMatches(.pixels, reference: "weston-pixel-app@2x", scale: 2)
    }
}
