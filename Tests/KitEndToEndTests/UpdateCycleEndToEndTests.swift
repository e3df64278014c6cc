import Foundation
@testable import StrataKit
import StrataWayland
import TestSupport
import XCTest

/// The update at the end of each turn: what reaches the compositor, in how
/// many commits, and how fast.
final class UpdateCycleEndToEndTests: KitTestCase {
    /// Shows `window` on a compositor with manual frames: renders frames
    /// until its first commit was presented.
    private func showWithManualFrames(_ window: UIWindow) throws {
        window.makeKeyAndVisible()
        XCTAssertTrue(runMainLoop(until: { window.surface?.isRootSent ?? false }), strata.serverLog)
        try presentEverything()
    }

    /// Renders frames until every commit sent was presented.
    private func presentEverything() throws {
        try roundtrip()
        _ = try renderFrame()
        XCTAssertTrue(runMainLoop(until: {
            if self.compositor.layerManager!.inFlightSerials.isEmpty && !self.compositor.isCommitHeldBack { return true }
            _ = try? self.roundtrip()
            _ = try? self.renderFrame()
            return false
        }), "commits were not presented")
    }

    /// UIKit: setNeedsDisplay(_:) "marks the specified rectangle of the
    /// view as needing to be redrawn"; only that rect is drawn, and only
    /// its pixels travel to the compositor, which recomposites only them.
    func testSetNeedsDisplayOfARectSendsAndRecompositesOnlyThatRect() throws {
        try startCompositor(manualFrames: true)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 80))
        window.title = "damage"
        let view = FillView(frame: CGRect(x: 10, y: 10, width: 60, height: 40))
        window.addSubview(view)
        try showWithManualFrames(window)
        XCTAssertEqual(compositor.lastSummary.contentsUploads.map(\.damage), [[]], "the first contents go whole")
        XCTAssertEqual(try renderFrame().pixelsComposited, 0, "an unchanged frame composites nothing")

        view.color = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        view.setNeedsDisplay(CGRect(x: 5, y: 6, width: 8, height: 4))
        waitForCommit()
        XCTAssertEqual(compositor.lastSummary.contentsUploads,
                       [.init(width: 60, height: 40, damage: [CGRect(x: 5, y: 6, width: 8, height: 4)], bytesCopied: 8 * 4 * 4)])
        try roundtrip()
        let frame = try renderFrame()
        let (x, y) = try origin(of: serverWindow(titled: "damage"))
        XCTAssertEqual(frame.damage, [CGRect(x: x + 15, y: y + 16, width: 8, height: 4)], "the view is at (10, 10) in the window")
        // The desktop under the translucent window, then the contents: two layers over 32 pixels.
        XCTAssertLessThanOrEqual(frame.pixelsComposited, 2 * 32)

        let shot = try strata.screenshot(to: strata.runtimeDirectory + "/damage.png")
        XCTAssertEqual(shot[x + 15, y + 16], .init(red: 0, green: 255, blue: 0), "redrawn")
        XCTAssertEqual(shot[x + 22, y + 19], .init(red: 0, green: 255, blue: 0), "redrawn")
        XCTAssertEqual(shot[x + 14, y + 16], .init(red: 255, green: 0, blue: 0), "left of the rect: kept")
        XCTAssertEqual(shot[x + 23, y + 16], .init(red: 255, green: 0, blue: 0), "right of the rect: kept")
        XCTAssertEqual(shot[x + 15, y + 20], .init(red: 255, green: 0, blue: 0), "below the rect: kept")
    }

    /// Core Animation: changes made in one turn of the run loop form one
    /// implicit transaction, so they reach the screen together: one
    /// strata_layers_v1.commit for every property, contents and tree change.
    func testManyChangesInOneTurnReachTheScreenInOneCommit() throws {
        try startCompositor()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        window.title = "one-commit"
        var views: [UIView] = []
        for index in 0..<20 {
            let view = UIView(frame: CGRect(x: index * 10, y: 0, width: 10, height: 10))
            view.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
            window.addSubview(view)
            views.append(view)
        }
        show(window)
        let serial = try XCTUnwrap(compositor.lastCommitSerial)
        let commits = UpdateCycle.shared.commitCount

        // One turn: no run-loop iteration between these lines.
        for (index, view) in views.enumerated() {
            view.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
            view.frame = CGRect(x: index * 10, y: 50, width: 10, height: 10)
        }
        views[19].removeFromSuperview()
        views.removeLast()
        let added = UIView(frame: CGRect(x: 0, y: 80, width: 200, height: 20))
        added.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        window.addSubview(added)
        waitForNextCommit()
        runMainLoop(for: 0.1)

        XCTAssertEqual(compositor.lastCommitSerial, serial + 1, "exactly one commit for the turn")
        XCTAssertEqual(UpdateCycle.shared.commitCount, commits + 1)
        XCTAssertEqual(compositor.lastSummary.createdLayers, 1)
        XCTAssertEqual(compositor.lastSummary.destroyedLayers, 1, "the removed view's layer is gone, so is its strata layer")
        let root = try appRootLayer(of: serverWindow(titled: "one-commit"))
        XCTAssertEqual(root.sublayers.count, 20)
        for (index, layer) in root.sublayers.prefix(19).enumerated() {
            XCTAssertEqual(layer.point("position"), CGPoint(x: index * 10 + 5, y: 55))
            XCTAssertEqual(layer.backgroundRGBA, [0, 0, 1, 1])
        }
        XCTAssertEqual(root.sublayers.last?.backgroundRGBA, [0, 1, 0, 1])
        let shot = try strata.screenshot(to: strata.runtimeDirectory + "/one-commit.png")
        let (x, y) = try origin(of: serverWindow(titled: "one-commit"))
        XCTAssertEqual(shot[x + 5, y + 55], .init(red: 0, green: 0, blue: 255))
        XCTAssertEqual(shot[x + 100, y + 90], .init(red: 0, green: 255, blue: 0))
    }

    /// CATransaction.flush() commits at once, without waiting for the end
    /// of the turn (Core Animation: "flushes any extant implicit transaction").
    func testTransactionFlushCommitsImmediately() throws {
        try startCompositor()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        window.title = "flush"
        show(window)
        let serial = try XCTUnwrap(compositor.lastCommitSerial)
        window.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        CATransaction.flush()
        XCTAssertEqual(compositor.lastCommitSerial, serial + 1, "committed before the run loop turned")
        waitUntilPresented()
        XCTAssertEqual(try appRootLayer(of: serverWindow(titled: "flush")).backgroundRGBA, [0, 1, 0, 1])
    }

    /// A window that goes away (its last reference dropped) leaves the
    /// screen, and its strata layers are destroyed without a protocol error.
    func testReleasedWindowLeavesTheScreen() throws {
        try startCompositor()
        do {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            window.title = "released"
            window.addSubview(UIView(frame: CGRect(x: 0, y: 0, width: 5, height: 5)))
            show(window)
        }
        XCTAssertTrue(runMainLoop(until: { (try? self.strata.windows().isEmpty) ?? false }))
        let flushed = runMainLoop(until: { self.compositor.encoder.remoteLayerCount == 0 && self.compositor.layerManager!.inFlightSerials.isEmpty })
        XCTAssertTrue(flushed)
        XCTAssertNil(compositor.connection.protocolError)
        // (Another test's window may still be on its way out: this one is what counts.)
        XCTAssertFalse(UIApplication.shared.windows.contains { $0.title == "released" })
    }

    /// Reordering subviews sends the minimal edits: bringing one of five
    /// to the front (UIKit: addSubview of a subview moves it to the top)
    /// is one insert_sublayer, not a rebuild.
    func testReorderingSendsOnlyTheMove() throws {
        try startCompositor()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        window.title = "reorder"
        let views = (0..<5).map { index -> UIView in
            let view = UIView(frame: CGRect(x: index * 20, y: 0, width: 20, height: 20))
            view.backgroundColor = UIColor(red: CGFloat(index) / 4, green: 0, blue: 0, alpha: 1)
            window.addSubview(view)
            return view
        }
        show(window)
        window.addSubview(views[0])
        waitForNextCommit()
        XCTAssertEqual(compositor.lastSummary.sublayerEdits, 1)
        let order = try appRootLayer(of: serverWindow(titled: "reorder")).sublayers.map { $0.point("position")!.x }
        XCTAssertEqual(order, [30, 50, 70, 90, 10])
    }

    /// Flow control: with max_pending_commits unanswered, the app holds its
    /// changes back instead of flooding the compositor (one more would be a
    /// too_many_commits error), and sends them after the next presented event.
    func testCommitsWaitForPresentedBeyondMaxPendingCommits() throws {
        try startCompositor(manualFrames: true)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.title = "flow"
        try showWithManualFrames(window)
        let limit = Int(try XCTUnwrap(compositor.layerManager?.limits).maxPendingCommits)

        for step in 0..<(limit + 3) {
            let updates = UpdateCycle.shared.updateCount
            window.backgroundColor = UIColor(red: CGFloat(step) / 10, green: 0, blue: 0, alpha: 1)
            XCTAssertTrue(runMainLoop(until: { UpdateCycle.shared.updateCount > updates }))
            XCTAssertLessThanOrEqual(compositor.layerManager!.inFlightSerials.count, limit)
        }
        XCTAssertTrue(compositor.isCommitHeldBack)
        XCTAssertTrue(compositor.connection.isConnected)
        XCTAssertNil(compositor.connection.protocolError)

        try presentEverything()
        let root = try appRootLayer(of: serverWindow(titled: "flow"))
        XCTAssertEqual(root.backgroundRGBA?[0] ?? -1, Double(limit + 2) / 10, accuracy: 1.0 / 256, "the last change arrived")
    }

    /// A transaction far larger than libwayland-client's 4 KiB request
    /// buffer (3000 new layers with their properties, about 15,000
    /// requests) is flushed as it is written and arrives whole in one commit.
    func testLargeTransactionArrivesInOneCommit() throws {
        try startCompositor()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        window.title = "large"
        show(window)
        let serial = try XCTUnwrap(compositor.lastCommitSerial)
        for index in 0..<3000 {
            let view = UIView(frame: CGRect(x: index % 300, y: index / 300 * 10, width: 1, height: 10))
            view.backgroundColor = UIColor(red: 0, green: 0, blue: CGFloat(index % 2), alpha: 1)
            window.addSubview(view)
        }
        waitForNextCommit()
        XCTAssertEqual(compositor.lastCommitSerial, serial + 1)
        XCTAssertGreaterThan(compositor.lastSummary.requests, 9000)
        XCTAssertNil(compositor.connection.protocolError)
        XCTAssertEqual(try appRootLayer(of: serverWindow(titled: "large")).sublayers.count, 3000)
    }

    /// Contents buffers are reused once the compositor released them, never
    /// while it may still read them: redrawing every turn keeps a couple of
    /// buffers, not one per frame.
    func testContentsBuffersAreReusedAfterRelease() throws {
        try startCompositor()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        window.title = "buffers"
        let view = FillView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        window.addSubview(view)
        show(window)
        let pool = try XCTUnwrap(window.surface?.bufferPool)
        for step in 0..<10 {
            view.color = UIColor(red: 0, green: CGFloat(step) / 10, blue: 0, alpha: 1)
            view.setNeedsDisplay()
            waitForNextCommit()
            XCTAssertEqual(compositor.lastSummary.contentsUploads.count, 1)
        }
        XCTAssertLessThanOrEqual(pool.count, 2)
        let shot = try strata.screenshot(to: strata.runtimeDirectory + "/buffers.png")
        let (x, y) = try origin(of: serverWindow(titled: "buffers"))
        XCTAssertEqual(shot[x + 30, y + 30].green, 230, "the last drawing (0.9 green) is shown")
    }

    /// The main run loop sleeps while nothing happens: no busy polling of
    /// the Wayland socket.
    func testIdleRunLoopSleeps() throws {
        try startCompositor()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        window.title = "idle"
        show(window)
        var before = rusage(), after = rusage()
        getrusage(RUSAGE_SELF.rawValue, &before)
        let deadline = Date().addingTimeInterval(0.5)
        while Date() < deadline { _ = RunLoop.main.run(mode: .default, before: deadline) }
        getrusage(RUSAGE_SELF.rawValue, &after)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        let cpu = seconds(after.ru_utime) + seconds(after.ru_stime) - seconds(before.ru_utime) - seconds(before.ru_stime)
        XCTAssertLessThan(cpu, 0.1, "the run loop used \(cpu) s of CPU in 0.5 s of idling")
    }

    private func waitForCommit(file: StaticString = #filePath, line: UInt = #line) {
        let before = compositor.lastCommitSerial
        XCTAssertTrue(runMainLoop(until: { self.compositor.lastCommitSerial != before }), "no commit", file: file, line: line)
    }
}

/// Fills its bounds with `color`.
final class FillView: UIView {
    var color = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    override func draw(_ rect: CGRect) {
        color.setFill()
        UIRectFill(bounds)
    }
}
