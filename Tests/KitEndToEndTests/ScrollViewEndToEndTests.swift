import Foundation
import TestSupport
import XCTest
@testable import StrataKit

/// A scroll view on a real compositor, scrolled by `strata input` with the
/// wheel and with a mouse drag. Scrolling is bounds.origin: every commit it
/// causes carries the scroll view's bounds and nothing else — no contents
/// buffer, no other layer — and the compositor's tree and the screen show
/// the content moved.
final class ScrollViewEndToEndTests: KitTestCase {
    /// Stripes 20 points tall, red then blue, drawn once.
    final class Stripes: UIView {
        private(set) var draws = 0
        override func draw(_ rect: CGRect) {
            draws += 1
            for stripe in 0..<Int(bounds.height / 20) {
                (stripe % 2 == 0 ? UIColor.red : UIColor.blue).setFill()
                UIRectFill(CGRect(x: 0, y: CGFloat(stripe) * 20, width: bounds.width, height: 20))
            }
        }
    }

    private var window: UIWindow!
    private var scrollView: UIScrollView!
    private var stripes: Stripes!
    private var origin = (x: 0, y: 0)

    override func setUpWithError() throws {
        try startCompositor(width: 320, height: 320)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.title = "Scroll"
        scrollView = UIScrollView(frame: window.bounds)
        stripes = Stripes(frame: CGRect(x: 0, y: 0, width: 200, height: 1000))
        scrollView.addSubview(stripes)
        scrollView.contentSize = stripes.frame.size
        // The indicators move as the content does; testTheIndicatorShowsWhileScrolling has them.
        scrollView.showsVerticalScrollIndicator = false
        window.addSubview(scrollView)
        show(window)
        origin = try origin(of: serverWindow(titled: "Scroll"))
    }

    override func tearDown() {
        window = nil
        scrollView = nil
        stripes = nil
        super.tearDown()
    }

    private func output(_ x: CGFloat, _ y: CGFloat) -> [String] {
        ["\(CGFloat(origin.x) + x)", "\(CGFloat(origin.y) + y)"]
    }

    /// The scroll view's layer in `strata tree`: the window root's first sublayer.
    private func serverScrollLayer() throws -> [String: Any] {
        try XCTUnwrap(appRootLayer(of: serverWindow(titled: "Scroll")).sublayers.first)
    }

    /// Runs `input`, then turns the run loop until `condition` holds and
    /// the scroll view is at rest; returns what each commit on the way
    /// carried (`strata input` waits for its process with the run loop
    /// turning, so commits happen during it too).
    private func commits(during input: () throws -> Void, until condition: () -> Bool,
                         file: StaticString = #filePath, line: UInt = #line) rethrows -> [LayerTransactionEncoder.Summary] {
        var seen: [LayerTransactionEncoder.Summary] = []
        compositor.commitObserver = { seen.append($0) }
        defer { compositor.commitObserver = nil }
        try input()
        // At rest, and every change sent: the update may still be queued when input returns.
        let settled = runMainLoop(until: {
            condition() && !scrollView.isDragging && !scrollView.isDecelerating && CATransaction.changedLayers.isEmpty
        })
        XCTAssertTrue(settled, "offset \(scrollView.contentOffset)", file: file, line: line)
        waitUntilPresented(file: file, line: line)
        return seen
    }

    /// What a scroll may send: one layer updated (the scroll view) with
    /// one request (its bounds), no contents, nothing created.
    private func assertOnlyBoundsSent(_ summaries: [LayerTransactionEncoder.Summary],
                                      file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(summaries.isEmpty, "the scroll was committed", file: file, line: line)
        for summary in summaries {
            XCTAssertEqual(summary.contentsUploads, [], "no pixels", file: file, line: line)
            XCTAssertEqual(summary.updatedLayers, 1, file: file, line: line)
            XCTAssertEqual(summary.requests, 1, "one bounds change", file: file, line: line)
            XCTAssertEqual(summary.createdLayers, 0, file: file, line: line)
        }
    }

    /// The pixel at a window point.
    private func pixel(at x: Int, _ y: Int) throws -> DecodedPNG.Pixel {
        let shot = try strata.screenshot(to: strata.runtimeDirectory + "/scroll.png")
        return shot[origin.x + x, origin.y + y]
    }

