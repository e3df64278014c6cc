import StrataServer
import XCTest

/// `PopupPlacement` on its own: the anchor point, gravity and offset, then
/// each constraint adjustment, in a 100×100 area.
final class PopupPlacementTests: XCTestCase {
    typealias Box = PopupPlacement.Box
    let area = Box(x: 0, y: 0, width: 100, height: 100)

    func edges(_ value: UInt32) -> PopupPlacement.Edges { PopupPlacement.Edges(protocolValue: value)! }
    // xdg_positioner's values: none 0, top 1, bottom 2, left 3, right 4, top_left 5, bottom_left 6, top_right 7, bottom_right 8.

    func placement(_ width: Int, _ height: Int, anchorRect: Box, anchor: UInt32, gravity: UInt32,
                   _ adjustments: PopupPlacement.Adjustments = [], offset: (Int, Int) = (0, 0)) -> PopupPlacement {
        PopupPlacement(width: width, height: height, anchorRect: anchorRect, anchor: edges(anchor), gravity: edges(gravity),
                       adjustments: adjustments, offset: offset)
    }

    func testAnchorPointAndGravityOnEveryEdge() {
        let rect = Box(x: 40, y: 40, width: 20, height: 10)
        // A 10×6 popup; anchor and gravity alike put it outside the rectangle on that side.
        let expected: [UInt32: (Int, Int)] = [
            0: (45, 42), 1: (45, 34), 2: (45, 50), 3: (30, 42), 4: (60, 42),
            5: (30, 34), 6: (30, 50), 7: (60, 34), 8: (60, 50),
        ]
        for (value, origin) in expected {
            let box = placement(10, 6, anchorRect: rect, anchor: value, gravity: value).box(constrainedTo: area)
            XCTAssertEqual(box, Box(x: origin.0, y: origin.1, width: 10, height: 6), "anchor and gravity \(value)")
        }
    }

    func testOffsetMovesThePopup() {
        let box = placement(10, 10, anchorRect: Box(x: 10, y: 10, width: 10, height: 10), anchor: 6, gravity: 8, offset: (3, -2))
            .box(constrainedTo: area)
        XCTAssertEqual(box, Box(x: 13, y: 18, width: 10, height: 10))
    }

    func testWithoutAdjustmentsAConstrainedPopupStays() {
        let box = placement(30, 30, anchorRect: Box(x: 90, y: 90, width: 5, height: 5), anchor: 8, gravity: 8)
            .box(constrainedTo: area)
        XCTAssertEqual(box, Box(x: 95, y: 95, width: 30, height: 30))
    }

    func testFlipX() {
        // A submenu to the right of an item near the right edge opens to its left.
        let p = placement(30, 10, anchorRect: Box(x: 60, y: 20, width: 30, height: 10), anchor: 7, gravity: 8, .flipX, offset: (2, 0))
        XCTAssertEqual(p.box(constrainedTo: area), Box(x: 28, y: 20, width: 30, height: 10), "mirrored, offset too")
        // When the flipped box does not fit either, the original stays.
        let wide = placement(70, 10, anchorRect: Box(x: 40, y: 20, width: 20, height: 10), anchor: 7, gravity: 8, .flipX)
        XCTAssertEqual(wide.box(constrainedTo: area).x, 60)
    }

    func testFlipY() {
        // A menu below a button at the bottom opens above it.
        let p = placement(40, 30, anchorRect: Box(x: 10, y: 80, width: 20, height: 10), anchor: 6, gravity: 8, .flipY)
        XCTAssertEqual(p.box(constrainedTo: area), Box(x: 10, y: 50, width: 40, height: 30))
        let tall = placement(40, 90, anchorRect: Box(x: 10, y: 40, width: 20, height: 10), anchor: 6, gravity: 8, .flipY)
        XCTAssertEqual(tall.box(constrainedTo: area).y, 50, "no better flipped: unchanged")
    }

