import CPixman
import Foundation
import StrataProtocol
import StrataWayland
import TestSupport
import XCTest

/// `WestonProcess` and the screenshot helpers, checked against weston 10's
/// headless backend with clients whose pixels are known. Skipped where
/// weston is not installed.
final class WestonHarnessTests: XCTestCase {
    private var weston: WestonProcess?

    override func tearDown() {
        weston?.stop()
        weston = nil
        super.tearDown()
    }

    private func start(width: Int = 640, height: Int = 480, scale: Int = 1) throws -> WestonProcess {
        let process = try WestonProcess(width: width, height: height, scale: scale)
        weston = process
        return process
    }

    func testAMissingWestonSkips() {
        XCTAssertThrowsError(try WestonProcess(westonBinary: "/nonexistent/weston")) { error in
            XCTAssert(error is XCTSkip, "\(error)")
        }
    }

    func testTheEmptyOutputIsAllBackground() throws {
        let weston = try start(width: 320, height: 240)
        let path = NSTemporaryDirectory() + "weston-empty-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let shot = try weston.screenshot(to: path)
        XCTAssertEqual([shot.width, shot.height], [320, 240])
        XCTAssertEqual(try DecodedPNG(contentsOf: path).rgba, shot.rgba, "the copy kept at the path asked for")
        XCTAssertNil(shot.locateContent(background: WestonProcess.backgroundPixel, tolerance: 0),
                     "the panel, background pattern or another helper drew something")
    }

    /// What a Wayland client learns on connecting: the facts the client
    /// mode is built on (see README.md).
    func testTheGlobalsWestonOffers() throws {
        let weston = try start()
        let connection = try Connection(name: weston.waylandSocketPath)
        let versions = Dictionary(connection.globals.map { ($0.interface, $0.version) }) { first, _ in first }
        XCTAssertEqual(versions["wl_compositor"], 4, "no wl_surface.preferred_buffer_scale (v6)")
        XCTAssertEqual(versions["xdg_wm_base"], 3, "no configure_bounds (v4) or wm_capabilities (v5)")
        XCTAssertEqual(versions["wl_output"], 3, "no wl_output.name (v4); zxdg_output_manager_v1 names it")
        XCTAssertEqual(versions["wp_viewporter"], 1)
        XCTAssertNotNil(versions["wp_presentation"])
        XCTAssertNotNil(versions["zxdg_output_manager_v1"])
        XCTAssertNotNil(versions["weston_screenshooter"])
        XCTAssertNil(versions["zxdg_decoration_manager_v1"], "the app draws its own title bar")
        XCTAssertNil(versions["wp_fractional_scale_manager_v1"])
        XCTAssertNil(versions["wl_seat"], "the headless backend has no input devices, so no seat")
        XCTAssertNil(versions["strata_layers_v1"])
        XCTAssert(connection.shmFormats.isSuperset(of: [ShmFormat.argb8888.rawValue, ShmFormat.xrgb8888.rawValue]))
    }

    /// A solid window is found whole where desktop-shell put it, every
    /// pixel its exact color (tolerance 0: pixman copies opaque pixels).
    func testASolidWindowIsFoundWhole() throws {
        let weston = try start()
        let color = Color(red: 0.2, green: 0.4, blue: 0.8)
        let window = try SolidColorWindow(on: weston, color: color, width: 200, height: 120)
        XCTAssertEqual([window.firstConfigure.width, window.firstConfigure.height], [0, 0], "the client chooses its size")

        let shot = try weston.screenshot()
        let expected = SolidColorWindow.pixel(color)
        let found = try XCTUnwrap(shot.locateWindow(of: expected, tolerance: 0))
        XCTAssertEqual([found.width, found.height], [200, 120])
        XCTAssertEqual(shot.count(of: expected, in: found, tolerance: 0), 200 * 120)
        XCTAssertEqual(shot.locateContent(background: WestonProcess.backgroundPixel, tolerance: 0), found,
                       "nothing but the window: no decorations, shadow or panel")
    }

    /// desktop-shell places a new window at `random() % (output − window)`
    /// in each axis, and weston never seeds random(): the first window's
    /// place depends only on the two sizes. Tests should still locate
    /// windows; this records why they land where they do.
    func testTheFirstWindowsPlaceIsGlibcsFirstRandomNumbers() throws {
        let weston = try start()
        let color = Color(red: 1, green: 0.5, blue: 0)
        let window = try SolidColorWindow(on: weston, color: color, width: 200, height: 120)
        let found = try XCTUnwrap(try weston.screenshot().locateWindow(of: SolidColorWindow.pixel(color)))
        withExtendedLifetime(window) {}
        // glibc's random() with the default seed starts 1804289383, 846930886.
        XCTAssertEqual([found.x, found.y], [1_804_289_383 % (640 - 200), 846_930_886 % (480 - 120)])
    }

