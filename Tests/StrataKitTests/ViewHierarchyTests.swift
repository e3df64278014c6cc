import XCTest
@testable import StrataKit

/// View Programming Guide, "Adding and Removing Subviews", and UIView's
/// reference for the hierarchy methods and their notifications.
final class ViewHierarchyTests: XCTestCase {
    final class Recorder: UIView {
        var log: Log!
        var name = ""
        convenience init(_ name: String, _ log: Log) {
            self.init(frame: .zero)
            self.name = name
            self.log = log
        }
        override func willMove(toSuperview newSuperview: UIView?) {
            log.entries.append("\(name).willMove(toSuperview: \(label(newSuperview)))")
        }
        override func didMoveToSuperview() { log.entries.append("\(name).didMoveToSuperview") }
        override func willMove(toWindow newWindow: UIWindow?) {
            log.entries.append("\(name).willMove(toWindow: \(newWindow == nil ? "nil" : "window"))")
        }
        override func didMoveToWindow() { log.entries.append("\(name).didMoveToWindow") }
        override func didAddSubview(_ subview: UIView) { log.entries.append("\(name).didAddSubview(\(label(subview)))") }
        override func willRemoveSubview(_ subview: UIView) { log.entries.append("\(name).willRemoveSubview(\(label(subview)))") }
        func label(_ view: UIView?) -> String {
            guard let view else { return "nil" }
            return (view as? Recorder)?.name ?? "view"
        }
    }
    final class Log { var entries: [String] = [] }

    func ids(_ views: [UIView]) -> [ObjectIdentifier] { views.map(ObjectIdentifier.init) }
    func ids(_ layers: [CALayer]?) -> [ObjectIdentifier] { (layers ?? []).map(ObjectIdentifier.init) }

    /// addSubview appends (frontmost); the layer goes to the matching place
    /// in the superview's layer; superview and the responder chain follow.
    func testAddSubviewAppendsAndLayersFollow() {
        let parent = UIView(), a = UIView(), b = UIView()
        parent.addSubview(a)
        parent.addSubview(b)
        XCTAssertEqual(ids(parent.subviews), ids([a, b]))
        XCTAssertEqual(ids(parent.layer.sublayers), ids([a.layer, b.layer]))
        XCTAssertTrue(a.superview === parent)
        XCTAssertTrue(a.next === parent, "UIResponder: a view's next responder is its superview")
    }

    /// insertSubview(_:at:), (_:aboveSubview:), (_:belowSubview:).
    func testInsertSubview() {
        let parent = UIView(), a = UIView(), b = UIView(), c = UIView(), d = UIView()
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(c, at: 0)
        XCTAssertEqual(ids(parent.subviews), ids([c, a, b]))
        parent.insertSubview(d, aboveSubview: c)
        XCTAssertEqual(ids(parent.subviews), ids([c, d, a, b]))
        parent.insertSubview(b, belowSubview: c)
        XCTAssertEqual(ids(parent.subviews), ids([b, c, d, a]))
        XCTAssertEqual(ids(parent.layer.sublayers), ids([b.layer, c.layer, d.layer, a.layer]))
    }

    /// Layers follow views even when the superview's layer has its own extra sublayers.
    func testSubviewLayersKeepPlaceAmongExtraSublayers() {
        let parent = UIView(), a = UIView(), b = UIView()
        let extra = CALayer()
        parent.addSubview(a)
        parent.layer.addSublayer(extra)
        parent.insertSubview(b, belowSubview: a)
        XCTAssertEqual(ids(parent.layer.sublayers), ids([b.layer, a.layer, extra]))
    }

    /// bringSubviewToFront, sendSubviewToBack, exchangeSubview(at:withSubviewAt:).
    func testReordering() {
        let parent = UIView(), a = UIView(), b = UIView(), c = UIView()
        [a, b, c].forEach(parent.addSubview)
        parent.bringSubviewToFront(a)
        XCTAssertEqual(ids(parent.subviews), ids([b, c, a]))
        parent.sendSubviewToBack(c)
        XCTAssertEqual(ids(parent.subviews), ids([c, b, a]))
        parent.exchangeSubview(at: 0, withSubviewAt: 2)
        XCTAssertEqual(ids(parent.subviews), ids([a, b, c]))
        XCTAssertEqual(ids(parent.layer.sublayers), ids([a.layer, b.layer, c.layer]))
        parent.exchangeSubview(at: 1, withSubviewAt: 2)
        XCTAssertEqual(ids(parent.subviews), ids([a, c, b]))
        XCTAssertEqual(ids(parent.layer.sublayers), ids([a.layer, c.layer, b.layer]))
    }

    /// addSubview: "If view already has a superview and that view is not the
    /// receiver, this method removes the previous superview before making the
    /// receiver its new superview." Re-adding to the same superview brings it to the front.
    func testAddingAViewWithASuperviewMovesIt() {
        let first = UIView(), second = UIView(), view = UIView(), other = UIView()
        first.addSubview(view)
        first.addSubview(other)
        second.addSubview(view)
        XCTAssertEqual(ids(first.subviews), ids([other]))
        XCTAssertEqual(ids(first.layer.sublayers), ids([other.layer]))
        XCTAssertTrue(view.superview === second)
        XCTAssertTrue(view.layer.superlayer === second.layer)
        second.addSubview(other)
        second.addSubview(view)
        XCTAssertEqual(ids(second.subviews), ids([other, view]))
    }

