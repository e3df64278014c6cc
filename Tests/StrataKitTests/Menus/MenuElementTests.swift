import XCTest
@testable import StrataKit

/// UIMenu, UIAction and UIDeferredMenuElement as UIKit documents them.
final class MenuElementTests: MenuTestCase {
    /// UIMenu: "replacingChildren(_:) Creates a new menu with the same
    /// configuration as the current menu, but with a new set of child elements."
    func testReplacingChildrenKeepsTheConfiguration() {
        let menu = UIMenu(title: "Sort", subtitle: "By", identifier: UIMenu.Identifier("sort"),
                          options: [.singleSelection], children: [UIAction(title: "Name") { _ in }])
        let replaced = menu.replacingChildren([UIAction(title: "Date") { _ in }, UIAction(title: "Size") { _ in }])
        XCTAssertEqual(replaced.title, "Sort")
        XCTAssertEqual(replaced.subtitle, "By")
        XCTAssertEqual(replaced.identifier, UIMenu.Identifier("sort"))
        XCTAssertEqual(replaced.options, [.singleSelection])
        XCTAssertEqual(replaced.children.map(\.title), ["Date", "Size"])
        XCTAssertEqual(menu.children.map(\.title), ["Name"])
    }

    /// UIAction: attributes are empty and the state is off by default;
    /// UIMenu.selectedElements lists the elements that are on, inline sections included.
    func testActionDefaultsAndSelectedElements() {
        let plain = UIAction(title: "Plain") { _ in }
        XCTAssertEqual(plain.attributes, [])
        XCTAssertEqual(plain.state, .off)
        let on = UIAction(title: "On", state: .on) { _ in }
        let inlineOn = UIAction(title: "Inline", state: .on) { _ in }
        let menu = UIMenu(children: [plain, on, UIMenu(options: .displayInline, children: [inlineOn])])
        XCTAssertEqual(menu.selectedElements.map(\.title), ["On", "Inline"])
    }

    /// UIMenu.Options.displayInline: "Show children inline in parent,
    /// instead of hierarchically"; UIMenuElement.Attributes.hidden: "An
    /// attribute indicating that the element is hidden."
    func testInlineMenusAreSectionsAndHiddenElementsAreLeftOut() {
        let menu = UIMenu(title: "", children: [
            UIAction(title: "One") { _ in },
            UIAction(title: "Secret", attributes: .hidden) { _ in },
            UIMenu(title: "", options: .displayInline, children: [UIAction(title: "Two") { _ in }, UIAction(title: "Three") { _ in }]),
            UIMenu(title: "More", children: [UIAction(title: "Four") { _ in }]),
        ])
        let content = MenuContent(menu: menu, resolve: { _ in nil })
        XCTAssertEqual(content.sections.map { $0.rows.map { $0.element?.title ?? "" } }, [["One"], ["Two", "Three"], ["More"]])
    }

    /// UIDeferredMenuElement: "the system caches the elements ... after the
    /// first time it displays them"; `uncached` asks "each time the menu is displayed".
    func testDeferredElementsLoadCachedOrUncached() {
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 20, y: 20, width: 100, height: 44)
        window.addSubview(button)
        var cachedCalls = 0
        var uncachedCalls = 0
        var pending: (([UIMenuElement]) -> Void)?
        let cached = UIDeferredMenuElement { completion in
            cachedCalls += 1
            pending = completion
        }
        let uncached = UIDeferredMenuElement.uncached { completion in
            uncachedCalls += 1
            completion([UIAction(title: "Fresh \(uncachedCalls)") { _ in }])
        }
        button.menu = UIMenu(children: [cached, uncached])
        button.showsMenuAsPrimaryAction = true

        tap(at: center(of: button))
        XCTAssertEqual(shownTitles, [["Loading…", "Fresh 1"]])
        pending?([UIAction(title: "Loaded") { _ in }])
        XCTAssertEqual(shownTitles, [["Loaded", "Fresh 1"]])
        press(.keyboardEscape)
        XCTAssertFalse(isMenuShown)

        tap(at: center(of: button))
        XCTAssertEqual(shownTitles, [["Loaded", "Fresh 2"]])
        XCTAssertEqual(cachedCalls, 1)
        XCTAssertEqual(uncachedCalls, 2)
    }

    /// UICommand sends its action up the responder chain from the first responder.
    func testCommandActionGoesToTheFirstResponder() {
        final class Editor: UIView {
            var saved = 0
            override var canBecomeFirstResponder: Bool { true }
            func save() { saved += 1 }
        }
        let editor = Editor(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        window.addSubview(editor)
        window.receive(.keyboardFocus(true))
        XCTAssertTrue(editor.becomeFirstResponder())
        // The interaction holds its delegate weakly, as UIKit's does.
        let delegate = FixedContextMenu(UIMenu(children: [UICommand(title: "Save", action: Editor.save)]))
        editor.addInteraction(UIContextMenuInteraction(delegate: delegate))
        click(at: CGPoint(x: 50, y: 50), button: .secondary)
        click(at: center(of: "Save"))
        XCTAssertEqual(editor.saved, 1)
        window.receive(.keyboardFocus(false))
    }
}

/// A context menu delegate that answers one menu and writes down its calls.
final class FixedContextMenu: UIContextMenuInteractionDelegate {
    let menu: UIMenu?
    var locations: [CGPoint] = []
    var log: [String] = []
    var configuration: UIContextMenuConfiguration?

    init(_ menu: UIMenu?) { self.menu = menu }

    func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                configurationForMenuAtLocation location: CGPoint) -> UIContextMenuConfiguration? {
        locations.append(location)
        log.append("configuration")
        guard let menu else { return nil }
        let configuration = UIContextMenuConfiguration(identifier: "id" as NSString, previewProvider: nil) { _ in menu }
        self.configuration = configuration
        return configuration
    }

    func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willDisplayMenuFor configuration: UIContextMenuConfiguration,
                                animator: UIContextMenuInteractionAnimating?) {
        log.append(configuration === self.configuration ? "willDisplay" : "willDisplay other")
    }

    func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willEndFor configuration: UIContextMenuConfiguration,
                                animator: UIContextMenuInteractionAnimating?) {
        log.append(configuration === self.configuration ? "willEnd" : "willEnd other")
    }
}