    /// At --scale=2 the output is 320×240 logical, 640×480 device pixels;
    /// wl_output says scale 2; a buffer of scale 2 shows 1:1 and one of
    /// scale 1 is doubled.
    func testScaleTwo() throws {
        let weston = try start(width: 320, height: 240, scale: 2)
        let sharp = Color(red: 0, green: 0.8, blue: 0.2), doubled = Color(red: 0.9, green: 0.1, blue: 0.5)
        let windows = [try SolidColorWindow(on: weston, color: sharp, width: 100, height: 60, bufferScale: 2, title: "sharp"),
                       try SolidColorWindow(on: weston, color: doubled, width: 30, height: 20, bufferScale: 1, title: "doubled")]
        let shot = try weston.screenshot()
        withExtendedLifetime(windows) {}
        XCTAssertEqual([shot.width, shot.height], [640, 480])
        // The second window may cover part of the first: compare sizes of what shows.
        let sharpRect = try XCTUnwrap(shot.locateWindow(of: SolidColorWindow.pixel(sharp), tolerance: 0))
        let doubledRect = try XCTUnwrap(shot.locateWindow(of: SolidColorWindow.pixel(doubled), tolerance: 0))
        XCTAssertEqual([doubledRect.width, doubledRect.height], [60, 40])
        XCTAssertLessThanOrEqual(sharpRect.width, 100)
        XCTAssertLessThanOrEqual(sharpRect.height, 60)
        XCTAssertEqual(doubledRect.x % 2, 0, "a window sits on a logical pixel: even device coordinates")

        guard let info = StrataProcess.which("wayland-info") else { throw XCTSkip("wayland-info (wayland-utils) is not installed") }
        let listing = try runProcess(info, [], environment: weston.clientEnvironment).standardOutput
        XCTAssert(listing.contains("scale: 2"), listing)
        XCTAssert(listing.contains("logical_width: 320, logical_height: 240"), listing)
    }

    /// The way client-mode tests compare a window with a reference: locate
    /// it, crop it, compare the crop (a picture with no black at its edges,
    /// so `locateContent` finds all of it).
    func testACroppedWindowMatchesItsReference() throws {
        let weston = try start()
        let connection = try Connection(name: weston.waylandSocketPath)
        let toplevel = try WaylandToplevel(connection: connection, title: "quadrants")
        try toplevel.waitForConfigure()
        let buffer = try ShmBuffer(connection: connection, width: 64, height: 48, format: .xrgb8888)
        buffer.fill { x, y in
            Color(red: x < 32 ? 1 : 0.2, green: y < 24 ? 0.9 : 0.3, blue: Double(x) / 63)
        }
        var presented = false
        toplevel.requestFrame { _ in presented = true }
        toplevel.present(buffer)
        XCTAssert(try connection.dispatch(until: { presented }, timeout: 10))

        let shot = try weston.screenshot()
        let rect = try XCTUnwrap(shot.locateContent(background: WestonProcess.backgroundPixel))
        XCTAssertEqual([rect.width, rect.height], [64, 48])
        let image = shot.cropped(to: rect).makePixmanImage()
        defer { pixman_image_unref(image) }
        ImageComparison.assertMatches(image, reference: "weston-quadrants", in: .module,
                                      referencesDirectory: Self.referencesDirectory, tolerance: 1)
    }

    /// A window that has stopped changing is in a settled screenshot; an
    /// empty output never settles (nothing to wait for is an error).
    func testASettledScreenshotWaitsForContent() throws {
        let weston = try start(width: 160, height: 120)
        XCTAssertThrowsError(try weston.settledScreenshot(timeout: 0.5))
        let color = Color(red: 0.5, green: 0.5, blue: 0.1)
        let window = try SolidColorWindow(on: weston, color: color, width: 40, height: 30)
        let shot = try weston.settledScreenshot()
        withExtendedLifetime(window) {}
        XCTAssertEqual(shot.count(of: SolidColorWindow.pixel(color), in: shot.bounds, tolerance: 0), 40 * 30)
    }

    /// An ordinary client in its own process (weston's own demo): found
    /// once it has drawn, and gone with weston's helpers after `stop()`.
    func testAClientProcessIsShownAndStoppedWithWeston() throws {
        let weston = try start()
        guard let simpleShm = StrataProcess.which("weston-simple-shm") else { throw XCTSkip("weston-simple-shm is not installed") }
        let client = try weston.startClient(simpleShm)
        let shot = try weston.screenshot(until: { $0.locateContent(background: WestonProcess.backgroundPixel) != nil })
        let rect = try XCTUnwrap(shot.locateContent(background: WestonProcess.backgroundPixel))
        XCTAssertEqual([rect.width, rect.height], [250, 250], "weston-simple-shm's window, white frame included")

        let helpers = childProcesses(of: weston.process.processIdentifier)
        XCTAssertFalse(helpers.isEmpty, "weston-desktop-shell runs as weston's child")
        XCTAssertEqual(weston.stop(), 0, "weston exits cleanly on SIGTERM")
        XCTAssertFalse(client.isRunning)
        XCTAssert(helpers.allSatisfy { !isProcessAlive($0) }, "helpers left running: \(helpers)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: weston.runtimeDirectory))
    }

    static let referencesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("References").path
}
