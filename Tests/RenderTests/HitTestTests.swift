import StrataProtocol
import StrataRender
import XCTest

/// RenderLayer.containsInTree: where a layer tree takes input.
final class HitTestTests: XCTestCase {
    func layer(_ frame: Rect, in parent: RenderLayer? = nil) -> RenderLayer {
        let l = RenderLayer()
        l.anchorPoint = .zero
        l.position = frame.origin
        l.bounds = Rect(origin: .zero, size: frame.size)
        parent?.addSublayer(l)
        return l
    }

    func testBoundsHiddenTransparentAndMasked() {
        let root = layer(Rect(x: 10, y: 10, width: 100, height: 50))
        let outside = layer(Rect(x: 120, y: 0, width: 20, height: 20), in: root)
        let hidden = layer(Rect(x: 0, y: 60, width: 20, height: 20), in: root)
        hidden.isHidden = true
        _ = layer(Rect(x: 0, y: 10, width: 5, height: 5), in: hidden)   // under a hidden parent
        let invisible = layer(Rect(x: 30, y: 60, width: 20, height: 20), in: root)
        invisible.opacity = 0
        let clip = layer(Rect(x: 60, y: 60, width: 20, height: 20), in: root)
        clip.masksToBounds = true
        _ = layer(Rect(x: 0, y: 25, width: 20, height: 20), in: clip)   // entirely outside its masking parent

        XCTAssertTrue(root.containsInTree(Point(x: 10, y: 10)), "the root's top left, though it draws nothing")
        XCTAssertFalse(root.containsInTree(Point(x: 110, y: 30)), "bounds are half-open")
        XCTAssertTrue(root.containsInTree(Point(x: 135, y: 15)), "a sublayer outside its parent")
        XCTAssertFalse(root.containsInTree(Point(x: 15, y: 75)), "hidden")
        XCTAssertFalse(root.containsInTree(Point(x: 12, y: 82)), "under a hidden layer")
        XCTAssertFalse(root.containsInTree(Point(x: 45, y: 75)), "opacity 0")
        XCTAssertTrue(root.containsInTree(Point(x: 75, y: 75)), "the masking layer itself")
        XCTAssertFalse(root.containsInTree(Point(x: 75, y: 100)), "clipped by masksToBounds")
        clip.masksToBounds = false
        XCTAssertTrue(root.containsInTree(Point(x: 75, y: 100)))
        _ = outside
    }

    func testTransformsAreInverted() {
        let root = layer(Rect(x: 0, y: 0, width: 10, height: 10))
        let rotated = RenderLayer()
        rotated.bounds = Rect(x: 0, y: 0, width: 40, height: 10)
        rotated.position = Point(x: 100, y: 100)   // centre, anchor (0.5, 0.5)
        rotated.transform = AffineTransform(rotationAngle: .pi / 2)
        root.addSublayer(rotated)
        XCTAssertTrue(root.containsInTree(Point(x: 100, y: 118)), "a quarter turn: 40 tall, 10 wide")
        XCTAssertFalse(root.containsInTree(Point(x: 118, y: 100)))
        rotated.transform = AffineTransform(scaleX: 0, y: 1)
        XCTAssertFalse(root.containsInTree(Point(x: 100, y: 100)), "a singular transform covers nothing")
    }

    /// Iterative: a chain far deeper than any stack would allow recursion for.
    func testDeepTreeDoesNotRecurse() {
        let root = layer(Rect(x: 0, y: 0, width: 1, height: 1))
        var parent = root
        for _ in 0..<200_000 {
            let child = layer(Rect(x: 1, y: 0, width: 1, height: 1), in: parent)
            parent = child
        }
        XCTAssertTrue(root.containsInTree(Point(x: 200_000.5, y: 0.5)))
        XCTAssertFalse(root.containsInTree(Point(x: 200_002, y: 0.5)))
        // Layers free their sublayers recursively; unlink the chain from the bottom first.
        while let superlayer = parent.superlayer { parent.removeFromSuperlayer(); parent = superlayer }
    }
}