    func testSlideX() {
        let p = placement(30, 10, anchorRect: Box(x: 80, y: 10, width: 10, height: 10), anchor: 6, gravity: 8, .slideX)
        XCTAssertEqual(p.box(constrainedTo: area), Box(x: 70, y: 20, width: 30, height: 10))
        // Off the left edge with gravity to the left: slides right.
        let left = placement(30, 10, anchorRect: Box(x: 5, y: 10, width: 10, height: 10), anchor: 5, gravity: 5, .slideX)
        XCTAssertEqual(left.box(constrainedTo: area).x, 0)
        // Wider than the area, gravity right: slid left until its left edge reaches the area's.
        let wide = placement(150, 10, anchorRect: Box(x: 20, y: 10, width: 10, height: 10), anchor: 6, gravity: 8, .slideX)
        XCTAssertEqual(wide.box(constrainedTo: area).x, 0)
    }

    func testSlideY() {
        let p = placement(10, 30, anchorRect: Box(x: 10, y: 80, width: 10, height: 10), anchor: 6, gravity: 8, .slideY)
        XCTAssertEqual(p.box(constrainedTo: area), Box(x: 10, y: 70, width: 10, height: 30))
        let top = placement(10, 30, anchorRect: Box(x: 10, y: 10, width: 10, height: 10), anchor: 5, gravity: 5, .slideY)
        XCTAssertEqual(top.box(constrainedTo: area).y, 0)
    }

    func testResizeX() {
        let p = placement(40, 10, anchorRect: Box(x: 70, y: 10, width: 10, height: 10), anchor: 6, gravity: 8, .resizeX)
        XCTAssertEqual(p.box(constrainedTo: area), Box(x: 70, y: 20, width: 30, height: 10))
        // Entirely outside: resizing would leave nothing, so it stays.
        let outside = placement(40, 10, anchorRect: Box(x: 100, y: 10, width: 10, height: 10), anchor: 6, gravity: 8, .resizeX)
        XCTAssertEqual(outside.box(constrainedTo: area), Box(x: 100, y: 20, width: 40, height: 10))
    }

    func testResizeY() {
        let p = placement(10, 50, anchorRect: Box(x: 10, y: 60, width: 10, height: 10), anchor: 6, gravity: 8, .resizeY)
        XCTAssertEqual(p.box(constrainedTo: area), Box(x: 10, y: 70, width: 10, height: 30))
    }

    func testFlipComesBeforeSlideAndSlideBeforeResize() {
        // Flipping fits: no slide.
        let flip = placement(30, 10, anchorRect: Box(x: 60, y: 20, width: 30, height: 10), anchor: 7, gravity: 8, [.flipX, .slideX])
        XCTAssertEqual(flip.box(constrainedTo: area).x, 30)
        // Flipping does not fit; sliding does: no resize.
        let slide = placement(70, 10, anchorRect: Box(x: 40, y: 20, width: 20, height: 10), anchor: 7, gravity: 8,
                              [.flipX, .slideX, .resizeX])
        XCTAssertEqual(slide.box(constrainedTo: area), Box(x: 30, y: 20, width: 70, height: 10))
        // Too wide to slide in: what still sticks out is cut.
        let resize = placement(130, 10, anchorRect: Box(x: 40, y: 20, width: 20, height: 10), anchor: 7, gravity: 8, [.slideX, .resizeX])
        XCTAssertEqual(resize.box(constrainedTo: area), Box(x: 0, y: 20, width: 100, height: 10))
    }

    func testAxesAreAdjustedIndependently() {
        let p = placement(30, 30, anchorRect: Box(x: 90, y: 90, width: 5, height: 5), anchor: 8, gravity: 8, [.slideX, .flipY])
        XCTAssertEqual(p.box(constrainedTo: area), Box(x: 70, y: 60, width: 30, height: 30))
    }

    func testAnAreaNotAtTheOrigin() {
        // The area is the output in the parent's coordinates: a window at 50,50 sees the output at -50,-50.
        let output = Box(x: -50, y: -50, width: 100, height: 100)
        let p = placement(20, 20, anchorRect: Box(x: 40, y: 0, width: 10, height: 10), anchor: 7, gravity: 7, .all)
        XCTAssertEqual(p.box(constrainedTo: output), Box(x: 20, y: -20, width: 20, height: 20), "flipped left on x; fits on y")
    }

    func testProtocolValues() {
        XCTAssertNil(PopupPlacement.Edges(protocolValue: 9))
        XCTAssertEqual(PopupPlacement.Edges(protocolValue: 5), PopupPlacement.Edges(x: -1, y: -1))
    }
}
