import Foundation
import StrataProtocol
import StrataWayland
import TestSupport
import XCTest

/// Values the protocol allows that once crashed the compositor, sent over
/// the real socket: the frame after them renders, the compositor lives, and
/// another client still gets frames.
final class HardeningTests: XCTestCase {
    private var strata: StrataProcess!
    private var keptAlive: [AnyObject] = []

    override func setUpWithError() throws {
        strata = try StrataProcess(width: 640, height: 240)
    }

    override func tearDown() {
        if let log = strata?.serverLog, !log.isEmpty { print("strata said:\n\(log)") }
        strata?.stop()
        strata = nil
        keptAlive = []
    }

    /// A mapped window 600×100 points whose root is white; returns its
    /// connection, manager and root.
    private func makeWindow(title: String) throws -> (Connection, WaylandLayerManager, Layer) {
        let connection = try Connection(name: strata.waylandSocketPath)
        let manager = try connection.requireLayerManager()
        let toplevel = try WaylandToplevel(connection: connection, title: title)
        _ = try toplevel.waitForConfigure()
        let root = manager.createLayer()
        root.setBounds(Rect(x: 0, y: 0, width: 600, height: 100))
        root.setBackgroundColor(Color(red: 1, green: 1, blue: 1))
        let context = manager.context(for: toplevel)
        context.setRootLayer(root)
        _ = try manager.waitForPresented(manager.commit())
        keptAlive += [toplevel, context]
        return (connection, manager, root)
    }

    private func assertCompositorLives(file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertTrue(strata.process.isRunning, "strata died: \(strata.serverLog)", file: file, line: line)
        let (_, manager, root) = try makeWindow(title: "bystander")
        root.setBackgroundColor(Color(red: 0, green: 0, blue: 1))
        XCTAssertNoThrow(try manager.waitForPresented(manager.commit()), file: file, line: line)
        XCTAssertEqual(try strata.control("tree").status, 0, file: file, line: line)
    }

    func testTransformOf1e300OnAVisibleLayer() throws {
        let (connection, manager, root) = try makeWindow(title: "huge")
        for transform in [AffineTransform(scaleX: 1e300, y: 1e300), AffineTransform(translationX: 1e300, y: 1e300),
                          AffineTransform(a: 1e300, b: -1e300, c: 1e300, d: 1e300, tx: -1e300, ty: 1e300)] {
            let layer = manager.createLayer()
            layer.setBounds(Rect(x: 0, y: 0, width: 50, height: 50))
            layer.setPosition(Point(x: 300, y: 50))
            layer.setBackgroundColor(Color(red: 1, green: 0, blue: 0))
            layer.setTransform(transform)
            root.addSublayer(layer)
            XCTAssertNoThrow(try manager.waitForPresented(manager.commit()))
        }
        root.setTransform(AffineTransform(scaleX: 1e300, y: 1e300))  // the window layer too
        XCTAssertNoThrow(try manager.waitForPresented(manager.commit()))
        XCTAssertNil(connection.protocolError)
        try assertCompositorLives()
    }

    /// A 1000×1000 image in a 10×10-point layer, 450 points from the
    /// window's left edge, at output scale 1 and 2.
    func testThumbnailFarFromTheOrigin() throws {
        for scale in [1, 2] {
            strata.stop()
            strata = try StrataProcess(width: 640, height: 240, scale: scale)
            let (connection, manager, root) = try makeWindow(title: "thumbnail")
            let buffer = try ShmBuffer(connection: connection, width: 1000, height: 1000, format: .xrgb8888)
            buffer.fillQuadrants()
            for x in [5.0, 450, 587.5] {
                let layer = manager.createLayer()
                layer.setBounds(Rect(x: 0, y: 0, width: 10, height: 10))
                layer.setPosition(Point(x: x, y: 50))
                layer.setContents(buffer)
                root.addSublayer(layer)
            }
            XCTAssertNoThrow(try manager.waitForPresented(manager.commit()))
            XCTAssertNil(connection.protocolError)
            keptAlive.append(buffer)
            try assertCompositorLives()
        }
    }

    /// Longer than 16384 pixels a side: refused at set_contents
    /// (bad_buffer), before anything is drawn.
    func testBufferLongerThanTheLimitIsAnError() throws {
        let (connection, manager, root) = try makeWindow(title: "long")
        let buffer = try ShmBuffer(connection: connection, width: 16_385, height: 1, format: .argb8888)
        let layer = manager.createLayer()
        layer.setContents(buffer)
        root.addSublayer(layer)
        _ = manager.commit()
        keptAlive += [buffer, layer]
        do {
            try connection.flush()
            _ = try connection.dispatch(until: { connection.protocolError != nil }, timeout: 5)
        } catch {}
        let error = try XCTUnwrap(connection.protocolError)
        XCTAssertEqual(error.interfaceName, "strata_layer_v1")
        XCTAssertEqual(error.code, 3)
        XCTAssertEqual(error.objectID, layer.objectID)
        try assertCompositorLives()
    }

    /// Contents damage at the edges of Int32 (its edges clamped to ±2^29,
    /// then to the buffer) is drawn; a negative size is invalid_value.
    func testContentsDamageAtTheEdgesOfInt32() throws {
        let (connection, manager, root) = try makeWindow(title: "damage")
        let buffer = try ShmBuffer(connection: connection, width: 10, height: 10, format: .argb8888)
        buffer.fillQuadrants()
        let layer = manager.createLayer()
        layer.setBounds(Rect(x: 0, y: 0, width: 10, height: 10))
        layer.setContents(buffer)
        root.addSublayer(layer)
        XCTAssertNoThrow(try manager.waitForPresented(manager.commit()))
        let edges = [Int(Int32.min), -(1 << 30), -1, 0, 1, 1 << 30, Int(Int32.max)]
        for x in edges {
            for width in edges where width >= 0 {
                layer.setContents(buffer)
                layer.damageContents(x: x, y: x, width: width, height: width)
                XCTAssertNoThrow(try manager.waitForPresented(manager.commit()), "\(x), \(width)")
            }
        }
        XCTAssertNil(connection.protocolError)
        layer.damageContents(x: 0, y: 0, width: -1, height: 1)
        _ = manager.commit()
        keptAlive += [buffer, layer]
        do {
            try connection.flush()
            _ = try connection.dispatch(until: { connection.protocolError != nil }, timeout: 5)
        } catch {}
        XCTAssertEqual(connection.protocolError?.interfaceName, "strata_layer_v1")
        try assertCompositorLives()
    }
}