    /// removeFromSuperview detaches the view and its layer.
    func testRemoveFromSuperview() {
        let parent = UIView(), view = UIView()
        parent.addSubview(view)
        view.removeFromSuperview()
        XCTAssertNil(view.superview)
        XCTAssertTrue(parent.subviews.isEmpty)
        XCTAssertNil(view.layer.superlayer)
        XCTAssertNil(parent.layer.sublayers)
    }

    /// window: the nearest UIWindow up the chain; nil outside one.
    func testWindowIsTheNearestWindowAncestor() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let parent = UIView(), child = UIView()
        parent.addSubview(child)
        XCTAssertNil(child.window)
        window.addSubview(parent)
        XCTAssertTrue(child.window === window)
        XCTAssertTrue(window.window === window)
        parent.removeFromSuperview()
        XCTAssertNil(child.window)
    }

    /// Adding into a window, UIKit notifies in this order: willMove(toSuperview:),
    /// willMove(toWindow:) down the moved subtree, didMoveToWindow down the
    /// subtree, didMoveToSuperview, then the superview's didAddSubview(_:).
    func testAddNotificationOrderIntoAWindow() {
        let log = Log()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let parent = Recorder("parent", log)
        window.addSubview(parent)
        let child = Recorder("child", log), grandchild = Recorder("grandchild", log)
        child.addSubview(grandchild)
        log.entries = []
        parent.addSubview(child)
        XCTAssertEqual(log.entries, [
            "child.willMove(toSuperview: parent)",
            "child.willMove(toWindow: window)",
            "grandchild.willMove(toWindow: window)",
            "child.didMoveToWindow",
            "grandchild.didMoveToWindow",
            "child.didMoveToSuperview",
            "parent.didAddSubview(child)",
        ])
    }

    /// Removing from a window: the superview's willRemoveSubview(_:) first,
    /// then willMove(toSuperview: nil), the window notifications, didMoveToSuperview.
    func testRemoveNotificationOrderFromAWindow() {
        let log = Log()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let parent = Recorder("parent", log), child = Recorder("child", log), grandchild = Recorder("grandchild", log)
        window.addSubview(parent)
        parent.addSubview(child)
        child.addSubview(grandchild)
        log.entries = []
        child.removeFromSuperview()
        XCTAssertEqual(log.entries, [
            "parent.willRemoveSubview(child)",
            "child.willMove(toSuperview: nil)",
            "child.willMove(toWindow: nil)",
            "grandchild.willMove(toWindow: nil)",
            "child.didMoveToWindow",
            "grandchild.didMoveToWindow",
            "child.didMoveToSuperview",
        ])
    }

    /// Outside any window the window notifications are not sent; a move
    /// tells the old superview willRemoveSubview(_:) and the new didAddSubview(_:).
    func testMoveNotificationOrderOutsideAWindow() {
        let log = Log()
        let old = Recorder("old", log), new = Recorder("new", log), child = Recorder("child", log)
        old.addSubview(child)
        log.entries = []
        new.addSubview(child)
        XCTAssertEqual(log.entries, [
            "old.willRemoveSubview(child)",
            "child.willMove(toSuperview: new)",
            "child.didMoveToSuperview",
            "new.didAddSubview(child)",
        ])
    }

    /// Moving between superviews of the same window: no window notifications.
    func testMoveWithinTheSameWindowSendsNoWindowNotifications() {
        let log = Log()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let a = Recorder("a", log), b = Recorder("b", log), child = Recorder("child", log)
        window.addSubview(a)
        window.addSubview(b)
        a.addSubview(child)
        log.entries = []
        b.addSubview(child)
        XCTAssertFalse(log.entries.contains { $0.contains("Window") }, "\(log.entries)")
    }

    /// viewWithTag(_:): depth first from the receiver, receiver included, never up.
    func testViewWithTagIsDepthFirst() {
        let root = UIView(), a = UIView(), a1 = UIView(), b = UIView()
        a.tag = 1; a1.tag = 2; b.tag = 2
        root.addSubview(a)
        root.addSubview(b)
        a.addSubview(a1)
        XCTAssertTrue(root.viewWithTag(2) === a1, "a's subtree is searched before its sibling b")
        XCTAssertTrue(a.viewWithTag(1) === a, "the receiver is included")
        XCTAssertNil(a1.viewWithTag(1), "the search never goes up")
        XCTAssertTrue(root.viewWithTag(0) === root)
        XCTAssertNil(root.viewWithTag(9))
    }

    /// isDescendant(of:) is true for the view itself and its subviews' subviews.
    func testIsDescendant() {
        let root = UIView(), child = UIView(), other = UIView()
        root.addSubview(child)
        XCTAssertTrue(child.isDescendant(of: root))
        XCTAssertTrue(root.isDescendant(of: root))
        XCTAssertFalse(root.isDescendant(of: child))
        XCTAssertFalse(other.isDescendant(of: root))
    }
}
