import XCTest
@testable import StrataKit

/// UIView's reference: setNeedsLayout(), layoutIfNeeded(), layoutSubviews(),
/// and View Programming Guide "Laying Out Your Views".
final class ViewLayoutTests: XCTestCase {
    final class Counting: UIView {
        var layouts = 0
        var onLayout: (() -> Void)?
        override func layoutSubviews() {
            layouts += 1
            onLayout?()
        }
    }

    /// setNeedsLayout "does not force an immediate update, but instead waits
    /// for the next update cycle": requests coalesce into one layoutSubviews().
    func testSetNeedsLayoutCoalesces() {
        let view = Counting(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.layoutIfNeeded()
        view.layouts = 0
        view.setNeedsLayout()
        view.setNeedsLayout()
        XCTAssertEqual(view.layouts, 0, "nothing runs before the layout pass")
        view.layoutIfNeeded()
        XCTAssertEqual(view.layouts, 1)
        view.layoutIfNeeded()
        XCTAssertEqual(view.layouts, 1, "layoutIfNeeded does nothing when no layout is pending")
    }

    /// A size change asks for layout of the view (and its superview).
    func testResizingNeedsLayout() {
        let parent = Counting(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = Counting(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        parent.addSubview(child)
        parent.layoutIfNeeded()
        parent.layouts = 0; child.layouts = 0
        child.frame.origin = CGPoint(x: 5, y: 5)
        parent.layoutIfNeeded()
        XCTAssertEqual(child.layouts, 0, "moving is no size change")
        child.frame.size = CGSize(width: 20, height: 20)
        parent.layoutIfNeeded()
        XCTAssertEqual(child.layouts, 1)
        XCTAssertEqual(parent.layouts, 1)
    }

    /// Adding a subview asks the superview for layout.
    func testAddingASubviewNeedsLayout() {
        let parent = Counting(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        parent.layoutIfNeeded()
        parent.layouts = 0
        parent.addSubview(UIView())
        parent.layoutIfNeeded()
        XCTAssertEqual(parent.layouts, 1)
    }

    /// Layout is top-down: layoutIfNeeded on a subview first lays out the
    /// superviews that need it, then the view, then its subviews; frames set
    /// by a superview's layoutSubviews are seen by the subviews' own.
    func testLayoutIsTopDown() {
        var order: [String] = []
        let top = Counting(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let middle = Counting(), bottom = Counting()
        top.addSubview(middle)
        middle.addSubview(bottom)
        top.layoutIfNeeded()
        top.onLayout = { order.append("top"); middle.frame = top.bounds }
        middle.onLayout = { order.append("middle"); bottom.frame = middle.bounds.insetBy(dx: 10, dy: 10) }
        bottom.onLayout = { order.append("bottom \(bottom.bounds.width)") }
        top.setNeedsLayout()
        bottom.setNeedsLayout()
        middle.layoutIfNeeded()
        XCTAssertEqual(order, ["top", "middle", "bottom 80.0"])
    }

    /// The update cycle's layout pass is layoutIfNeeded() on the window: every
    /// view below that needs layout is laid out.
    func testLayoutPassFromTheRootReachesDeepViews() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let middle = UIView(), deep = Counting()
        root.addSubview(middle)
        middle.addSubview(deep)
        root.layoutIfNeeded()
        deep.layouts = 0
        deep.setNeedsLayout()
        root.layoutIfNeeded()
        XCTAssertEqual(deep.layouts, 1)
    }

    /// The view is its layer's delegate; layoutSubviews runs from the layer's
    /// layoutSublayers(of:).
    func testViewIsTheLayersDelegate() {
        let view = Counting()
        XCTAssertTrue(view.layer.delegate === view)
        view.layer.setNeedsLayout()
        view.layer.layoutIfNeeded()
        XCTAssertEqual(view.layouts, 1)
    }
}
