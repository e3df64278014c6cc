import Foundation
@testable import StrataKit
import TestSupport
import XCTest

/// A StrataKit window whose layer tree Strata composites asks for
/// server-side decorations, as the app does on other compositors: Strata
/// draws its title bar (the window's title, minimize, maximize and close)
/// above it, and the bar's buttons act on the app's window.
final class DecorationEndToEndTests: KitTestCase {
    /// TitleBarDrawing's active color in 8 bits (0.16 × 255 rounds either way).
    let activeBar = DecodedPNG.Pixel(red: 41, green: 43, blue: 51)

    private func showDecoratedWindow(title: String) throws -> UIWindow {
        try startCompositor(width: 480, height: 360)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 150))
        window.title = title
        window.backgroundColor = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
        show(window)
        XCTAssertNotNil(compositor.layerManager, "Strata composites the window's layer tree")
        return window
    }

    /// The title bar Strata reports for the window titled `title`, on the output.
    private func titleBar(_ title: String) throws -> CGRect {
        try XCTUnwrap(serverWindow(titled: title).rect("title_bar"), "no title bar")
    }

    private func states(_ title: String) throws -> [String] {
        try serverWindow(titled: title)["states"] as? [String] ?? []
    }

    /// A click at `x` points left of the bar's right end, in its middle.
    private func clickBar(_ title: String, fromRight x: CGFloat) throws {
        let bar = try titleBar(title)
        try strata.input("click", "\(Int(bar.maxX - x))", "\(Int(bar.midY))")
    }

    func testServerModeWindowGetsStratasTitleBarWhichMovesAndMaximizesIt() throws {
        let window = try showDecoratedWindow(title: "decorated")
        let decorated = try serverWindow(titled: "decorated")
        XCTAssertEqual(decorated["decoration"] as? String, "server_side")
        let (x, y) = try origin(of: decorated)
        XCTAssertEqual(try titleBar("decorated"), CGRect(x: x, y: y - 28, width: 200, height: 28),
                       "as wide as the window, just above it")
        let shot = try strata.screenshot(to: strata.runtimeDirectory + "/decorated.png")
        XCTAssertTrue(shot[x + 2, y - 26].isClose(to: activeBar, tolerance: 1), "the bar of the focused window: \(shot[x + 2, y - 26])")
        XCTAssertTrue(shot[x + 2, y - 1].isClose(to: activeBar, tolerance: 1), "\(shot[x + 2, y - 1])")
        XCTAssertEqual(shot[x + 2, y], .init(red: 255, green: 255, blue: 255), "the window's content below it")
        XCTAssertEqual(window.bounds.size, CGSize(width: 200, height: 150), "the bar is not the app's")

        // Dragging the bar moves the window.
        try strata.input("drag", "\(x + 20)", "\(y - 14)", "\(x + 60)", "\(y + 6)")
        XCTAssertTrue(try waitUntil { try self.origin(of: self.serverWindow(titled: "decorated")) == (x + 40, y + 20) })

        // Maximize: the app's window takes the work area below the bar; again: back to its size.
        try clickBar("decorated", fromRight: 28 + 14)
        XCTAssertTrue(runMainLoop(until: { window.bounds.size == CGSize(width: 480, height: 360 - 28) }),
                      "maximized to \(window.bounds.size)")
        waitUntilPresented()
        XCTAssertTrue(try runMainLoop(until: { try self.states("decorated").contains("maximized") }))
        XCTAssertEqual(try titleBar("decorated"), CGRect(x: 0, y: 0, width: 480, height: 28))
        try clickBar("decorated", fromRight: 28 + 14)
        XCTAssertTrue(runMainLoop(until: { window.bounds.size == CGSize(width: 200, height: 150) }),
                      "restored to \(window.bounds.size)")
        waitUntilPresented()
        XCTAssertTrue(try runMainLoop(until: { try !self.states("decorated").contains("maximized") }))
    }

    func testTitleBarShowsTheWindowsTitleAndItsMinimizeButtonMinimizes() throws {
        let window = try showDecoratedWindow(title: "first title")
        // The title's pixels: the bar left of its buttons.
        func titlePixels() throws -> [DecodedPNG.Pixel] {
            let bar = try titleBar(window.title)
            let shot = try strata.screenshot(to: strata.runtimeDirectory + "/title.png")
            return (Int(bar.minY)..<Int(bar.maxY)).flatMap { y in
                (Int(bar.minX)..<Int(bar.maxX) - 3 * 28).map { x in shot[x, y] }
            }
        }
        let before = try titlePixels()
        window.title = "second title"
        XCTAssertTrue(runMainLoop(until: { (try? self.serverWindow(titled: "second title")) != nil }))
        XCTAssertTrue(runMainLoop(until: { (try? titlePixels()).map { $0 != before } ?? false }), "the bar shows the new title")
        try clickBar("second title", fromRight: 2 * 28 + 14)
        XCTAssertTrue(try runMainLoop(until: { try self.states("second title").contains("minimized") }),
                      "not minimized")
        XCTAssertFalse(window.isHidden, "minimized is not closed")
    }

    /// The bar's close button asks the app to close the window
    /// (xdg_toplevel.close): its last window closed, the app terminates.
    func testTitleBarsCloseButtonClosesTheAppsWindow() throws {
        let window = try showDecoratedWindow(title: "closing")
        var terminationStatus: Int32?
        UIApplication.shared.terminationHandler = { terminationStatus = $0 }
        try clickBar("closing", fromRight: 14)
        XCTAssertTrue(runMainLoop(until: { terminationStatus != nil }), "the app was not told to close its window")
        XCTAssertEqual(terminationStatus, 0)
        XCTAssertTrue(window.isHidden)
        XCTAssertTrue(try runMainLoop(until: { try self.strata.windows().isEmpty }), "the window is gone from the screen")
    }
}
