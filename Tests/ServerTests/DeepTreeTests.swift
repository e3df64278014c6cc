import Foundation
import StrataProtocol
import StrataWayland
import TestSupport
import XCTest

/// A chain of 100,000 nested layers, within the layer quota: committed,
/// shown, dumped and dropped. Every walk over it (validation, drawing,
/// damage, `strata tree`, teardown) is a loop; recursion per level would
/// overflow the stack.
final class DeepTreeTests: XCTestCase {
    private var strata: StrataProcess!
    static let depth = 100_000

    override func setUpWithError() throws {
        strata = try StrataProcess(width: 320, height: 240, extraArguments: ["--max-layers", "200000"])
    }

    override func tearDown() {
        if let log = strata?.serverLog, !log.isEmpty { print("strata said:\n\(log)") }
        strata?.stop()
        strata = nil
    }

    private func makeWindow(title: String) throws -> (Connection, WaylandLayerManager, Layer, [AnyObject]) {
        let connection = try Connection(name: strata.waylandSocketPath)
        let manager = try connection.requireLayerManager()
        let toplevel = try WaylandToplevel(connection: connection, title: title)
        _ = try toplevel.waitForConfigure()
        let root = manager.createLayer()
        root.setBounds(Rect(x: 0, y: 0, width: 100, height: 100))
        root.setBackgroundColor(Color(red: 1, green: 1, blue: 1))
        let context = manager.context(for: toplevel)
        context.setRootLayer(root)
        _ = try manager.waitForPresented(manager.commit())
        return (connection, manager, root, [toplevel, context])
    }

    /// Layers dumped under `layer` (itself included) plus those the dump left out.
    private func countLayers(_ layer: [String: Any]) -> Int {
        var count = 0
        var stack = [layer]
        while let next = stack.popLast() {
            count += 1 + (next["omittedDescendants"] as? Int ?? 0)
            stack += next["sublayers"] as? [[String: Any]] ?? []
        }
        return count
    }

    /// The dumped layer called `name`, a few levels under `layer`.
    private func find(named name: String, in layer: [String: Any]) -> [String: Any]? {
        var level = [layer]
        for _ in 0..<4 {
            if let found = level.first(where: { $0["name"] as? String == name }) { return found }
            level = level.flatMap { $0["sublayers"] as? [[String: Any]] ?? [] }
        }
        return nil
    }

    func testChainOfOneHundredThousandLayers() throws {
        var (connection, manager, root, keptAlive) = try makeWindow(title: "deep")
        var parent = root
        for index in 0..<Self.depth {
            let layer = manager.createLayer()
            layer.setBounds(Rect(x: 0, y: 0, width: 50, height: 50))
            layer.setPosition(Point(x: index == 0 ? 50 : 25, y: index == 0 ? 50 : 25))
            if index % 1000 == 999 { layer.setOpacity(0.99) }  // groups, nested deeply
            parent.addSublayer(layer)
            parent = layer
            if index % 500 == 0 { try connection.roundtrip() }  // keep the socket from filling
        }
        parent.setBackgroundColor(Color(red: 1, green: 0, blue: 0))
        XCTAssertNoThrow(try manager.waitForPresented(manager.commit(), timeout: 60))
        XCTAssertNil(connection.protocolError)

        // `strata tree` answers, with the levels past its limit counted.
        let window = try XCTUnwrap(try strata.windows().first { $0["title"] as? String == "deep" })
        let windowLayer = try XCTUnwrap(window["layer"] as? [String: Any])
        let rootDump = try XCTUnwrap(find(named: "\(root.objectID)", in: windowLayer))
        XCTAssertEqual(countLayers(rootDump), Self.depth + 1)

        // A change deep down is drawn too.
        parent.setBackgroundColor(Color(red: 0, green: 1, blue: 0))
        XCTAssertNoThrow(try manager.waitForPresented(manager.commit(), timeout: 60))

        // Dropped all at once: the client goes away with its tree.
        connection.disconnect()
        (connection, manager, root, keptAlive) = try makeWindow(title: "bystander")
        XCTAssertNoThrow(try manager.waitForPresented(manager.commit()))
        XCTAssertTrue(strata.process.isRunning)
        XCTAssertNil(try strata.windows().first { $0["title"] as? String == "deep" })
        _ = keptAlive
    }
}
