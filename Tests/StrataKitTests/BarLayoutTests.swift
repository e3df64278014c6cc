import XCTest
@testable import StrataKit

/// Bar heights, the safe area of a child under bars, toolbar spacing and
/// the navigation bar's back button and title.
final class BarLayoutTests: ViewControllerTestCase {
    private func laidOut(_ navigation: UINavigationController) {
        show(navigation)
        window.layoutIfNeeded()
    }

    /// UIKit's bars are 44 points tall (navigation bar, toolbar) and 49
    /// (tab bar); the navigation bar sits at the top of the safe area
    /// (a desktop window has no status bar) and the toolbar at the bottom.
    func testBarHeightsAndPlaces() {
        XCTAssertEqual(UINavigationBar(frame: .zero).sizeThatFits(CGSize(width: 320, height: 480)).height, 44)
        XCTAssertEqual(UIToolbar(frame: .zero).sizeThatFits(CGSize(width: 320, height: 480)).height, 44)
        XCTAssertEqual(UITabBar(frame: .zero).sizeThatFits(CGSize(width: 320, height: 480)).height, 49)

        let navigation = UINavigationController(rootViewController: UIViewController())
        navigation.isToolbarHidden = false
        laidOut(navigation)
        XCTAssertEqual(navigation.navigationBar.frame, CGRect(x: 0, y: 0, width: 320, height: 44))
        XCTAssertEqual(navigation.toolbar.frame, CGRect(x: 0, y: 436, width: 320, height: 44))

        let tabs = UITabBarController()
        tabs.viewControllers = [UIViewController()]
        show(tabs)
        window.layoutIfNeeded()
        XCTAssertEqual(tabs.tabBar.frame, CGRect(x: 0, y: 431, width: 320, height: 49))
        XCTAssertEqual(tabs.selectedViewController?.view.safeAreaInsets, UIEdgeInsets(top: 0, left: 0, bottom: 49, right: 0))
    }

    /// "Safe area": content extends under the bars; the child's view fills
    /// the navigation controller's view and its safe area is inset by the
    /// navigation bar and the toolbar, plus additionalSafeAreaInsets.
    /// Subviews see the part of it that reaches into them, and the view and
    /// its controller hear when it changes.
    func testChildSafeAreaUnderTheBars() {
        final class Watching: UIViewController {
            var changes = 0
            override func viewSafeAreaInsetsDidChange() { changes += 1 }
        }
        let child = Watching()
        let navigation = UINavigationController(rootViewController: child)
        laidOut(navigation)
        XCTAssertEqual(child.view.frame, CGRect(x: 0, y: 0, width: 320, height: 480), "under the bars")
        XCTAssertEqual(child.view.safeAreaInsets, UIEdgeInsets(top: 44, left: 0, bottom: 0, right: 0))
        XCTAssertEqual(child.changes, 1)

        navigation.setToolbarHidden(false, animated: false)
        window.layoutIfNeeded()
        XCTAssertEqual(child.view.safeAreaInsets, UIEdgeInsets(top: 44, left: 0, bottom: 44, right: 0))
        XCTAssertEqual(child.changes, 2)

        child.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 5, bottom: 0, right: 0)
        window.layoutIfNeeded()
        XCTAssertEqual(child.view.safeAreaInsets, UIEdgeInsets(top: 54, left: 5, bottom: 44, right: 0))

        let subview = UIView(frame: CGRect(x: 0, y: 20, width: 100, height: 100))
        child.view.addSubview(subview)
        XCTAssertEqual(subview.safeAreaInsets, UIEdgeInsets(top: 34, left: 5, bottom: 0, right: 0))

