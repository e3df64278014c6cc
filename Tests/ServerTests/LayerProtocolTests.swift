import Foundation
import StrataProtocol
import StrataWayland
import TestSupport
import XCTest

/// strata-layers-v1 on the real socket: a libwayland client in this process
/// against the `strata` binary. Each error of the protocol is provoked, its
/// code checked, and a second client is shown to go on unharmed.
final class LayerProtocolTests: XCTestCase {
    var strata: StrataProcess!
    /// Objects a provoking client must not release: a released proxy sends
    /// a destroy request after the error, and libwayland-client cannot read
    /// the error once its write failed.
    private var keptAlive: [AnyObject] = []

    override func setUpWithError() throws {
        strata = try StrataProcess(width: 320, height: 240)
    }

    override func tearDown() {
        if let log = strata?.serverLog, !log.isEmpty { print("strata said:\n\(log)") }
        strata?.stop()
        strata = nil
        keptAlive = []
    }

    private func connect() throws -> Connection {
        try Connection(name: strata.waylandSocketPath)
    }

    /// A mapped window: a toplevel whose context shows `root`, committed and presented.
    struct Window {
        let connection: Connection
        let manager: WaylandLayerManager
        let toplevel: WaylandToplevel
        let context: Context
        let root: Layer
    }

    func makeWindow(title: String, size: Size = Size(width: 100, height: 80),
                            color: Color = Color(red: 0, green: 0, blue: 1)) throws -> Window {
        let connection = try connect()
        let manager = try connection.requireLayerManager()
        let toplevel = try WaylandToplevel(connection: connection, title: title)
        _ = try toplevel.waitForConfigure()
        let root = manager.createLayer()
        root.setBounds(Rect(origin: .zero, size: size))
        root.setBackgroundColor(color)
        root.setOpaque(true)
        let context = manager.context(for: toplevel)
        context.setRootLayer(root)
        _ = try manager.waitForPresented(manager.commit())
        return Window(connection: connection, manager: manager, toplevel: toplevel, context: context, root: root)
    }

    func windowTree(titled title: String) throws -> [String: Any]? {
        try strata.windows().first { $0["title"] as? String == title }
    }

    /// The client's root layer: the first named layer under the window's own layers.
    private func rootLayer(ofWindowTitled title: String) throws -> [String: Any]? {
        func firstNamed(_ layer: [String: Any]) -> [String: Any]? {
            if layer["name"] != nil { return layer }
            for sublayer in layer["sublayers"] as? [[String: Any]] ?? [] {
                if let found = firstNamed(sublayer) { return found }
            }
            return nil
        }
        return try (windowTree(titled: title)?["layer"] as? [String: Any]).flatMap(firstNamed)
    }

    private func rect(_ value: Any?) -> [Double]? {
        guard let r = value as? [String: Any] else { return nil }
        return ["x", "y", "width", "height"].compactMap { r[$0] as? Double }
    }

    private func point(_ value: Any?) -> [Double]? {
        guard let p = value as? [String: Any] else { return nil }
        return ["x", "y"].compactMap { p[$0] as? Double }
    }

    // MARK: Applying commits

    func testLimitsAreAdvertisedOnBind() throws {
        let manager = try connect().requireLayerManager()
        XCTAssertEqual(manager.limits, Limits.standard)
    }

    /// Nothing a client sets is visible before strata_layers_v1.commit; after
    /// it, every change is, together (CATransaction's atomicity).
    func testPendingChangesApplyTogetherAtCommit() throws {
        let window = try makeWindow(title: "atomic")
        let child = window.manager.createLayer()
        child.setPosition(Point(x: 30, y: 20))
        child.setBounds(Rect(x: 0, y: 0, width: 20, height: 10))
        child.setOpacity(0.5)
        child.setBackgroundColor(Color(red: 1, green: 0, blue: 0))
        window.root.addSublayer(child)
        window.root.setBounds(Rect(x: 0, y: 0, width: 120, height: 90))
        try window.connection.roundtrip()

        let before = try XCTUnwrap(rootLayer(ofWindowTitled: "atomic"))
        XCTAssertEqual((before["sublayers"] as? [Any])?.count, 0, "uncommitted sublayer is visible")
        XCTAssertEqual(rect(before["bounds"])?[2], 100, "uncommitted bounds are visible")

        let serial = window.manager.commit()
        let presentation = try window.manager.waitForPresented(serial)
        XCTAssertEqual(presentation.serial, serial)
        XCTAssertGreaterThan(presentation.refresh, 16_000_000)
        XCTAssertLessThan(presentation.refresh, 17_000_000)

        let after = try XCTUnwrap(rootLayer(ofWindowTitled: "atomic"))
        XCTAssertEqual(rect(after["bounds"]), [0, 0, 120, 90])
        let sublayers = try XCTUnwrap(after["sublayers"] as? [[String: Any]])
        XCTAssertEqual(sublayers.count, 1)
        XCTAssertEqual(point(sublayers[0]["position"]), [30, 20])
        XCTAssertEqual(rect(sublayers[0]["bounds"]), [0, 0, 20, 10])
        XCTAssertEqual(sublayers[0]["opacity"] as? Double, 0.5)
    }

