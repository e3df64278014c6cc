import CPixman
import Foundation
import StrataRender
import TestSupport
import XCTest
@testable import StrataKit

/// An action sheet and a text view on a real compositor, compared with
/// reference pictures, and a text view typed into through `strata input`
/// (keys through wl_keyboard, as from a person).
final class AlertTextViewEndToEndTests: KitTestCase {
    private var window: UIWindow!
    private var origin = (x: 0, y: 0)

    override func tearDown() {
        window = nil
        super.tearDown()
    }

    private func assertMatchesReference(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        runMainLoop(for: 0.5)
        waitUntilPresented()
        let path = strata.runtimeDirectory + "/\(name).png"
        _ = try strata.screenshot(to: path)
        let image = try PNGFile.read(path: path)
        defer { pixman_image_unref(image) }
        ImageComparison.assertMatches(image, reference: name, in: .module, referencesDirectory: references,
                                      tolerance: 4, maxDifferingPixels: 0, file: file, line: line)
    }

    func testActionSheet() throws {
        try startCompositor(width: 360, height: 420)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 380))
        window.title = "Sheet"
        let root = UIViewController()
        root.view.backgroundColor = .systemBackground
        window.rootViewController = root
        show(window)
        let sheet = UIAlertController(title: "Photo", message: "What to do with it?", preferredStyle: .actionSheet)
        var picked: [String] = []
        for (title, style) in [("Share", UIAlertAction.Style.default), ("Duplicate", .default), ("Delete", .destructive),
                               ("Cancel", .cancel)] {
            sheet.addAction(UIAlertAction(title: title, style: style) { picked.append($0.title ?? "") })
        }
        root.present(sheet, animated: false)
        try strata.input("move", "355", "415")
        try assertMatchesReference("kit-action-sheet")

        // Picking an action: the sheet goes, then the handler runs.
        origin = try origin(of: serverWindow(titled: "Sheet"))
        let duplicate = try XCTUnwrap(sheet.parts.buttons.first { $0.action.title == "Duplicate" })
        let point = duplicate.convert(CGPoint(x: duplicate.bounds.midX, y: duplicate.bounds.midY), to: window)
        try strata.input("click", "\(CGFloat(origin.x) + point.x)", "\(CGFloat(origin.y) + point.y)")
        XCTAssertTrue(runMainLoop(until: { picked == ["Duplicate"] }), "\(picked)")
        XCTAssertTrue(runMainLoop(until: { root.presentedViewController == nil }))
    }

    func testTextViewTypedIntoAndSelected() throws {
        try startCompositor(width: 360, height: 260)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 220))
        window.title = "Notes"
        window.backgroundColor = .systemBackground
        let textView = UITextView(frame: CGRect(x: 10, y: 10, width: 300, height: 200))
        textView.font = .systemFont(ofSize: 17)
        window.addSubview(textView)
        show(window)
        origin = try origin(of: serverWindow(titled: "Notes"))

        try strata.input("click", "\(origin.x + 150)", "\(origin.y + 30)")
        XCTAssertTrue(runMainLoop(until: { textView.isFirstResponder }), "the click did not focus the text view")
        try strata.input("type", "Two lines")
        try strata.input("key", "Return")
        try strata.input("type", "of notes")
        XCTAssertTrue(runMainLoop(until: { textView.text == "Two lines\nof notes" }), "\(textView.text ?? "")")
        // The first word selected by code, the caret hidden while it is.
        textView.selectedRange = NSRange(location: 0, length: 3)
        try strata.input("move", "355", "255")
        try assertMatchesReference("kit-text-view-selection")
    }
}
