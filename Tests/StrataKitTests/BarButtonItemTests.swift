import XCTest
@testable import StrataKit

/// UIBarButtonItem's forms and actions, tapped in a toolbar as a finger would.
final class BarButtonItemTests: InputTestCase {
    final class Target {
        var senders: [UIBarButtonItem] = []
        var plainCalls = 0
        func save(_ sender: UIBarButtonItem) { senders.append(sender) }
        func refresh() { plainCalls += 1 }
    }

    private var toolbar: UIToolbar!

    override func setUp() {
        super.setUp()
        toolbar = UIToolbar(frame: CGRect(x: 0, y: 356, width: 400, height: 44))
        window.addSubview(toolbar)
    }

    override func tearDown() {
        toolbar = nil
        super.tearDown()
    }

    private func show(_ items: [UIBarButtonItem]) {
        toolbar.items = items
        window.layoutIfNeeded()
    }

    /// The center of an item's view, in window coordinates.
    private func center(of item: UIBarButtonItem) -> CGPoint {
        let view = toolbar.itemViews.compactMap { $0 as? BarButtonItemView }.first { $0.item === item }!
        return view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: window)
    }

    /// A tap sends the action to the target with the item as sender
    /// ("the object that receives the action message", with `sender`).
    func testTapSendsTheActionWithTheItemAsSender() {
        let target = Target()
        let save = UIBarButtonItem(barButtonSystemItem: .save, target: target, action: Target.save)
        let refresh = UIBarButtonItem(barButtonSystemItem: .refresh, target: target, action: Target.refresh)
        show([save, .flexibleSpace(), refresh])
        tap(at: center(of: save))
        XCTAssertEqual(target.senders.count, 1)
        XCTAssertTrue(target.senders.first === save)
        tap(at: center(of: refresh))
        XCTAssertEqual(target.plainCalls, 1)
        XCTAssertTrue(save.target === target)
        XCTAssertTrue(save.hasAction)
    }

    /// isEnabled false: the item does nothing when tapped.
    func testDisabledItemDoesNothing() {
        let target = Target()
        let item = UIBarButtonItem(title: "Save", style: .done, target: target, action: Target.save)
        item.isEnabled = false
        show([item])
        tap(at: center(of: item))
        XCTAssertTrue(target.senders.isEmpty)
        item.isEnabled = true
        window.layoutIfNeeded()
        tap(at: center(of: item))
        XCTAssertEqual(target.senders.count, 1)
    }

    /// iOS 14's primaryAction runs instead of target-action, with the item as sender.
    func testPrimaryAction() {
        var senders: [Any?] = []
        let item = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { action in senders.append(action.sender) })
        show([item])
        tap(at: center(of: item))
        XCTAssertEqual(senders.count, 1)
        XCTAssertTrue(senders.first as AnyObject === item)
    }

    /// The system items UIKit shows as words show their English titles; the
    /// done item is bold (style .done); the others are glyphs.
    func testSystemItems() {
        let done = UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: nil)
        XCTAssertEqual(done.style, .done)
        XCTAssertEqual(UIBarButtonItem.SystemItem.cancel.title, "Cancel")
        XCTAssertEqual(UIBarButtonItem.SystemItem.edit.title, "Edit")
        XCTAssertNil(UIBarButtonItem.SystemItem.trash.title)
        let trash = UIBarButtonItem(barButtonSystemItem: .trash, target: nil, action: nil)
        let custom = UISwitch(frame: .zero)
        let customItem = UIBarButtonItem(customView: custom)
        show([done, trash, customItem])
        let views = toolbar.itemViews.compactMap { $0 as? BarButtonItemView }
        XCTAssertTrue(views[0].subviews.first is UILabel)
        XCTAssertTrue(views[1].subviews.first is BarGlyphView)
        XCTAssertTrue(custom.superview === views[2], "a custom view is shown as it is")
        XCTAssertEqual(views[2].bounds.size, custom.bounds.size)
    }

    /// An item's tintColor colors it; without one it takes the bar's tint.
    func testTint() throws {
        let item = UIBarButtonItem(title: "Edit", style: .plain, target: nil, action: nil)
        show([item])
        let view = try XCTUnwrap(toolbar.itemViews.first as? BarButtonItemView)
        let label = try XCTUnwrap(view.subviews.first as? UILabel)
        XCTAssertEqual(label.textColor, .systemBlue)
        toolbar.tintColor = .systemRed
        XCTAssertEqual(label.textColor, .systemRed)
        item.tintColor = .systemGreen
        window.layoutIfNeeded()
        let relabeled = try XCTUnwrap((toolbar.itemViews.first as? BarButtonItemView)?.subviews.first as? UILabel)
        XCTAssertEqual(relabeled.textColor, .systemGreen)
    }
}
