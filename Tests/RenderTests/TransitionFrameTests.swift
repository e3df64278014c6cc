import CPixman
import StrataProtocol
import StrataRender
import TestSupport
import XCTest

/// Frames of a transition drawn from two snapshots of a layer.
final class TransitionFrameTests: XCTestCase {
    private func solid(_ argb: UInt32, width: Int = 120, height: Int = 80) -> LayerImage {
        LayerImage.solid(width: width, height: height, argb)
    }

    private func alpha(_ image: LayerImage, _ x: Int, _ y: Int) -> UInt32 {
        image.data.load(fromByteOffset: y * image.stride + x * 4, as: UInt32.self) >> 24
    }

    /// A flip past half way shows the new face as a trapezoid: nothing is
    /// drawn outside it (the margin around the bounds stays transparent
    /// except where the near edge grows into it).
    func testFlipDrawsOnlyItsQuad() {
        let transition = LayerTransition(kind: .flip, direction: .fromLeft, timing: MediaTiming(duration: 1))
        let size = TransitionFrame.frameSize(for: .flip, width: 120, height: 80)
        let frame = LayerImage(width: size.width, height: size.height, hasAlpha: true)
        TransitionFrame.draw(transition, progress: 0.75, old: solid(0xFFFF_0000), new: solid(0xFF00_00FF), into: frame)
        let margin = TransitionFrame.margin(for: .flip, width: 120, height: 80)
        // The top margin above the far (narrower) edge and the centre column's margin are empty.
        for y in 0..<(margin.y - 2) {
            XCTAssertEqual(alpha(frame, size.width / 2, y), 0, "row \(y) of the centre column")
        }
        XCTAssertEqual(alpha(frame, size.width / 2, size.height / 2), 0xFF, "the face's centre is drawn")
    }

    /// At 90° the layer is edge-on: nothing is drawn.
    func testFlipIsInvisibleEdgeOn() {
        let transition = LayerTransition(kind: .flip, direction: .fromRight, timing: MediaTiming(duration: 1))
        let size = TransitionFrame.frameSize(for: .flip, width: 120, height: 80)
        let frame = LayerImage(width: size.width, height: size.height, hasAlpha: true)
        TransitionFrame.draw(transition, progress: 0.5, old: solid(0xFFFF_0000), new: solid(0xFF00_00FF), into: frame)
        var drawn = 0
        for y in 0..<size.height { for x in 0..<size.width where alpha(frame, x, y) != 0 { drawn += 1 } }
        XCTAssertEqual(drawn, 0)
    }

    /// A push half way: the old content has left by half its width, the new has come in by half.
    func testPushHalfWay() {
        let transition = LayerTransition(kind: .push, direction: .fromRight, timing: MediaTiming(duration: 1))
        let frame = LayerImage(width: 120, height: 80, hasAlpha: true)
        TransitionFrame.draw(transition, progress: 0.5, old: solid(0xFFFF_0000), new: solid(0xFF00_00FF), into: frame)
        let pixel = { (x: Int) in frame.data.load(fromByteOffset: 40 * frame.stride + x * 4, as: UInt32.self) }
        XCTAssertEqual(pixel(30), 0xFFFF_0000)
        XCTAssertEqual(pixel(90), 0xFF00_00FF)
    }
}
