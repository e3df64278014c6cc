@testable import StrataKit
import XCTest

/// What a press on the title bar an app draws for itself does (where the
/// compositor draws none): move from the bar, close from its button,
/// resize from the surface's edges unless the window is maximized,
/// fullscreen or tiled, and reach the content below the bar.
final class ClientTitleBarTests: XCTestCase {
    private let width: CGFloat = 300, height: CGFloat = 230

    private func hit(_ x: CGFloat, _ y: CGFloat, resizable: Bool = true) -> ClientTitleBar.Hit {
        ClientTitleBar.hit(CGPoint(x: x, y: y), width: width, height: height, resizable: resizable)
    }

    func testTheBarMovesAndItsButtonCloses() {
        XCTAssertEqual(hit(100, 15), .move)
        XCTAssertEqual(hit(width - 17, 15), .close, "the close button sits 8 points in from the right")
        XCTAssertEqual(hit(100, ClientTitleBar.height + 1), .content)
    }

    func testEdgesResizeWithXdgToplevelsEdgeValues() {
        XCTAssertEqual(hit(100, 1), .resize(edges: 1), "top")
        XCTAssertEqual(hit(100, height - 1), .resize(edges: 2), "bottom")
        XCTAssertEqual(hit(1, 100), .resize(edges: 4), "left")
        XCTAssertEqual(hit(width - 1, 100), .resize(edges: 8), "right")
        XCTAssertEqual(hit(1, 1), .resize(edges: 5), "top left")
        XCTAssertEqual(hit(width - 1, height - 1), .resize(edges: 10), "bottom right")
    }

    func testAMaximizedWindowDoesNotResizeFromItsEdges() {
        XCTAssertEqual(hit(100, 1, resizable: false), .move)
        XCTAssertEqual(hit(1, 100, resizable: false), .content)
    }
}
