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
