import XCTest
@testable import StrataKit

/// UIEditMenuInteraction, the text views' edit menus, and the deprecated
/// UIMenuController.
final class EditMenuTests: MenuTestCase {
    var field: UITextField!

    override func setUp() {
        super.setUp()
        UIPasteboard.general.string = nil
        field = UITextField(frame: CGRect(x: 20, y: 200, width: 200, height: 34))
        window.addSubview(field)
        window.receive(.keyboardFocus(true))
    }

    override func tearDown() {
        window.receive(.keyboardFocus(false))
        field = nil
        super.tearDown()
    }

    /// The edit menu is a bar whose rows sit side by side above the point.
    var barFrame: CGRect? { overlay?.panels.first?.frame }

    /// UITextField adopts the standard edit actions: a secondary click
    /// shows the edit menu, whose Copy puts the selection on
    /// UIPasteboard.general and whose Paste inserts the pasteboard's text.
    func testTextFieldEditMenuCopiesAndPastes() throws {
        field.text = "hello"
        click(at: CGPoint(x: 60, y: 217), button: .secondary)
        XCTAssertTrue(field.isFirstResponder, "the click makes the field first responder")
        XCTAssertEqual(shownTitles, [["Select All"]], "nothing selected, nothing to paste: only Select All")
        let bar = try! XCTUnwrap(barFrame)
        XCTAssertLessThanOrEqual(bar.maxY, field.frame.minY + 10, "the bar is above the caret")

        click(at: center(of: "Select All"))
        XCTAssertEqual(field.selectedRange, NSRange(location: 0, length: 5))
        XCTAssertFalse(isMenuShown)

        click(at: CGPoint(x: 60, y: 217), button: .secondary)
        XCTAssertEqual(shownTitles, [["Cut", "Copy"]])
        let selection = field.selectionView.convert(field.selectionView.bounds, to: window)
        let over = try XCTUnwrap(barFrame)
        XCTAssertTrue((over.minX...over.maxX).contains(selection.midX), "the bar is over the selection (kept inside the window)")
        XCTAssertLessThanOrEqual(over.maxY, selection.minY)
        click(at: center(of: "Copy"))
        XCTAssertEqual(UIPasteboard.general.string, "hello")

        press(.keyboardEnd)
        click(at: CGPoint(x: 60, y: 217), button: .secondary)
        XCTAssertEqual(shownTitles, [["Paste", "Select All"]])
        click(at: center(of: "Paste"))
        XCTAssertEqual(field.text, "hellohello")

        click(at: CGPoint(x: 60, y: 217), button: .secondary)
        click(at: center(of: "Select All"))
        click(at: CGPoint(x: 60, y: 217), button: .secondary)
        click(at: center(of: "Cut"))
        XCTAssertEqual(field.text, "")
        XCTAssertEqual(UIPasteboard.general.string, "hellohello")
    }

    /// UITextFieldDelegate: "textField(_:editMenuForCharactersIn:suggestedActions:)
    /// ... Return nil to present the default system menu."
    func testTextFieldDelegateChangesTheMenu() {
        final class Delegate: UITextFieldDelegate {
            var ranges: [NSRange] = []
            var custom = true
            func textField(_ textField: UITextField, editMenuForCharactersIn range: NSRange,
                           suggestedActions: [UIMenuElement]) -> UIMenu? {
                ranges.append(range)
                guard custom else { return nil }
                return UIMenu(children: suggestedActions + [UIAction(title: "Large Type") { _ in }])
            }
        }
        let delegate = Delegate()
        field.delegate = delegate
        field.text = "word"
        XCTAssertTrue(field.becomeFirstResponder())
        field.selectAll(nil)
        click(at: CGPoint(x: 60, y: 217), button: .secondary)
        XCTAssertEqual(shownTitles, [["Cut", "Copy", "Large Type"]])
        XCTAssertEqual(delegate.ranges, [NSRange(location: 0, length: 4)])
        press(.keyboardEscape)
        delegate.custom = false
        click(at: CGPoint(x: 60, y: 217), button: .secondary)
        XCTAssertEqual(shownTitles, [["Cut", "Copy"]])
    }

    /// UITextView has the same edit menu.
    func testTextViewEditMenuCopiesAndPastes() {
        let textView = UITextView(frame: CGRect(x: 20, y: 40, width: 300, height: 120))
        textView.text = "one two"
        window.addSubview(textView)
        click(at: CGPoint(x: 60, y: 60), button: .secondary)
        XCTAssertTrue(textView.isFirstResponder)
        click(at: center(of: "Select All"))
        click(at: CGPoint(x: 60, y: 60), button: .secondary)
        click(at: center(of: "Copy"))
        XCTAssertEqual(UIPasteboard.general.string, "one two")
        textView.selectedRange = NSRange(location: 7, length: 0)
        click(at: CGPoint(x: 60, y: 60), button: .secondary)
        click(at: center(of: "Paste"))
        XCTAssertEqual(textView.text, "one twoone two")
    }