    /// `strata input scroll 0 30` (a wheel) over the scroll view moves the
    /// content 30 points up: the compositor's layer has bounds.origin.y 30
    /// and the screen shows the second (blue) stripe where the first was.
    func testTheWheelScrollsTheContent() throws {
        XCTAssertEqual(try pixel(at: 100, 5), .init(red: 255, green: 0, blue: 0))
        let drawsBefore = stripes.draws
        try strata.input(["move"] + output(100, 100))
        let sent = try commits(during: { try strata.input("scroll", "0", "30") },
                               until: { self.scrollView.contentOffset.y == 30 })
        assertOnlyBoundsSent(sent)
        XCTAssertEqual(try serverScrollLayer().rect("bounds"), CGRect(x: 0, y: 30, width: 200, height: 200))
        XCTAssertEqual(try pixel(at: 100, 5), .init(red: 0, green: 0, blue: 255), "content y 35: the blue stripe")
        XCTAssertEqual(stripes.draws, drawsBefore, "nothing was redrawn")
    }

    /// With its indicator, a scroll also shows and moves the indicator (a
    /// view of its own, in front of the content): still no pixels are sent,
    /// and once the scroll ended the indicator fades out.
    func testTheIndicatorShowsWhileScrolling() throws {
        scrollView.showsVerticalScrollIndicator = true
        try strata.input(["move"] + output(100, 100))
        var indicatorShown = false
        let sent = try commits(during: { try strata.input("scroll", "0", "300") }, until: {
            if self.scrollView.isDragging, let last = self.scrollView.subviews.last, last !== self.stripes, last.alpha == 1 {
                indicatorShown = true
            }
            return self.scrollView.contentOffset.y == 300
        })
        XCTAssertTrue(indicatorShown)
        XCTAssertEqual(sent.flatMap(\.contentsUploads), [], "no pixels")
        XCTAssertLessThanOrEqual(sent.map(\.createdLayers).reduce(0, +), 1, "the indicator, once")
        let indicator = try XCTUnwrap(scrollView.subviews.last)
        XCTAssertFalse(indicator === stripes)
        // 300 of the 800 points the content scrolls: 3/8 along its 194-point track; 200 / 1000 of it long.
        XCTAssertEqual(indicator.frame.minX, 194)
        XCTAssertEqual(indicator.frame.width, 3)
        XCTAssertEqual(indicator.frame.height, 38.8, accuracy: 1e-9)
        XCTAssertEqual(indicator.frame.minY, 300 + 3 + 3.0 / 8 * (194 - 38.8), accuracy: 1e-9)
        // The scroll ends when no event came for a moment; then the indicator fades.
        XCTAssertTrue(runMainLoop(until: { !self.scrollView.isDragging && indicator.alpha == 0 }), "faded out at rest")
        let layers = try serverScrollLayer().sublayers
        XCTAssertEqual(layers.count, 2, "the stripes and the indicator")
    }

    /// A mouse drag 100 points up moves the content with it (less the 10
    /// points before the pan begins), then on as fast as the drag went, if
    /// its events were far enough apart in time to have a speed; every
    /// commit, the deceleration's steps included, carries bounds only.
    func testADragScrollsTheContent() throws {
        let drawsBefore = stripes.draws
        let sent = try commits(during: { try strata.input(["drag"] + output(100, 180) + output(100, 80) + ["--steps", "10"]) },
                               until: { self.scrollView.contentOffset.y >= 90 })
        assertOnlyBoundsSent(sent)
        let offset = scrollView.contentOffset.y
        XCTAssertEqual(try serverScrollLayer().rect("bounds")?.minY, offset)
        XCTAssertEqual(stripes.draws, drawsBefore)
        // Content y 5 + offset: red on even stripes, blue on odd ones.
        let stripe = Int((5 + offset) / 20)
        let expected: DecodedPNG.Pixel = stripe % 2 == 0 ? .init(red: 255, green: 0, blue: 0) : .init(red: 0, green: 0, blue: 255)
        XCTAssertEqual(try pixel(at: 100, 5), expected, "offset \(offset)")
    }
}
