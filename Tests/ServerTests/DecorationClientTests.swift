import Foundation
import StrataProtocol
import TestSupport
import XCTest

/// Real clients and server-side decorations: foot asks for them by default
/// (`csd.preferred=server`), and then draws no title bar of its own; Strata
/// draws one above it, which moves it and closes it. Told to prefer
/// client-side, foot asks for that and draws its own.
final class DecorationClientTests: XCTestCase {
    func tool(_ name: String) throws -> String {
        guard let path = StrataProcess.which(name) else { throw XCTSkip("\(name) is not installed (make deps)") }
        return path
    }

    func mapped(_ strata: StrataProcess, title: String) throws -> [String: Any] {
        var found: [String: Any]?
        XCTAssertTrue(try waitUntil(timeout: 20) {
            found = try strata.windows().first { $0["title"] as? String == title && $0["mapped"] as? Bool == true }
            return found != nil
        }, "\(title) never mapped; server log: \(strata.serverLog)")
        return try XCTUnwrap(found)
    }

    func testFootPreferringServerSideGetsStratasTitleBar() throws {
        let foot = try tool("foot")
        let strata = try StrataProcess(width: 800, height: 600)
        defer { strata.stop() }
        let process = try strata.startClient(foot, ["-o", "csd.preferred=server", "--title", "foot", "/bin/sh"])
        let window = try mapped(strata, title: "foot")
        XCTAssertEqual(window["decoration"] as? String, "server_side")
        let bar = try XCTUnwrap(window["title_bar"] as? [String: Double], "a title bar drawn by Strata")
        let origin = try strata.origin(of: "foot")
        XCTAssertEqual(bar["y"], origin.y - 28)
        XCTAssertEqual(bar["width"], try strata.size(of: "foot").width)
        // foot draws no bar of its own: no mapped subsurfaces (its CSD are subsurfaces).
        let surface = try XCTUnwrap(window["surface"] as? [String: Any])
        let children = (surface["stack"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
        XCTAssertFalse(children.contains { $0["mapped"] as? Bool == true }, "no client-side decorations: \(children)")

        // Dragging Strata's bar moves foot; its close button closes it.
        let x = origin.x + 20, y = origin.y - 14
        try strata.input("drag", "\(Int(x))", "\(Int(y))", "\(Int(x) + 30)", "\(Int(y) + 20)")
        XCTAssertEqual(try strata.origin(of: "foot"), Point(x: origin.x + 30, y: origin.y + 20))
        let moved = try XCTUnwrap(try strata.window("foot")["title_bar"] as? [String: Double])
        try strata.input("click", "\(Int((moved["x"] ?? 0) + (moved["width"] ?? 0) - 10))", "\(Int((moved["y"] ?? 0) + 10))")
        XCTAssertTrue(waitUntil(timeout: 10) { !process.isRunning }, "foot did not close on the bar's close button")
    }

    func testFootPreferringClientSideDrawsItsOwnDecorations() throws {
        let foot = try tool("foot")
        let strata = try StrataProcess(width: 800, height: 600)
        defer { strata.stop() }
        _ = try strata.startClient(foot, ["-o", "csd.preferred=client", "--title", "foot", "/bin/sh"])
        let window = try mapped(strata, title: "foot")
        XCTAssertEqual(window["decoration"] as? String, "client_side")
        XCTAssertTrue(window["title_bar"] is NSNull)
    }
}