    /// A long press with a finger shows the same menu.
    func testLongPressShowsTheEditMenu() {
        field.text = "hello"
        XCTAssertTrue(field.becomeFirstResponder())
        UIPasteboard.general.string = "x"
        touchDown(at: CGPoint(x: 60, y: 217))
        advance(0.6)
        touchUp()
        XCTAssertEqual(shownTitles, [["Paste", "Select All"]])
    }

    /// The edit bar gets out of the way: a key goes on to the text, a
    /// click elsewhere goes on to the view it lands on.
    func testTypingAndClicksElsewhereDismissAndGoThrough() {
        field.text = "ab"
        click(at: CGPoint(x: 60, y: 217), button: .secondary)
        XCTAssertTrue(isMenuShown)
        press(.keyboardC, "c")
        XCTAssertFalse(isMenuShown)
        XCTAssertEqual(field.text, "abc")

        let other = RecordingView(frame: CGRect(x: 250, y: 300, width: 100, height: 50))
        window.addSubview(other)
        click(at: CGPoint(x: 60, y: 217), button: .secondary)
        click(at: CGPoint(x: 300, y: 320))
        XCTAssertFalse(isMenuShown)
        XCTAssertEqual(other.log, ["began", "ended"])
    }

    /// UIEditMenuInteraction.presentEditMenu(with:): the delegate's
    /// editMenuInteraction(_:menuFor:suggestedActions:) makes the menu,
    /// handed the standard actions the first responder can perform.
    func testEditMenuInteractionAsksItsDelegate() {
        final class Delegate: UIEditMenuInteractionDelegate {
            var suggested: [String] = []
            var log: [String] = []
            var ran = 0
            func editMenuInteraction(_ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration,
                                     suggestedActions: [UIMenuElement]) -> UIMenu? {
                suggested = suggestedActions.map(\.title)
                return UIMenu(children: suggestedActions + [UIAction(title: "Define") { [unowned self] _ in ran += 1 }])
            }
            func editMenuInteraction(_ interaction: UIEditMenuInteraction, willPresentMenuFor configuration: UIEditMenuConfiguration,
                                     animator: UIEditMenuInteractionAnimating) { log.append("willPresent") }
            func editMenuInteraction(_ interaction: UIEditMenuInteraction, willDismissMenuFor configuration: UIEditMenuConfiguration,
                                     animator: UIEditMenuInteractionAnimating) { log.append("willDismiss") }
        }
        field.text = "word"
        XCTAssertTrue(field.becomeFirstResponder())
        field.selectAll(nil)
        let delegate = Delegate()
        let canvas = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 150))
        window.addSubview(canvas)
        let interaction = UIEditMenuInteraction(delegate: delegate)
        canvas.addInteraction(interaction)
        interaction.presentEditMenu(with: UIEditMenuConfiguration(identifier: nil, sourcePoint: CGPoint(x: 200, y: 100)))
        XCTAssertEqual(delegate.suggested, ["Cut", "Copy"])
        XCTAssertEqual(shownTitles, [["Cut", "Copy", "Define"]])
        XCTAssertEqual(try XCTUnwrap(barFrame).midX, 200, accuracy: 1)
        XCTAssertEqual(delegate.log, ["willPresent"])
        click(at: center(of: "Define"))
        XCTAssertEqual(delegate.ran, 1)
        XCTAssertEqual(delegate.log, ["willPresent", "willDismiss"])

        interaction.presentEditMenu(with: UIEditMenuConfiguration(identifier: nil, sourcePoint: CGPoint(x: 200, y: 100)))
        interaction.dismissMenu()
        XCTAssertFalse(isMenuShown)
    }

    /// UIMenuController (deprecated): showMenu(from:rect:) shows the
    /// standard actions and the custom menuItems, whose actions go to the
    /// first responder.
    @available(*, deprecated)
    func testMenuControllerMapsItemsOntoTheEditMenu() {
        final class Field: UITextField {
            var defined = 0
            func define() { defined += 1 }
        }
        let custom = Field(frame: CGRect(x: 20, y: 100, width: 200, height: 34))
        window.addSubview(custom)
        custom.text = "word"
        XCTAssertTrue(custom.becomeFirstResponder())
        let controller = UIMenuController.shared
        controller.menuItems = [UIMenuItem(title: "Define", action: Field.define)]
        controller.showMenu(from: custom, rect: custom.bounds)
        XCTAssertTrue(controller.isMenuVisible)
        XCTAssertEqual(shownTitles, [["Select All", "Define"]])
        click(at: center(of: "Define"))
        XCTAssertEqual(custom.defined, 1)
        XCTAssertFalse(controller.isMenuVisible)
        controller.menuItems = nil
    }
}
