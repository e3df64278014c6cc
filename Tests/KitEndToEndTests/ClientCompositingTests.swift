import Foundation
@testable import StrataKit
import StrataRender
import StrataWayland
import TestSupport
import XCTest

/// The app compositing its own windows (what it does on a compositor that
/// is not Strata), here forced with STRATAKIT_COMPOSITING=client against
/// a real Strata: the window's buffers carry exactly the damaged pixels,
/// a turn that changes nothing commits nothing, and animations play in the app.
final class ClientCompositingTests: KitTestCase {
    override func setUp() {
        super.setUp()
        setenv(CompositingMode.environmentVariable, "client", 1)
    }

    override func tearDown() {
        unsetenv(CompositingMode.environmentVariable)
        super.tearDown()
    }

    private func presenter(of window: UIWindow) throws -> WindowPresenter {
        try XCTUnwrap(window.surface?.presenter, "the window is not composited by the app")
    }

    /// Shows `window` and waits until its first frame reached the compositor.
    private func showComposited(_ window: UIWindow) throws -> WindowPresenter {
        window.makeKeyAndVisible()
        XCTAssertTrue(runMainLoop(until: { (window.surface?.presenter?.commitCount ?? 0) > 0 }),
                      "the window was never drawn; strata said: \(strata.serverLog)")
        let presenter = try presenter(of: window)
        XCTAssertTrue(runMainLoop(until: { !presenter.isWaitingForFrame }), "the compositor never showed the first frame")
        return presenter
    }

    func testTheModeIsTheClientsWhenAsked() throws {
        try startCompositor()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
        _ = try showComposited(window)
        XCTAssertEqual(compositor.mode, .client)
        XCTAssertNil(compositor.layerManager, "no strata_layers_v1 traffic in client mode")
        XCTAssertEqual(try strata.windows().first?["surface"].flatMap { ($0 as? [String: Any])?["role"] as? String }, "xdg_toplevel")
    }

    /// The figure: an 8×4 setNeedsDisplay(_:) becomes a buffer
    /// damage of that rect, scaled, and nothing else.
    func testSetNeedsDisplayOfAnEightByFourRectDamagesOnlyThatRect() throws {
        for scale in [1, 2] {
            try startCompositor(scale: scale)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 80))
            let view = FillView(frame: CGRect(x: 10, y: 10, width: 60, height: 40))
            window.addSubview(view)
            let presenter = try showComposited(window)
            XCTAssertEqual(presenter.scale, Double(scale))
            let before = presenter.commitCount

            view.setNeedsDisplay(CGRect(x: 20, y: 8, width: 8, height: 4))
            XCTAssertTrue(runMainLoop(until: { presenter.commitCount > before }), "the redraw was never committed")
            let s = scale
            XCTAssertEqual(presenter.lastDamage, [PixelRect(x: (10 + 20) * s, y: (10 + 8) * s, width: 8 * s, height: 4 * s)],
                           "at scale \(scale)")
            XCTAssertEqual(presenter.commitCount, before + 1)
            tearDown()
            setUp()
        }
    }

    func testATurnThatChangesNothingCommitsNothing() throws {
        try startCompositor()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 80))
        let view = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        view.backgroundColor = .red
        window.addSubview(view)
        let presenter = try showComposited(window)
        let before = presenter.commitCount
        // The same values again, and an update with nothing to do.
        view.backgroundColor = .red
        view.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        UpdateCycle.shared.schedule()
        runMainLoop(for: 0.3)
        XCTAssertEqual(presenter.commitCount, before, "a turn that changed nothing committed a buffer")

        view.backgroundColor = .blue
        XCTAssertTrue(runMainLoop(until: { presenter.commitCount > before }))
        XCTAssertEqual(presenter.lastDamage, [PixelRect(x: 10, y: 10, width: 20, height: 20)])
    }

    /// UIKit: the completion of `animate(withDuration:animations:completion:)`
    /// runs with finished true when the animation ends; here the app plays it.
    func testAnimationsPlayInTheAppAndComplete() throws {
        try startCompositor()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 80))
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        view.backgroundColor = .green
        window.addSubview(view)
        let presenter = try showComposited(window)
        let before = presenter.commitCount
        var finished: Bool?
        UIView.animate(withDuration: 0.2, animations: { view.frame.origin.x = 60 }, completion: { finished = $0 })
        XCTAssertTrue(runMainLoop(until: { finished != nil }, timeout: 5))
        XCTAssertEqual(finished, true)
        XCTAssertGreaterThan(presenter.commitCount - before, 2, "the animation drew frames in between")
        XCTAssertEqual(view.layer.presentation()?.position.x, 70)
    }

    func testCompositingModeChoice() throws {
        XCTAssertEqual(try CompositingMode.choose(compositorHasLayers: true, environment: [:]), .server)
        XCTAssertEqual(try CompositingMode.choose(compositorHasLayers: false, environment: [:]), .client)
        XCTAssertEqual(try CompositingMode.choose(compositorHasLayers: true, environment: ["STRATAKIT_COMPOSITING": "client"]), .client)
        XCTAssertEqual(try CompositingMode.choose(compositorHasLayers: true, environment: ["STRATAKIT_COMPOSITING": "server"]), .server)
        XCTAssertThrowsError(try CompositingMode.choose(compositorHasLayers: false, environment: ["STRATAKIT_COMPOSITING": "server"])) {
            XCTAssertTrue("\($0)".contains("no strata_layers_v1"), "\($0)")
        }
        XCTAssertThrowsError(try CompositingMode.choose(compositorHasLayers: true, environment: ["STRATAKIT_COMPOSITING": "gpu"]))
    }
}