        navigation.setNavigationBarHidden(true, animated: false)
        window.layoutIfNeeded()
        XCTAssertTrue(navigation.navigationBar.isHidden)
        XCTAssertEqual(child.view.safeAreaInsets, UIEdgeInsets(top: 10, left: 5, bottom: 44, right: 0))
        // safeAreaLayoutGuide: "the portion of your view that is unobscured by bars".
        XCTAssertEqual(child.view.safeAreaLayoutGuide.layoutFrame, CGRect(x: 5, y: 10, width: 315, height: 426))
        XCTAssertTrue(child.view.safeAreaLayoutGuide === child.view.safeAreaLayoutGuide)
        XCTAssertTrue(child.view.safeAreaLayoutGuide.owningView === child.view)
        XCTAssertEqual(UIView(frame: .zero).safeAreaInsets, .zero)
        XCTAssertEqual(window.safeAreaInsets, .zero)
    }

    /// UIView.layoutMargins: "the default margins are 8 points on each
    /// side"; preservesSuperviewLayoutMargins takes the superview's margins
    /// where they reach into the view; directionalLayoutMargins are the same
    /// margins by leading and trailing edge (left to right here).
    func testLayoutMargins() {
        final class Margins: UIView {
            var changes = 0
            override func layoutMarginsDidChange() { changes += 1 }
        }
        let superview = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let view = Margins(frame: CGRect(x: 5, y: 0, width: 100, height: 100))
        superview.addSubview(view)
        XCTAssertEqual(view.layoutMargins, UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        XCTAssertEqual(view.layoutMarginsGuide.layoutFrame, CGRect(x: 8, y: 8, width: 84, height: 84))
        superview.layoutMargins = UIEdgeInsets(top: 30, left: 20, bottom: 8, right: 8)
        XCTAssertEqual(view.layoutMargins.left, 8, "not preserved by default")
        view.preservesSuperviewLayoutMargins = true
        XCTAssertEqual(view.layoutMargins, UIEdgeInsets(top: 30, left: 15, bottom: 8, right: 8))
        view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 40)
        XCTAssertEqual(view.changes, 1)
        XCTAssertEqual(view.directionalLayoutMargins.trailing, 40)
        XCTAssertEqual(view.layoutMargins.right, 40)
        XCTAssertEqual(view.layoutMargins.left, 15, "still the superview's where larger")
    }

    // MARK: Toolbar

    private func toolbar(_ items: [UIBarButtonItem]) -> UIToolbar {
        let toolbar = UIToolbar(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        toolbar.items = items
        toolbar.layoutIfNeeded()
        return toolbar
    }

    private func button(_ width: CGFloat) -> UIBarButtonItem {
        let item = UIBarButtonItem(title: "x", style: .plain, target: nil, action: nil)
        item.width = width
        return item
    }

    /// Flexible space "is distributed equally between the other items";
    /// fixed space takes its `width`.
    func testToolbarSpaces() {
        let pushedApart = toolbar([button(40), .flexibleSpace(), button(60)]).itemFrames()
        XCTAssertEqual(pushedApart[0], CGRect(x: 16, y: 0, width: 40, height: 44))
        XCTAssertNil(pushedApart[1])
        XCTAssertEqual(pushedApart[2]?.maxX, 304, "to the right margin")

        let centered = toolbar([.flexibleSpace(), button(40), .flexibleSpace()]).itemFrames()
        XCTAssertEqual(centered[1]?.midX, 160)

        let shared = toolbar([button(20), .flexibleSpace(), button(20), .flexibleSpace(), button(20)]).itemFrames()
        XCTAssertEqual(shared[0]?.minX, 16)
        XCTAssertEqual(shared[2]?.midX, 160, "two flexible spaces share the room equally")
        XCTAssertEqual(shared[4]?.maxX, 304)

        let fixed = toolbar([button(40), .fixedSpace(30), button(40)]).itemFrames()
        XCTAssertEqual(fixed[2]?.minX, 16 + 40 + 30)

        let packed = toolbar([button(40), button(40)]).itemFrames()
        XCTAssertEqual(packed[1]?.minX, 16 + 40 + 8, "8 points between buttons, from the left")

        let tooWide = toolbar([button(200), .flexibleSpace(), button(200)]).itemFrames()
        XCTAssertEqual(tooWide[2]?.minX, 16 + 200, "no negative space")
    }

    // MARK: Navigation bar

    private func bar(_ items: [UINavigationItem], width: CGFloat = 320) -> UINavigationBar {
        let bar = UINavigationBar(frame: CGRect(x: 0, y: 0, width: width, height: 44))
        bar.setItems(items, animated: false)
        bar.layoutIfNeeded()
        return bar
    }

    /// UINavigationItem.backBarButtonItem: "When this property is nil, the
    /// navigation item uses the value in its title property"; backButtonTitle
    /// comes before the title, a back bar button item's title before both;
    /// an item without a title gives "Back".
    func testBackButtonTitleRules() {
        let previous = UINavigationItem(title: "Inbox")
        let top = UINavigationItem(title: "Mail")
        XCTAssertEqual(bar([previous, top]).backButton?.title, "Inbox")
        previous.backButtonTitle = "Mails"
        XCTAssertEqual(bar([previous, top]).backButton?.title, "Mails")
        previous.backBarButtonItem = UIBarButtonItem(title: "All", style: .plain, target: nil, action: nil)
        XCTAssertEqual(bar([previous, top]).backButton?.title, "All")
        let untitled = UINavigationItem(title: "")
        XCTAssertEqual(bar([untitled, top]).backButton?.title, "Back")
        XCTAssertNil(bar([top]).backButton, "no item below, no back button")
    }

    /// A back title that does not fit beside the centered title becomes
    /// "Back"; backButtonDisplayMode .generic always says "Back" and
    /// .minimal shows the chevron alone.
    func testLongBackTitlesShortenToBack() {
        let previous = UINavigationItem(title: "A very long title for the previous screen")
        let top = UINavigationItem(title: "Details")
        XCTAssertEqual(bar([previous, top]).backButton?.title, "Back")
        let short = UINavigationItem(title: "Inbox")
        short.backButtonDisplayMode = .generic
        XCTAssertEqual(bar([short, top]).backButton?.title, "Back")
        short.backButtonDisplayMode = .minimal
        XCTAssertNil(bar([short, top]).backButton?.title)
    }

    /// hidesBackButton hides it; a left item replaces it unless
    /// leftItemsSupplementBackButton is set.
    func testBackButtonHiddenOrReplaced() {
        let previous = UINavigationItem(title: "Inbox")
        let top = UINavigationItem(title: "Mail")
        top.hidesBackButton = true
        XCTAssertNil(bar([previous, top]).backButton)
        top.hidesBackButton = false
        top.leftBarButtonItem = UIBarButtonItem(barButtonSystemItem: .cancel, target: nil, action: nil)
        let replaced = bar([previous, top])
        XCTAssertNil(replaced.backButton)
        XCTAssertEqual(replaced.leftViews.first?.frame.minX, 8)
        top.leftItemsSupplementBackButton = true
        let beside = bar([previous, top])
        XCTAssertNotNil(beside.backButton)
        XCTAssertGreaterThan(beside.leftViews.first?.frame.minX ?? 0, beside.backButton?.frame.maxX ?? .infinity)
    }

    /// The title is centered on the bar; right items go from the right
    /// edge in, the first rightmost.
    func testTitleCenteredAndRightItemsFromTheEdge() throws {
        let item = UINavigationItem(title: "Title")
        let first = UIBarButtonItem(barButtonSystemItem: .add, target: nil, action: nil)
        let second = UIBarButtonItem(barButtonSystemItem: .edit, target: nil, action: nil)
        item.rightBarButtonItems = [first, second]
        let bar = bar([item])
        let title = try XCTUnwrap(bar.titleLabel)
        XCTAssertEqual(title.frame.midX, 160, accuracy: 0.5)
        XCTAssertEqual(title.frame.midY, 22, accuracy: 0.5)
        XCTAssertEqual(bar.rightViews[0].frame.maxX, 320 - 8)
        XCTAssertLessThan(bar.rightViews[1].frame.maxX, bar.rightViews[0].frame.minX)
        XCTAssertEqual((bar.rightViews[0] as? BarButtonItemView)?.item === first, true)
    }

    /// A change to the top item shows at the next layout.
    func testItemChangesShow() throws {
        let item = UINavigationItem(title: "Before")
        let bar = bar([item])
        item.title = "After"
        bar.layoutIfNeeded()
        XCTAssertEqual(try XCTUnwrap(bar.titleLabel).text, "After")
    }

    /// UINavigationItem.prompt: "a single line of text displayed at the top
    /// of the navigation bar"; the bar grows by 30 points to 74, and the
    /// child's safe area with it.
    func testPromptMakesTheBarTaller() throws {
        let child = UIViewController()
        child.navigationItem.prompt = "Choose a recipient"
        child.title = "To"
        let navigation = UINavigationController(rootViewController: child)
        laidOut(navigation)
        XCTAssertEqual(navigation.navigationBar.frame.height, 74)
        XCTAssertEqual(child.view.safeAreaInsets.top, 74)
        let prompt = try XCTUnwrap(navigation.navigationBar.promptLabel)
        XCTAssertEqual(prompt.frame.midX, 160, accuracy: 0.5)
        XCTAssertLessThan(prompt.frame.maxY, try XCTUnwrap(navigation.navigationBar.titleLabel).frame.minY)
        child.navigationItem.prompt = nil
        window.layoutIfNeeded()
        XCTAssertEqual(navigation.navigationBar.frame.height, 44)
    }
}
