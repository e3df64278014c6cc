import Foundation
import StrataProtocol
import StrataWayland
import TestSupport
import XCTest

/// Version 3's styling requests on the real socket: each bad value is a
/// protocol error naming the layer, for the offending client only.
extension LayerProtocolTests {
    private var invalidValue: UInt32 { 5 }
    private var invalidEnum: UInt32 { 4 }
    private var invalidPath: UInt32 { 8 }
    private var invalidMask: UInt32 { 9 }

    func testStylingValuesOutOfRangeAreErrors() throws {
        try assertProtocolError(interface: layerInterface, code: invalidValue) { $0.root.setCornerRadius(-1) }
        try assertProtocolError(interface: layerInterface, code: invalidEnum) {
            $0.root.setCornerRadius(4, maskedCornersRawValue: 16, curveRawValue: 0)
        }
        try assertProtocolError(interface: layerInterface, code: invalidValue) {
            $0.root.setShadow(color: .init(red: 0, green: 0, blue: 0), opacity: 1.5, offset: .zero, radius: 3)
        }
        try assertProtocolError(interface: layerInterface, code: invalidValue) {
            $0.root.setBorder(width: 2, color: Color(red: 2, green: 0, blue: 0))
        }
        // A dash pattern of zeros, and a stroke range outside 0...1.
        try assertProtocolError(interface: layerInterface, code: invalidValue) { $0.root.setLineDash(pattern: [0, 0], phase: 0) }
        try assertProtocolError(interface: layerInterface, code: invalidValue) { $0.root.setStrokeRange(rawRange: [0, .nan]) }
        try assertProtocolError(interface: layerInterface, code: invalidValue) {
            $0.root.setGradient(typeRawValue: 0, colors: [1, 0, 0, 1, 0, 0, 1, 1], locations: [0, 0.5, 1], points: [0, 0, 1, 1])
        }
        try assertProtocolError(interface: layerInterface, code: invalidValue) {
            $0.root.setReplicator(count: 5000, transform: AffineTransform.identity.components, values: [0, 1, 1, 1, 1, 0, 0, 0, 0])
        }
    }

    func testMalformedPathsAreErrors() throws {
        // An unknown element, a truncated one, a coordinate that is not finite.
        for raw in [[7.0, 1, 1], [0, 1], [0, .infinity, 0]] {
            try assertProtocolError(interface: layerInterface, code: invalidPath) { $0.root.setShape(rawPath: raw, fillRuleRawValue: 0) }
        }
        // Appended past 16384 elements, or to no path at all.
        try assertProtocolError(interface: layerInterface, code: invalidPath) { window in
            let lines = LayerPath([.move(.zero)] + (1..<LayerPath.maxElements).map { .line(Point(x: Double($0), y: 0)) })
            window.root.setShape(lines)
            window.root.appendPath(rawTarget: 0, rawPath: [1, 5, 5])
        }
        try assertProtocolError(interface: layerInterface, code: invalidPath) { $0.root.appendPath(rawTarget: 1, rawPath: [1, 5, 5]) }
    }

    /// A path of the protocol's full length arrives whole, in parts.
    func testLongPathArrivesWhole() throws {
        let window = try makeWindow(title: "long path")
        let lines = LayerPath([.move(.zero)] + (1..<LayerPath.maxElements).map { .line(Point(x: Double($0 % 90), y: Double($0 % 70))) })
        let shape = window.manager.createLayer()
        shape.setShape(lines)
        window.root.addSublayer(shape)
        XCTAssertNoThrow(try window.manager.waitForPresented(window.manager.commit()))
        XCTAssertNil(window.connection.protocolError)
    }

    func testMasksThatCannotBeAreErrors() throws {
        // Its own mask.
        try assertProtocolError(interface: layerInterface, code: invalidMask) { window in
            window.root.setMask(window.root)
            _ = window.manager.commit()
        }
        // An ancestor as the mask.
        try assertProtocolError(interface: layerInterface, code: invalidMask) { window in
            let child = window.manager.createLayer()
            window.root.addSublayer(child)
            _ = window.manager.commit()
            child.setMask(window.root)
            _ = window.manager.commit()
        }
        // One mask for two layers.
        try assertProtocolError(interface: layerInterface, code: invalidMask) { window in
            let (a, b, mask) = (window.manager.createLayer(), window.manager.createLayer(), window.manager.createLayer())
            window.root.addSublayer(a)
            window.root.addSublayer(b)
            a.setMask(mask)
            b.setMask(mask)
            _ = window.manager.commit()
        }
        // A mask that is also in the tree.
        try assertProtocolError(interface: layerInterface, code: invalidMask) { window in
            let (a, mask) = (window.manager.createLayer(), window.manager.createLayer())
            window.root.addSublayer(a)
            window.root.addSublayer(mask)
            a.setMask(mask)
            _ = window.manager.commit()
        }
    }

    /// Huge but finite values draw nothing wrong and trap nothing: the window is presented, the compositor lives.
    func testHugeFiniteStylingValuesAreDrawn() throws {
        let window = try makeWindow(title: "huge")
        let layer = window.manager.createLayer()
        layer.setBounds(Rect(x: 0, y: 0, width: 60, height: 40))
        layer.setPosition(Point(x: 50, y: 40))
        layer.setBackgroundColor(Color(red: 1, green: 0, blue: 0))
        layer.setCornerRadius(8_000_000)
        layer.setBorder(width: 8_000_000, color: Color(red: 0, green: 0, blue: 0))
        layer.setShadow(color: Color(red: 0, green: 0, blue: 0), opacity: 1, offset: Size(width: 8_000_000, height: -8_000_000),
                        radius: 8_000_000)
        var shape = ShapeStyle()
        shape.path = LayerPath([.move(Point(x: -16_777_216, y: 0)), .line(Point(x: 16_777_216, y: 16_777_216))])
        layer.setShape(shape.path)
        layer.setStroke(color: Color(red: 0, green: 0, blue: 1), lineWidth: 8_000_000, cap: .square, join: .miter, miterLimit: 8_000_000)
        layer.setLineDash(pattern: [1e-9, 1e-9], phase: 0)
        window.root.addSublayer(layer)
        XCTAssertNoThrow(try window.manager.waitForPresented(window.manager.commit()))
        XCTAssertNil(window.connection.protocolError)
        XCTAssertNotNil(try windowTree(titled: "huge"))
    }

    /// `strata tree` shows the styling that is set, and a mask with its own tree.
    func testTreeShowsStylingAndMasks() throws {
        let window = try makeWindow(title: "styled")
        window.root.setCornerRadius(12)
        window.root.setShadow(color: Color(red: 0, green: 0, blue: 0), opacity: 0.5, offset: Size(width: 0, height: 2), radius: 4)
        let mask = window.manager.createLayer()
        mask.setBounds(Rect(x: 0, y: 0, width: 20, height: 20))
        window.root.setMask(mask)
        _ = try window.manager.waitForPresented(window.manager.commit())
        func find(_ key: String, in value: Any?) -> Any? {
            if let object = value as? [String: Any] {
                if let found = object[key] { return found }
                for member in object.values { if let found = find(key, in: member) { return found } }
            }
            if let array = value as? [Any] { for element in array { if let found = find(key, in: element) { return found } } }
            return nil
        }
        let tree = try windowTree(titled: "styled")
        XCTAssertEqual(find("cornerRadius", in: tree) as? Double, 12)
        XCTAssertEqual((find("shadow", in: tree) as? [String: Any])?["radius"] as? Double, 4)
        XCTAssertNotNil(find("mask", in: tree))
    }
}