/// Client compositing where the compositor offers wp_fractional_scale_v1
/// and wp_viewporter: the window is drawn at the preferred scale into a
/// buffer of its points times that scale, at buffer scale 1, and its
/// viewport shows it at its size in points.
final class ClientFractionalScaleTests: KitTestCase {
    override func setUp() {
        super.setUp()
        setenv(CompositingMode.environmentVariable, "client", 1)
    }

    override func tearDown() {
        CompositorConnection.usesFractionalScaling = true
        unsetenv(CompositingMode.environmentVariable)
        super.tearDown()
    }

    /// A window of a filled view, a coloured view and a label.
    private func makeWindow(width: CGFloat = 80, height: CGFloat = 60) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: width, height: height))
        window.backgroundColor = .white
        let fill = FillView(frame: CGRect(x: 4, y: 4, width: 30, height: 20))
        window.addSubview(fill)
        let square = UIView(frame: CGRect(x: 40, y: 4, width: 30, height: 20))
        square.backgroundColor = .blue
        window.addSubview(square)
        let label = UILabel(frame: CGRect(x: 4, y: 30, width: 70, height: 24))
        label.text = "Scale"
        window.addSubview(label)
        return window
    }

    /// Shows `window` and waits until a frame at `scale` reached the compositor.
    private func show(_ window: UIWindow, atScale scale: Double) throws -> WindowPresenter {
        window.makeKeyAndVisible()
        XCTAssertTrue(runMainLoop(until: {
            guard let presenter = window.surface?.presenter else { return false }
            return presenter.scale == scale && presenter.commitCount > 0 && !presenter.isWaitingForFrame
        }), "no frame at scale \(scale); strata said: \(strata.serverLog)")
        return try XCTUnwrap(window.surface?.presenter)
    }

    /// The window's surface as `strata tree` shows it, once its committed buffer is `width`×`height`.
    private func surfaceInfo(bufferWidth width: Int, height: Int) throws -> [String: Any] {
        var surface: [String: Any] = [:]
        XCTAssertTrue(try runMainLoop(until: {
            surface = try strata.windows().first?["surface"] as? [String: Any] ?? [:]
            let buffer = surface["buffer"] as? [String: Any]
            return buffer?["width"] as? Int == width && buffer?["height"] as? Int == height
        }), "the compositor never showed a \(width)×\(height) buffer: \(surface)")
        return surface
    }

    /// The window's pixels in a screenshot (the output's pixels, at `scale` per point).
    private func windowPixels(scale: Int, name: String) throws -> [DecodedPNG.Pixel] {
        XCTAssertEqual(try strata.control("frame").status, 0)
        let window = try XCTUnwrap(strata.windows().first)
        let origin = try XCTUnwrap(window["origin"] as? [String: Any])
        let geometry = try XCTUnwrap(window["geometry"] as? [String: Any])
        let x = try XCTUnwrap(origin["x"] as? Int), y = try XCTUnwrap(origin["y"] as? Int)
        let width = try XCTUnwrap((geometry["width"] as? NSNumber)?.intValue)
        let height = try XCTUnwrap((geometry["height"] as? NSNumber)?.intValue)
        let shot = try strata.screenshot(to: strata.runtimeDirectory + "/\(name).png")
        var pixels: [DecodedPNG.Pixel] = []
        for py in (y * scale)..<((y + height) * scale) {
            for px in (x * scale)..<((x + width) * scale) { pixels.append(shot[px, py]) }
        }
        return pixels
    }

    func testAtScaleTwoTheBufferIsTwiceThePointsWithAViewportAndLooksAsWithBufferScaleTwo() throws {
        try startCompositor(width: 320, height: 240, scale: 2)
        let window = makeWindow()
        let presenter = try show(window, atScale: 2)
        let scaling = try XCTUnwrap(presenter.scaling, "Strata offers fractional scaling and a viewporter")
        XCTAssertEqual(scaling.preferredScale, 2)
        XCTAssertEqual(window.screenScale, 2)
        XCTAssertEqual(window.subviews.last?.layer.contentsScale, 2, "the label draws at the buffer's scale")
        XCTAssertEqual(presenter.bufferSize.width, 160)
        XCTAssertEqual(presenter.bufferSize.height, 120)
        let surface = try surfaceInfo(bufferWidth: 160, height: 120)
        XCTAssertEqual((surface["buffer"] as? [String: Any])?["scale"] as? Int, 1)
        XCTAssertEqual(surface["preferred_scale"] as? Int, 240)
        let destination = (surface["viewport"] as? [String: Any])?["destination"] as? [String: Any]
        XCTAssertEqual(destination?["width"] as? Double, 80)
        XCTAssertEqual(destination?["height"] as? Double, 60)
        XCTAssertEqual((surface["size"] as? [String: Any])?["width"] as? Double, 80, "the surface is the window's points")
        let viewported = try windowPixels(scale: 2, name: "viewport")

        // The same window through the integer path: buffer scale 2, no viewport.
        window.isHidden = true
        UpdateCycle.shared.run()
        CompositorConnection.close()
        _ = strata.stop()
        CompositorConnection.usesFractionalScaling = false
        try startCompositor(width: 320, height: 240, scale: 2)
        let again = makeWindow()
        let integer = try show(again, atScale: 2)
        XCTAssertNil(integer.scaling)
        let plain = try surfaceInfo(bufferWidth: 160, height: 120)
        XCTAssertEqual((plain["buffer"] as? [String: Any])?["scale"] as? Int, 2)
        XCTAssertNil(plain["viewport"])
        let buffered = try windowPixels(scale: 2, name: "buffer-scale")
        XCTAssertEqual(viewported.count, 160 * 120)
        XCTAssertEqual(viewported.count, buffered.count)
        let differing = zip(viewported, buffered).filter { $0.0 != $0.1 }.count
        XCTAssertEqual(differing, 0, "the two paths show the same pixels")
    }

    /// Where the app draws its title bar, the viewport's destination is the
    /// whole surface: the window's points and the bar above them.
    func testTheDestinationIncludesAnAppDrawnTitleBar() throws {
        try startCompositor(width: 320, height: 240, scale: 2)
        let window = makeWindow()
        let presenter = try show(window, atScale: 2)
        let scaling = try XCTUnwrap(presenter.scaling)
        XCTAssertEqual(scaling.destination?.width, 80)
        XCTAssertEqual(scaling.destination?.height, 60, "Strata draws the title bar")
        presenter.setDrawsTitleBar(true)
        window.surface?.fitToWindow()
        let bar = Int32(ClientTitleBar.height)
        XCTAssertEqual(scaling.destination?.width, 80)
        XCTAssertEqual(scaling.destination?.height, 60 + bar)
        XCTAssertEqual(presenter.bufferSize.height, (60 + Int(bar)) * 2)
    }

    /// `strata run --preferred-scale 1.5` on a scale-1 output: a buffer of
    /// ceil(points × 1.5), drawn at 1.5, shown at the window's points.
    func testAtOneAndAHalfTheBufferIsTheRoundedUpPixels() throws {
        strata = try StrataProcess(width: 320, height: 240, scale: 1, socketName: "kit-\(UInt32.random(in: 0...UInt32.max))",
                                   extraArguments: ["--preferred-scale", "1.5"])
        setenv("XDG_RUNTIME_DIR", strata.runtimeDirectory, 1)
        setenv("WAYLAND_DISPLAY", strata.socketName, 1)
        let window = makeWindow(width: 101, height: 81)
        let presenter = try show(window, atScale: 1.5)
        XCTAssertEqual(window.screenScale, 1.5)
        XCTAssertEqual(window.subviews.first?.layer.contentsScale, 1.5)
        XCTAssertEqual(presenter.bufferSize.width, 152, "ceil(101 × 1.5)")
        XCTAssertEqual(presenter.bufferSize.height, 122, "ceil(81 × 1.5)")
        let surface = try surfaceInfo(bufferWidth: 152, height: 122)
        XCTAssertEqual(surface["preferred_scale"] as? Int, 180)
        XCTAssertEqual((surface["buffer"] as? [String: Any])?["scale"] as? Int, 1)
        let destination = (surface["viewport"] as? [String: Any])?["destination"] as? [String: Any]
        XCTAssertEqual(destination?["width"] as? Double, 101)
        XCTAssertEqual(destination?["height"] as? Double, 81)
        // The views land where their points say, on the scale-1 output.
        let pixels = try windowPixels(scale: 1, name: "one-and-a-half")
        let red = DecodedPNG.Pixel(red: 255, green: 0, blue: 0), blue = DecodedPNG.Pixel(red: 0, green: 0, blue: 255)
        XCTAssertTrue(pixels[14 * 101 + 18].isClose(to: red, tolerance: 2), "\(pixels[14 * 101 + 18])")
        XCTAssertTrue(pixels[14 * 101 + 55].isClose(to: blue, tolerance: 2), "\(pixels[14 * 101 + 55])")
    }
}
