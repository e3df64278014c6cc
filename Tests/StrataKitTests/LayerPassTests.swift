import XCTest
@testable import StrataKit

/// The layout and display passes start at a window's root and descend only
/// into subtrees that have work; these pin down that nothing is missed.
final class LayerPassTests: XCTestCase {
    private final class CountingLayer: CALayer {
        var layouts = 0
        var displays = 0
        override func layoutSublayers() { layouts += 1 }
        override func display() { displays += 1 }
    }

    private func chain(depth: Int) -> (root: CALayer, leaf: CountingLayer) {
        let root = CALayer()
        var parent = root
        for _ in 0..<depth {
            let layer = CALayer()
            parent.addSublayer(layer)
            parent = layer
        }
        let leaf = CountingLayer()
        parent.addSublayer(leaf)
        return (root, leaf)
    }

    /// CALayer.layoutIfNeeded: "recalculate the receiver's layout, if
    /// required" — a deep layer marked with setNeedsLayout is laid out by
    /// the pass that starts at the root, once.
    func testLayoutReachesADeepLayer() {
        let (root, leaf) = chain(depth: 5)
        root.layoutIfNeeded()
        let before = leaf.layouts
        leaf.setNeedsLayout()
        root.layoutIfNeeded()
        XCTAssertEqual(leaf.layouts, before + 1)
        root.layoutIfNeeded()
        XCTAssertEqual(leaf.layouts, before + 1, "a clean tree is laid out again")
    }

    /// A layer that needs layout before it joins a tree is laid out by that tree's pass.
    func testLayoutReachesALayerAddedWhileItNeedsLayout() {
        let (root, _) = chain(depth: 3)
        root.layoutIfNeeded()
        let late = CountingLayer()
        late.setNeedsLayout()
        let middle = CALayer()
        middle.addSublayer(late)
        root.addSublayer(middle)
        root.layoutIfNeeded()
        XCTAssertEqual(late.layouts, 1)
    }

    /// setNeedsDisplay(_:) on a deep layer, or on a layer before it joins a
    /// tree, is displayed by the display pass that starts at the root.
    func testDisplayReachesDeepAndLateLayers() {
        let (root, leaf) = chain(depth: 5)
        root.displayLayersIfNeeded()
        let before = leaf.displays
        leaf.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
        root.displayLayersIfNeeded()
        XCTAssertEqual(leaf.displays, before + 1)

        let late = CountingLayer()
        late.setNeedsDisplay()
        late.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        late.setNeedsDisplay()
        leaf.addSublayer(late)
        root.displayLayersIfNeeded()
        XCTAssertEqual(late.displays, 1)
        root.displayLayersIfNeeded()
        XCTAssertEqual(late.displays, 1, "a clean layer is displayed again")
    }
}