    /// Every property request reaches the compositor's tree as sent.
    func testEveryPropertyRequestTakesEffect() throws {
        let window = try makeWindow(title: "properties")
        let layer = window.manager.createLayer()
        let buffer = try ShmBuffer(connection: window.connection, width: 8, height: 6, format: .xrgb8888)
        layer.setPosition(Point(x: 12.5, y: 7))
        layer.setBounds(Rect(x: 2, y: 3, width: 40, height: 30))
        layer.setAnchorPoint(Point(x: 0.25, y: 0.75))
        layer.setTransform(AffineTransform(rotationAngle: .pi / 6))
        layer.setOpacity(0.25)
        layer.setHidden(true)
        layer.setMasksToBounds(true)
        layer.setOpaque(true)
        layer.setBackgroundColor(Color(red: 1, green: 0.5, blue: 0, alpha: 0.75))
        layer.setContents(buffer, width: 4, height: 3)
        layer.setContentsScale(2)
        layer.setContentsGravity(.bottomRight)
        layer.setContentsCenter(Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        window.root.addSublayer(layer)
        _ = try window.manager.waitForPresented(window.manager.commit())

        let dumped = try XCTUnwrap((rootLayer(ofWindowTitled: "properties")?["sublayers"] as? [[String: Any]])?.first)
        XCTAssertEqual(dumped["name"] as? String, "\(layer.objectID)")
        XCTAssertEqual(point(dumped["position"]), [12.5, 7])
        XCTAssertEqual(rect(dumped["bounds"]), [2, 3, 40, 30])
        XCTAssertEqual(point(dumped["anchor"]), [0.25, 0.75])
        let transform = try XCTUnwrap(dumped["transform"] as? [Double])
        let expected = AffineTransform(rotationAngle: .pi / 6)
        for (got, want) in zip(transform, [expected.a, expected.b, expected.c, expected.d, expected.tx, expected.ty]) {
            XCTAssertEqual(got, want, accuracy: 1e-12, "transforms travel as doubles, not 24.8 fixed point")
        }
        XCTAssertEqual(dumped["opacity"] as? Double, 0.25)
        XCTAssertEqual(dumped["hidden"] as? Bool, true)
        XCTAssertEqual(dumped["masksToBounds"] as? Bool, true)
        XCTAssertEqual(dumped["opaque"] as? Bool, true)
        let color = try XCTUnwrap(dumped["backgroundColor"] as? [String: Double])
        XCTAssertEqual([color["red"], color["green"], color["blue"], color["alpha"]], [1, 0.5, 0, 0.75])
        let contents = try XCTUnwrap(dumped["contents"] as? [String: Any])
        XCTAssertEqual(contents["width"] as? Int, 4, "contents take the claimed size, not the buffer's")
        XCTAssertEqual(contents["height"] as? Int, 3)
        XCTAssertEqual(contents["hasAlpha"] as? Bool, false)
        XCTAssertEqual(dumped["contentsScale"] as? Double, 2)
        XCTAssertEqual(dumped["gravity"] as? String, "bottomRight")
        XCTAssertEqual(rect(dumped["contentsCenter"]), [0.25, 0.25, 0.5, 0.5])
        _ = buffer
    }

    /// The window's size is its root layer's bounds size, also when a later
    /// commit changes only that.
    func testWindowFollowsItsRootLayersSize() throws {
        let window = try makeWindow(title: "grows")
        XCTAssertEqual(rect(try windowTree(titled: "grows")?["geometry"]), [0, 0, 100, 80])
        window.root.setBounds(Rect(x: 0, y: 0, width: 150, height: 90))
        _ = try window.manager.waitForPresented(window.manager.commit())
        XCTAssertEqual(rect(try windowTree(titled: "grows")?["geometry"]), [0, 0, 150, 90])
        let windowLayer = try XCTUnwrap(windowTree(titled: "grows")?["layer"] as? [String: Any])
        XCTAssertEqual(rect(windowLayer["bounds"]), [0, 0, 150, 90], "the window's own layer kept the old size")
    }

    /// A layer moved from one superlayer to another within one transaction
    /// is legal, whatever the order of the requests.
    func testMovingALayerBetweenSuperlayersInOneCommit() throws {
        let window = try makeWindow(title: "move")
        let first = window.manager.createLayer(), second = window.manager.createLayer(), child = window.manager.createLayer()
        window.root.addSublayer(first)
        window.root.addSublayer(second)
        first.addSublayer(child)
        _ = try window.manager.waitForPresented(window.manager.commit())

        second.addSublayer(child)        // still under `first` here
        child.removeFromSuperlayer()     // removes it from both
        second.addSublayer(child)
        _ = try window.manager.waitForPresented(window.manager.commit())

        let sublayers = try XCTUnwrap(rootLayer(ofWindowTitled: "move")?["sublayers"] as? [[String: Any]])
        XCTAssertEqual((sublayers[0]["sublayers"] as? [Any])?.count, 0)
        XCTAssertEqual((sublayers[1]["sublayers"] as? [Any])?.count, 1)
    }

    /// Contents are copied at commit and the buffer released, so a client may
    /// reuse it right away.
    func testContentsBufferIsReleasedAfterCommit() throws {
        let window = try makeWindow(title: "release")
        let buffer = try ShmBuffer(connection: window.connection, width: 16, height: 8, format: .argb8888)
        buffer.fill(Color(red: 0, green: 1, blue: 0))
        window.root.setContents(buffer)
        buffer.markAttached()
        _ = try window.manager.waitForPresented(window.manager.commit())
        XCTAssertTrue(try window.connection.dispatch(until: { buffer.released }, timeout: 5))
        let root = try XCTUnwrap(rootLayer(ofWindowTitled: "release"))
        let contents = try XCTUnwrap(root["contents"] as? [String: Any])
        XCTAssertEqual(contents["width"] as? Int, 16)
        XCTAssertEqual(contents["height"] as? Int, 8)
    }

    // MARK: Protocol errors

    /// Runs `provoke` on a fresh client, expects the protocol error, and
    /// checks that the compositor and a bystander client go on.
    @discardableResult
    func assertProtocolError(interface: String, code: UInt32, objectID: ((Window) -> UInt32)? = nil,
                                     file: StaticString = #filePath, line: UInt = #line,
                                     _ provoke: (Window) throws -> Void) throws -> (interfaceName: String, objectID: UInt32, code: UInt32) {
        let bystander = try makeWindow(title: "bystander", color: Color(red: 0, green: 1, blue: 0))
        let offender = try makeWindow(title: "offender")
        try provoke(offender)
        var connectionError: Error?
        do {
            try offender.connection.flush()
            _ = try offender.connection.dispatch(until: { offender.connection.protocolError != nil }, timeout: 5)
        } catch { connectionError = error }
        let error = try XCTUnwrap(offender.connection.protocolError,
                                  "no protocol error (\(connectionError.map { "\($0)" } ?? "connection open"))",
                                  file: file, line: line)
        XCTAssertEqual(error.interfaceName, interface, file: file, line: line)
        XCTAssertEqual(error.code, code, file: file, line: line)
        if let objectID { XCTAssertEqual(error.objectID, objectID(offender), file: file, line: line) }

        // The bystander still commits and is presented; the compositor still answers.
        bystander.root.setBackgroundColor(Color(red: 1, green: 1, blue: 0))
        XCTAssertNoThrow(try bystander.manager.waitForPresented(bystander.manager.commit()), file: file, line: line)
        XCTAssertTrue(try waitUntil { try self.windowTree(titled: "offender") == nil }, "offender's window stayed",
                      file: file, line: line)
        XCTAssertNotNil(try windowTree(titled: "bystander"), file: file, line: line)
        return error
    }

    var layerInterface: String { "strata_layer_v1" }

    func testCycleIsAnError() throws {
        var cycle: Set<UInt32> = []
        let error = try assertProtocolError(interface: layerInterface, code: 0) { window in
            let child = window.manager.createLayer(), grandchild = window.manager.createLayer()
            window.root.addSublayer(child)
            child.addSublayer(grandchild)
            _ = window.manager.commit()
            child.removeFromSuperlayer()
            grandchild.addSublayer(child)
            cycle = [child.objectID, grandchild.objectID]
            _ = window.manager.commit()
        }
        XCTAssertTrue(cycle.contains(error.objectID), "the error names \(error.objectID), not a layer on the cycle")
    }

    func testLayerWithTwoSuperlayersIsAnError() throws {
        var childID: UInt32 = 0
        try assertProtocolError(interface: layerInterface, code: 1, objectID: { _ in childID }) { window in
            let first = window.manager.createLayer(), second = window.manager.createLayer(), child = window.manager.createLayer()
            window.root.addSublayer(first)
            window.root.addSublayer(second)
            first.addSublayer(child)
            second.insertSublayer(child, at: 0)
            childID = child.objectID
            _ = window.manager.commit()
        }
    }

    func testLayerThatIsRootAndSublayerIsAnError() throws {
        try assertProtocolError(interface: layerInterface, code: 1, objectID: { $0.root.objectID }) { window in
            let other = window.manager.createLayer()
            keptAlive.append(other)
            window.root.removeFromSuperlayer()
            other.addSublayer(window.root)
            _ = window.manager.commit()
        }
    }

    func testOneLayerAsTheRootOfTwoWindowsIsAnError() throws {
        var sharedID: UInt32 = 0
        try assertProtocolError(interface: layerInterface, code: 1, objectID: { _ in sharedID }) { window in
            let second = try WaylandToplevel(connection: window.connection, title: "second")
            _ = try second.waitForConfigure()
            let context = window.manager.context(for: second)
            keptAlive += [second, context]
            context.setRootLayer(window.root)  // still the first window's root
            sharedID = window.root.objectID
            _ = window.manager.commit()
        }
    }

    func testSublayerMadeARootIsAnError() throws {
        var childID: UInt32 = 0
        try assertProtocolError(interface: layerInterface, code: 1, objectID: { _ in childID }) { window in
            let child = window.manager.createLayer()
            window.root.addSublayer(child)
            _ = window.manager.commit()
            window.context.setRootLayer(child)  // still the root's sublayer
            childID = child.objectID
            _ = window.manager.commit()
        }
    }

    /// A singular transform is what UIKit code sets to grow a view from
    /// nothing; Core Animation draws such a layer as nothing, and so does Strata.
    func testSingularTransformIsAccepted() throws {
        let window = try makeWindow(title: "singular")
        window.root.setTransform(AffineTransform(scaleX: 0, y: 0))
        XCTAssertNoThrow(try window.manager.waitForPresented(window.manager.commit()))
        XCTAssertNil(window.connection.protocolError)
    }

    /// A buffer attached and then replaced before any commit is never read;
    /// it goes back to the client at once, or a client that waits for its
    /// release before reusing it would wait forever.
    func testReplacedPendingBufferIsReleased() throws {
        let window = try makeWindow(title: "replaced")
        let first = try ShmBuffer(connection: window.connection, width: 8, height: 8, format: .argb8888)
        let second = try ShmBuffer(connection: window.connection, width: 8, height: 8, format: .argb8888)
        window.root.setContents(first)
        first.markAttached()
        window.root.setContents(second)
        second.markAttached()
        XCTAssertTrue(try window.connection.dispatch(until: { first.released }, timeout: 5))
        _ = try window.manager.waitForPresented(window.manager.commit())
        XCTAssertTrue(try window.connection.dispatch(until: { second.released }, timeout: 5))
    }

    func testDestroyedLayerStillInATreeIsAnError() throws {
        try assertProtocolError(interface: layerInterface, code: 2, objectID: { $0.root.objectID }) { window in
            let child = window.manager.createLayer()
            window.root.addSublayer(child)
            _ = window.manager.commit()
            child.destroy()
            _ = window.manager.commit()
        }
    }

    func testDestroyedRootIsAnError() throws {
        try assertProtocolError(interface: "strata_context_v1", code: 0, objectID: { $0.context.objectID }) { window in
            window.root.destroy()
            _ = window.manager.commit()
        }
    }

    func testBufferSmallerThanItsContentsIsAnError() throws {
        try assertProtocolError(interface: layerInterface, code: 3, objectID: { $0.root.objectID }) { window in
            let buffer = try ShmBuffer(connection: window.connection, width: 10, height: 10, format: .argb8888)
            keptAlive.append(buffer)
            window.root.setContents(buffer, width: 20, height: 10)
        }
    }

    func testBufferDestroyedBeforeCommitIsAnError() throws {
        try assertProtocolError(interface: layerInterface, code: 3, objectID: { $0.root.objectID }) { window in
            let buffer = try ShmBuffer(connection: window.connection, width: 10, height: 10, format: .argb8888)
            window.root.setContents(buffer)
            buffer.destroy()
            _ = window.manager.commit()
        }
    }

    func testUnknownGravityIsAnError() throws {
        try assertProtocolError(interface: layerInterface, code: 4, objectID: { $0.root.objectID }) { window in
            window.root.setContentsGravity(rawValue: 13)
        }
    }

    func testOutOfRangeValuesAreErrors() throws {
        try assertProtocolError(interface: layerInterface, code: 5) { window in
            window.root.setBounds(Rect(x: 0, y: 0, width: -1, height: 10))
        }
        try assertProtocolError(interface: layerInterface, code: 5) { window in
            window.root.setOpacity(1.5)
        }
        try assertProtocolError(interface: layerInterface, code: 5) { window in
            window.root.setTransform(rawMatrix: [1, 0, 0])
        }
        try assertProtocolError(interface: layerInterface, code: 5) { window in
            window.root.insertSublayer(window.manager.createLayer(), at: 3)
        }
    }

    func testSecondContextForASurfaceIsAnError() throws {
        try assertProtocolError(interface: "strata_layers_v1", code: 2) { window in
            _ = window.manager.context(for: window.toplevel)
        }
    }

    /// libwayland's SIGBUS handling: the client that truncated its pool gets
    /// wl_shm.error.invalid_fd on the buffer and the compositor goes on.
    func testTruncatedPoolIsAnErrorForThatClientOnly() throws {
        var buffer: ShmBuffer?  // kept, so the client still knows the object the error names
        try assertProtocolError(interface: "wl_buffer", code: 2, objectID: { _ in buffer!.objectID }) { window in
            buffer = try ShmBuffer(connection: window.connection, width: 64, height: 64, format: .argb8888)
            try buffer!.pool.truncateForTesting(to: 0)
            window.root.setContents(buffer)
            _ = window.manager.commit()
        }
    }

    // MARK: Animations (version 2)

    private func opacityAnimation(_ values: [Double], timing: [Double] = [0, 1, 1, 0, 0, 0]) -> (Layer) -> Void {
        { $0.addAnimation(rawKey: "fade", keyPath: "opacity", values: values, timing: timing) }
    }

    /// A key path that names no animatable property is invalid_key_path, on the layer.
    func testUnknownKeyPathIsAnError() throws {
        try assertProtocolError(interface: layerInterface, code: 6, objectID: { $0.root.objectID }) { window in
            window.root.addAnimation(rawKey: "k", keyPath: "cornerRadiusOfTheMoon", values: [0, 1], timing: [0, 1, 1, 0, 0, 0])
        }
    }

    /// Values, key times, curves and timing that do not fit are invalid_animation.
    func testMalformedAnimationsAreErrors() throws {
        let malformed: [(Layer) -> Void] = [
            opacityAnimation([0, 2]),                                        // opacity out of 0...1
            opacityAnimation([]),                                            // no value
            opacityAnimation([0, 1], timing: [0, -1, 1, 0, 0, 0]),           // negative duration
            opacityAnimation([0, 1], timing: [0, 1, 1]),                     // timing of three
            { $0.addAnimation(rawKey: "p", keyPath: "position", values: [1, 2, 3], timing: [0, 1, 1, 0, 0, 0]) },
            { $0.addAnimation(rawKey: "k", keyPath: "opacity", values: [0, 1], keyTimes: [0.5, 0.2], timing: [0, 1, 1, 0, 0, 0]) },
            { $0.addAnimation(rawKey: "c", keyPath: "opacity", values: [0, 1], curves: [-1, 0, 1, 1], timing: [0, 1, 1, 0, 0, 0]) },
            { $0.addAnimation(rawKey: "", keyPath: "opacity", values: [0, 1], timing: [0, 1, 1, 0, 0, 0]) },
            { $0.addAnimation(rawKey: "f", keyPath: "opacity", values: [0, 1], timing: [0, 1, 1, 0, 0, 0], flags: 1 << 9) },
        ]
        for provoke in malformed {
            try assertProtocolError(interface: layerInterface, code: 7) { provoke($0.root) }
        }
    }

    /// More animations on one layer than animation_limits allows is quota_exceeded on the manager.
    func testAnimationQuotaPerLayer() throws {
        let window = try makeWindow(title: "limits")
        let perLayer = try XCTUnwrap(window.manager.limits?.maxAnimationsPerLayer)
        XCTAssertGreaterThan(perLayer, 0)
        try assertProtocolError(interface: "strata_layers_v1", code: 0) { window in
            for index in 0...Int(perLayer) {
                window.root.addAnimation(rawKey: "a\(index)", keyPath: "opacity", values: [0, 1], timing: [0, 1, 1, 0, .infinity, 0])
            }
            _ = window.manager.commit()
        }
    }
}
