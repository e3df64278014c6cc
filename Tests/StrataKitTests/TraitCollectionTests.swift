import XCTest
@testable import StrataKit

/// UITraitCollection, UITraitEnvironment and dynamic colors, as the
/// UITraitCollection, UIColor(dynamicProvider:) and "Supporting Dark Mode
/// in Your Interface" documentation describe them.
final class TraitCollectionTests: XCTestCase {
    final class Recording: UIView {
        var changes: [UITraitCollection?] = []
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            super.traitCollectionDidChange(previousTraitCollection)
            changes.append(previousTraitCollection)
        }
    }

    /// "A trait collection combines the traits of the collections"; later ones win.
    func testCombiningCollections() {
        let combined = UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .dark),
                                                      UITraitCollection(displayScale: 2),
                                                      UITraitCollection(userInterfaceStyle: .light)])
        XCTAssertEqual(combined.userInterfaceStyle, .light)
        XCTAssertEqual(combined.displayScale, 2)
        XCTAssertTrue(combined.containsTraits(in: UITraitCollection(displayScale: 2)))
        XCTAssertFalse(combined.containsTraits(in: UITraitCollection(userInterfaceStyle: .dark)))
    }

    /// A dynamic color resolves with the traits it is given, and with
    /// `UITraitCollection.current` when used.
    func testDynamicColorsResolvePerTraits() {
        let dark = UITraitCollection(userInterfaceStyle: .dark), light = UITraitCollection(userInterfaceStyle: .light)
        XCTAssertEqual(UIColor.systemBackground.resolvedColor(with: dark), .black)
        XCTAssertEqual(UIColor.systemBackground.resolvedColor(with: light), .white)
        XCTAssertEqual(UIColor.label.resolvedColor(with: dark), .white)
        var seen: CGColor?
        dark.performAsCurrent { seen = UIColor.label.cgColor }
        XCTAssertEqual(seen, UIColor.white.cgColor)
        let custom = UIColor { $0.userInterfaceStyle == .dark ? .red : .blue }
        XCTAssertEqual(custom.resolvedColor(with: dark), .red)
        XCTAssertEqual(custom.resolvedColor(with: light), .blue)
    }

    /// A dynamic color stays dynamic with another alpha; colors compare
    /// equal by what they are in both appearances, whatever is current.
    func testDynamicColorsWithAlphaAndEquality() {
        let dark = UITraitCollection(userInterfaceStyle: .dark)
        let faded = UIColor.label.withAlphaComponent(0.5)
        XCTAssertEqual(faded.resolvedColor(with: dark), UIColor(white: 1, alpha: 0.5))
        XCTAssertEqual(UIColor.systemBackground, UIColor.systemBackground)
        XCTAssertNotEqual(UIColor.systemBackground, UIColor.white, "white in light, black in dark")
        dark.performAsCurrent { XCTAssertNotEqual(UIColor.label, UIColor.black) }
        XCTAssertEqual(Set([UIColor.label, UIColor.label]).count, 1)
    }

    /// overrideUserInterfaceStyle: "the view and all of its subviews" take
    /// the style; the change is reported and colors resolve again.
    func testOverridingTheStyleReportsAChangeAndResolvesColors() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = Recording(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        parent.addSubview(child)
        child.backgroundColor = .systemBackground
        parent.layoutIfNeeded()
        XCTAssertEqual(child.traitCollection.userInterfaceStyle, .light)
        XCTAssertEqual(child.layer.backgroundColor, UIColor.white.cgColor)
        XCTAssertTrue(child.changes.isEmpty, "the traits predicted for a new view did not change")

        parent.overrideUserInterfaceStyle = .dark
        XCTAssertEqual(child.traitCollection.userInterfaceStyle, .dark)
        parent.layoutIfNeeded()
        XCTAssertEqual(child.changes.count, 1)
        XCTAssertEqual(child.changes.first??.userInterfaceStyle, .light)
        XCTAssertEqual(child.layer.backgroundColor, UIColor.black.cgColor)

        child.overrideUserInterfaceStyle = .light
        parent.layoutIfNeeded()
        XCTAssertEqual(child.layer.backgroundColor, UIColor.white.cgColor)
        XCTAssertEqual(child.changes.count, 2)
    }

    /// A controller's override applies to its view.
    func testViewControllerOverride() {
        let controller = UIViewController()
        controller.overrideUserInterfaceStyle = .dark
        XCTAssertEqual(controller.view.traitCollection.userInterfaceStyle, .dark)
        XCTAssertEqual(controller.traitCollection.userInterfaceStyle, .dark)
    }

    /// Size classes follow the window's size: a narrow window is compact.
    func testSizeClassesFollowTheWindowSize() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1000, height: 700))
        let view = Recording(frame: .zero)
        window.addSubview(view)
        window.layoutIfNeeded()
        XCTAssertEqual(view.traitCollection.horizontalSizeClass, .regular)
        XCTAssertEqual(view.traitCollection.verticalSizeClass, .regular)
        window.frame.size = CGSize(width: 400, height: 700)
        window.layoutIfNeeded()
        XCTAssertEqual(view.traitCollection.horizontalSizeClass, .compact)
        XCTAssertEqual(view.changes.last??.horizontalSizeClass, .regular)
    }

    /// UIScreen.main stands for the output; without a compositor, a 1280×720 screen at scale 1.
    func testMainScreen() {
        XCTAssertEqual(UIScreen.main.scale, 1)
        XCTAssertEqual(UIScreen.main.nativeScale, UIScreen.main.scale)
        XCTAssertEqual(UIScreen.main.bounds.size, CGSize(width: 1280, height: 720))
        XCTAssertEqual(UIScreen.main.traitCollection.displayScale, 1)
    }
}
