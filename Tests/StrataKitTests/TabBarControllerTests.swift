import XCTest
@testable import StrataKit

/// UITabBarController: tabs, selection, the delegate and the appearance
/// callbacks of a tab switch.
final class TabBarControllerTests: ViewControllerTestCase {
    final class Delegate: UITabBarControllerDelegate {
        let log: CallbackLog
        var allows = true
        init(log: CallbackLog) { self.log = log }
        func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
            log.entries.append("shouldSelect \(LoggingViewController.name(of: viewController))")
            return allows
        }
        func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
            log.entries.append("didSelect \(LoggingViewController.name(of: viewController))")
        }
    }

    private var tabs: UITabBarController!
    private var delegate: Delegate!
    private var a: LoggingViewController!
    private var b: LoggingViewController!

    override func setUp() {
        super.setUp()
        a = controller("A")
        b = controller("B")
        a.title = "First"
        b.title = "Second"
        tabs = UITabBarController()
        tabs.viewControllers = [a, b]
        delegate = Delegate(log: log)
        tabs.delegate = delegate
        show(tabs)
    }

    override func tearDown() {
        tabs = nil
        delegate = nil
        a = nil
        b = nil
        super.tearDown()
    }

    private func tapTab(_ index: Int) {
        tabs.tabBar.buttons[index].sendActions(for: .touchUpInside)
    }

    /// The first tab is selected; the tabs are the controllers' children
    /// and the bar shows their tab bar items, titled with their titles.
    func testTabsAndItems() {
        XCTAssertEqual(tabs.selectedIndex, 0)
        XCTAssertTrue(tabs.selectedViewController === a)
        XCTAssertTrue(a.parent === tabs && b.parent === tabs)
        XCTAssertTrue(a.tabBarController === tabs)
        XCTAssertEqual(tabs.tabBar.items?.map(\.title), ["First", "Second"])
        XCTAssertTrue(tabs.tabBar.selectedItem === a.tabBarItem)
        XCTAssertTrue(a.view.superview === tabs.view)
        XCTAssertNil(b.viewIfLoaded, "a tab not shown is not loaded")
        window.layoutIfNeeded()
        XCTAssertEqual(tabs.tabBar.buttons[1].frame, CGRect(x: 160, y: 0, width: 160, height: 49), "equal shares")
    }

    /// A tap asks the delegate, switches, then tells it. The switch's
    /// callbacks come in the order UIKit's tab bar controller gives them:
    /// the new tab's viewWillAppear, the old one's viewWillDisappear, the
    /// old one's viewDidDisappear, the new one's viewDidAppear.
    func testTappingATabSwitches() {
        tapTab(1)
        XCTAssertEqual(log.take(), ["shouldSelect B", "B.willAppear(false)", "A.willDisappear(false)",
                                    "A.didDisappear(false)", "B.didAppear(false)", "didSelect B"])
        XCTAssertEqual(tabs.selectedIndex, 1)
        XCTAssertTrue(tabs.tabBar.selectedItem === b.tabBarItem)
        XCTAssertTrue(b.view.superview === tabs.view)
        XCTAssertNil(a.view.superview)
    }

    /// tabBarController(_:shouldSelect:) returning false keeps the tab.
    func testDelegateCanRefuse() {
        delegate.allows = false
        tapTab(1)
        XCTAssertEqual(log.take(), ["shouldSelect B"])
        XCTAssertEqual(tabs.selectedIndex, 0)
    }

    /// "The tab bar controller calls this method only in response to user
    /// taps": setting selectedIndex switches without the delegate; an index
    /// out of range is ignored.
    func testSelectingInCode() {
        tabs.selectedIndex = 1
        XCTAssertEqual(log.take(), ["B.willAppear(false)", "A.willDisappear(false)", "A.didDisappear(false)", "B.didAppear(false)"])
        tabs.selectedIndex = 7
        tabs.selectedIndex = -1
        XCTAssertEqual(tabs.selectedIndex, 1)
        tabs.selectedViewController = UIViewController()
        XCTAssertTrue(tabs.selectedViewController === b)
        XCTAssertEqual(log.take(), [])
    }

    /// Replacing the tabs keeps the selected controller when it stays.
    func testReplacingTabsKeepsTheSelection() {
        tabs.selectedIndex = 1
        let c = controller("C")
        tabs.viewControllers = [c, b]
        XCTAssertTrue(tabs.selectedViewController === b)
        XCTAssertEqual(tabs.selectedIndex, 1)
        XCTAssertNil(a.parent)
        tabs.viewControllers = [c]
        XCTAssertTrue(tabs.selectedViewController === c)
    }

    /// The common nesting: a navigation controller in a tab. Its top
    /// controller appears and disappears with the tab, and its safe area
    /// is inset by both bars (the toolbar sits above the tab bar).
    func testNavigationControllerInATab() {
        let inner = controller("N")
        let navigation = UINavigationController(rootViewController: inner)
        tabs.viewControllers = [a, navigation]
        _ = log.take()
        tabs.selectedIndex = 1
        XCTAssertEqual(log.take(), ["N.willAppear(false)", "A.willDisappear(false)", "A.didDisappear(false)", "N.didAppear(false)"])
        window.layoutIfNeeded()
        XCTAssertEqual(inner.view.safeAreaInsets, UIEdgeInsets(top: 44, left: 0, bottom: 49, right: 0))
        navigation.setToolbarHidden(false, animated: false)
        window.layoutIfNeeded()
        XCTAssertEqual(navigation.toolbar.frame.maxY, 480 - 49)
        XCTAssertEqual(inner.view.safeAreaInsets, UIEdgeInsets(top: 44, left: 0, bottom: 93, right: 0))
        XCTAssertTrue(inner.tabBarController === tabs)
        XCTAssertTrue(inner.navigationController === navigation)
    }

    /// UITabBarController: tapping the tab of the selected navigation
    /// controller again pops it to its root view controller.
    func testTappingTheSelectedNavigationTabPopsToRoot() {
        let root = controller("R")
        let navigation = UINavigationController(rootViewController: root)
        navigation.pushViewController(controller("D"), animated: false)
        tabs.viewControllers = [a, navigation]
        tabs.selectedIndex = 1
        XCTAssertEqual(navigation.viewControllers.count, 2)
        tapTab(1)
        XCTAssertTrue(navigation.topViewController === root, "back at the root")
        tapTab(0)
        XCTAssertTrue(tabs.selectedViewController === a, "another tab only switches")
    }
}
