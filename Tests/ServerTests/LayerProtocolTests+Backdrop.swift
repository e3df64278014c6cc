import Foundation
import StrataProtocol
import StrataWayland
import TestSupport
import XCTest

/// Version 4's set_backdrop on the real socket: bad values are errors, the
/// tree shows the backdrop, and the compositor blurs what another client drew.
extension LayerProtocolTests {
    func testBackdropValuesOutOfRangeAreErrors() throws {
        let invalidValue: UInt32 = 5
        for values: [Double] in [[1, 2, 3], [129, 1, 0, 0, 0, 0], [10, 4.5, 0, 0, 0, 0], [10, -1, 0, 0, 0, 0],
                                 [10, 1, 1.5, 0, 0, 0], [.nan, 1, 0, 0, 0, 0], [10, 1, 0, 0, 0, 0, 0]] {
            try assertProtocolError(interface: layerInterface, code: invalidValue) { $0.root.setBackdrop(rawValues: values) }
        }
    }

    func testTreeShowsTheBackdrop() throws {
        let window = try makeWindow(title: "material")
        window.root.setBackdrop(BackdropStyle(radius: 30, saturation: 1.8, tintColor: Color(red: 1, green: 1, blue: 1, alpha: 0.3)))
        _ = try window.manager.waitForPresented(window.manager.commit())
        let root = try XCTUnwrap(try windowTree(titled: "material")?["layer"] as? [String: Any])
        func find(_ value: Any?) -> [String: Any]? {
            if let object = value as? [String: Any] {
                if let found = object["backdrop"] as? [String: Any] { return found }
                for member in object.values { if let found = find(member) { return found } }
            }
            if let array = value as? [Any] { for element in array { if let found = find(element) { return found } } }
            return nil
        }
        let backdrop = try XCTUnwrap(find(root))
        XCTAssertEqual(backdrop["radius"] as? Double, 30)
        XCTAssertEqual(backdrop["saturation"] as? Double, 1.8)

        // Removed by an empty array; its radius animates.
        window.root.setBackdrop(nil)
        _ = try window.manager.waitForPresented(window.manager.commit())
        XCTAssertNil(find(try windowTree(titled: "material")?["layer"]))
        window.root.setBackdrop(BackdropStyle(radius: 20))
        window.root.addAnimation(LayerAnimation(property: .backdropRadius, values: [[0], [20]],
                                                timing: MediaTiming(duration: 0.2)), forKey: "fade in")
        XCTAssertNoThrow(try window.manager.waitForPresented(window.manager.commit()))
        XCTAssertNil(window.connection.protocolError)
    }

    /// One client draws a checkerboard; another's window over it has a
    /// backdrop: the screenshot shows, within that window, the Gaussian of
    /// what the first client drew (computed here directly), and outside it
    /// the checkerboard as drawn.
    func testBackdropBlursWhatAnotherClientDrew() throws {
        let board = try makeWindow(title: "board", size: Size(width: 300, height: 220), color: .white)
        // Roots centred on their windows' origins by default: put their top left there.
        board.root.setPosition(Point(x: 150, y: 110))
        for y in stride(from: 0, to: 220, by: 10) {
            for x in stride(from: 0, to: 300, by: 10) where (x / 10 + y / 10) % 2 == 0 {
                let square = board.manager.createLayer()
                square.setBounds(Rect(x: 0, y: 0, width: 10, height: 10))
                square.setPosition(Point(x: Double(x) + 5, y: Double(y) + 5))
                square.setBackgroundColor(.black)
                board.root.addSublayer(square)
            }
        }
        _ = try board.manager.waitForPresented(board.manager.commit())
        let glass = try makeWindow(title: "glass", size: Size(width: 100, height: 80), color: .clear)
        glass.root.setOpaque(false)
        glass.root.setPosition(Point(x: 50, y: 40))
        _ = try glass.manager.waitForPresented(glass.manager.commit())
        let before = try strata.shot("backdrop-before")

        let radius = 8.0
        glass.root.setBackdrop(BackdropStyle(radius: radius))
        _ = try glass.manager.waitForPresented(glass.manager.commit())
        let after = try strata.shot("backdrop-after")

        let origin = try strata.origin(of: "glass")
        let x0 = Int(origin.x), y0 = Int(origin.y)
        // The glass window lies on the board, away from the output's edges.
        let boardOrigin = try strata.origin(of: "board")
        XCTAssert(x0 >= Int(boardOrigin.x) + 30 && y0 >= Int(boardOrigin.y) + 30, "glass at \(origin), board at \(boardOrigin)")

        // The reference: a sampled Gaussian (σ = radius / 2) of the screenshot before.
        let sigma = radius / 2, r = Int((4 * sigma).rounded(.up))
        let kernel = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        func green(_ x: Int, _ y: Int) -> Double { Double(before[x, y].green) }
        var worst = 0.0
        for y in stride(from: y0 + 2, to: y0 + 78, by: 3) {
            for x in stride(from: x0 + 2, to: x0 + 98, by: 3) {
                var sum = 0.0
                for j in -r...r {
                    var row = 0.0
                    for i in -r...r { row += kernel[i + r] * green(x + i, y + j) }
                    sum += kernel[j + r] * row
                }
                worst = max(worst, abs(sum / (total * total) - Double(after[x, y].green)))
            }
        }
        XCTAssertLessThanOrEqual(worst, 4, "the blur differs from the reference Gaussian by \(worst) of 255")
        // Outside the glass, the board as drawn: black and white, nothing between.
        for (x, y) in [(x0 - 5, y0 - 5), (x0 + 110, y0 + 40), (x0 + 40, y0 + 95)] {
            XCTAssertEqual(after[x, y], before[x, y], "(\(x), \(y))")
            XCTAssert([0, 255].contains(after[x, y].green), "(\(x), \(y)) is \(after[x, y])")
        }
    }
}
