import CPixman
import Foundation
import StrataProtocol
import StrataRender
import StrataWayland
import TestSupport
import XCTest
@testable import StrataKit

/// Text fields in a window on a real compositor, typed into with `strata
/// input` as a person with a keyboard and a mouse would, and the clipboard
/// shared through the compositor's wl_data_device_manager with a plain
/// Wayland client (StrataWayland, no StrataKit) in a window of its own.
final class TextFieldEndToEndTests: KitTestCase {
    final class Recorder {
        var changes: [String] = []
        func changed(_ sender: UITextField) { changes.append(sender.text ?? "") }
    }

    private var window: UIWindow!
    private var nameField: UITextField!
    private var noteField: UITextField!
    private let recorder = Recorder()
    private var origin = (x: 0, y: 0)
    /// The blink holds still (caret on) for screenshots.
    private let clock = ManualEventClock()

    override func setUpWithError() throws {
        EventClocks.current = clock
        try startCompositor(width: 560, height: 300)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 120))
        window.title = "Fields"
        window.backgroundColor = .white

        nameField = UITextField(frame: CGRect(x: 20, y: 20, width: 260, height: 34))
        nameField.borderStyle = .roundedRect
        nameField.addTarget(recorder, action: Recorder.changed, for: .editingChanged)
        noteField = UITextField(frame: CGRect(x: 20, y: 70, width: 260, height: 34))
        noteField.borderStyle = .roundedRect
        noteField.placeholder = "Placeholder"
        window.addSubview(nameField)
        window.addSubview(noteField)
        show(window)
        origin = try origin(of: serverWindow(titled: "Fields"))
    }

    override func tearDown() {
        plainClipboard?.destroy()
        plainSeat?.destroy()
        plainToplevel?.destroy()
        (plainClipboard, plainSeat, plainToplevel, plainConnection) = (nil, nil, nil, nil)
        window = nil
        nameField = nil
        noteField = nil
        super.tearDown()
        EventClocks.current = MainQueueEventClock()
    }

    private func output(_ point: CGPoint) -> [String] {
        ["\(CGFloat(origin.x) + point.x)", "\(CGFloat(origin.y) + point.y)"]
    }

    private func click(_ field: UITextField) throws {
        try strata.input(["click"] + output(CGPoint(x: field.frame.midX, y: field.frame.midY)))
        XCTAssertTrue(runMainLoop(until: { field.isEditing }), "the click did not begin editing")
    }

    /// Ctrl plus a key, as xkb key names.
    private func control(_ key: String) throws {
        try strata.input("key", "Control_L", "--down")
        try strata.input("key", key)
        try strata.input("key", "Control_L", "--up")
    }

    /// A click in a field, typing: the app gets `.editingChanged` with the text after each key.
    func testClickAndTypeSendsEditingChanged() throws {
        try click(nameField)
        try strata.input("type", "Hi there")
        XCTAssertTrue(runMainLoop(until: { self.nameField.text == "Hi there" }), "text: \(nameField.text ?? "")")
        XCTAssertEqual(recorder.changes.first, "H")
        XCTAssertEqual(recorder.changes.last, "Hi there")
        XCTAssertEqual(recorder.changes.count, 8, "one change per typed character")
        try strata.input("key", "BackSpace")
        XCTAssertTrue(runMainLoop(until: { self.nameField.text == "Hi ther" }))
    }

    /// Copy in one field and paste in another: the copy becomes the
    /// compositor's selection, offered back to the app when it has focus.
    func testCopyAndPasteBetweenFields() throws {
        try click(nameField)
        try strata.input("type", "shared")
        XCTAssertTrue(runMainLoop(until: { self.nameField.text == "shared" }))
        try control("a")
        try control("c")
        XCTAssertTrue(runMainLoop(until: { self.compositor.clipboard?.ownsSelection == true }), "the copy was not made the selection")
        try click(noteField)
        try control("v")
        XCTAssertTrue(runMainLoop(until: { self.noteField.text == "shared" }), "pasted: \(noteField.text ?? "")")
    }

    // MARK: A plain Wayland client

    private var plainConnection: Connection?
    private var plainSeat: WaylandSeat?
    private var plainToplevel: WaylandToplevel?
    private var plainClipboard: Clipboard?

    /// A window of a client that uses wl_data_device directly; returns where
    /// to click it. Windows cascade, so it is tall enough to show below the app's.
    private func startPlainClient() throws -> [String] {
        let connection = try Connection(name: strata.waylandSocketPath)
        let seat = try XCTUnwrap(connection.bindSeat())
        let clipboard = try XCTUnwrap(connection.bindClipboard(seat: seat), "no wl_data_device_manager")
        let toplevel = try WaylandToplevel(connection: connection, title: "Plain")
        _ = try toplevel.waitForConfigure()
        let pool = try ShmPool(connection: connection, size: 100 * 200 * 4)
        let buffer = try pool.makeBuffer(width: 100, height: 200)
        buffer.fill(Color(red: 0.2, green: 0.4, blue: 0.8))
        toplevel.present(buffer)
        try connection.roundtrip()
        (plainConnection, plainSeat, plainToplevel, plainClipboard) = (connection, seat, toplevel, clipboard)
        let plainOrigin = try origin(of: serverWindow(titled: "Plain"))
        let appFrame = CGRect(x: origin.x, y: origin.y, width: 300, height: 120)
        let point = CGPoint(x: plainOrigin.x + 50, y: plainOrigin.y + 180)
        XCTAssertFalse(appFrame.contains(point), "the app's window covers \(point)")
        return ["\(point.x)", "\(point.y)"]
    }

    /// Turns the main loop (the app's connection) and the plain client's connection until `condition`.
    private func runBothLoops(until condition: () -> Bool) -> Bool {
        runMainLoop(until: {
            _ = try? self.plainConnection?.dispatch(timeout: 0)
            return condition()
        })
    }

    /// Copied in the StrataKit app, pasted by the plain client: it is
    /// offered text/plain;charset=utf-8 and reads the text through a pipe.
    func testCopyFromTheAppPasteInAPlainClient() throws {
        let plainPoint = try startPlainClient()
        try click(nameField)
        try strata.input("type", "to the plain client")
        XCTAssertTrue(runMainLoop(until: { self.nameField.text == "to the plain client" }))
        try control("a")
        try control("c")
        XCTAssertTrue(runMainLoop(until: { self.compositor.clipboard?.ownsSelection == true }))
        try strata.input(["click"] + plainPoint)
        let clipboard = try XCTUnwrap(plainClipboard)
        XCTAssertTrue(runBothLoops(until: { clipboard.hasText }), "the plain client was not offered the selection")
        var pasted: String?
        var done = false
        clipboard.readText(on: .main) { pasted = $0; done = true }
        XCTAssertTrue(runBothLoops(until: { done }))
        XCTAssertEqual(pasted, "to the plain client")
    }

    /// Copied by the plain client, pasted into a field with Ctrl+V: the
    /// paste completes when the plain client has written the text, and the
    /// app's events go on meanwhile.
    func testCopyInAPlainClientPasteInTheApp() throws {
        let plainPoint = try startPlainClient()
        try strata.input(["click"] + plainPoint)
        let seat = try XCTUnwrap(plainSeat)
        let clipboard = try XCTUnwrap(plainClipboard)
        XCTAssertTrue(runBothLoops(until: { seat.keyboardEnterSerial != 0 }), "the plain client never got the keyboard")
        clipboard.setText("from elsewhere ✓")
        XCTAssertTrue(runBothLoops(until: { clipboard.ownsSelection }))
        try click(nameField)
        XCTAssertTrue(runBothLoops(until: { self.compositor.clipboard?.hasText == true }), "the app was not offered the selection")
        try control("v")
        XCTAssertTrue(runBothLoops(until: { self.nameField.text == "from elsewhere ✓" }), "pasted: \(nameField.text ?? "")")
        XCTAssertTrue(UIPasteboard.general.hasStrings, "UIPasteboard sees the same selection")
    }

    /// A paste that gives up before the text arrives (closing its pipe)
    /// does not harm the app that copied: its write fails quietly (no
    /// SIGPIPE), and the next paste gets the whole text, more than a pipe holds.
    func testAReaderThatGivesUpDoesNotHurtTheCopyingApp() throws {
        let plainPoint = try startPlainClient()
        try click(nameField)
        let big = String(repeating: "0123456789", count: 50_000)
        UIPasteboard.general.string = big
        XCTAssertTrue(runMainLoop(until: { self.compositor.clipboard?.ownsSelection == true }))
        try strata.input(["click"] + plainPoint)
        let clipboard = try XCTUnwrap(plainClipboard)
        XCTAssertTrue(runBothLoops(until: { clipboard.hasText }))
        // The app cannot answer while this thread waits: the read gives up and closes the pipe.
        XCTAssertNil(clipboard.readText(timeout: 0.05))
        runMainLoop(for: 0.5)
        var pasted: String?
        clipboard.readText(on: .main) { pasted = $0 ?? "" }
        XCTAssertTrue(runBothLoops(until: { pasted != nil }))
        XCTAssertEqual(pasted?.utf8.count, big.utf8.count)
        XCTAssertEqual(pasted, big)
    }

    /// A field with typed text and the caret, and an empty one showing its
    /// placeholder, on screen. Text antialiasing may differ by a few levels.
    func testFieldsOnScreen() throws {
        try click(nameField)
        try strata.input("type", "Strata")
        XCTAssertTrue(runMainLoop(until: { self.nameField.text == "Strata" }))
        // The text's update may still wait for the run loop's turn: commit it now, then wait for it on screen.
        CATransaction.flush()
        waitUntilPresented()
        let path = strata.runtimeDirectory + "/kit-textfield.png"
        let shot = try strata.screenshot(to: path)
        // The caret, in the tint, right of the text.
        nameField.layoutIfNeeded()
        let caret = window.convert(nameField.caretView.frame, from: nameField.clipView)
        let caretPixel = shot[origin.x + Int(caret.midX), origin.y + Int(caret.midY)]
        XCTAssertEqual(caretPixel, .init(red: 0, green: 122, blue: 255), "the caret in the system blue")
        let image = try PNGFile.read(path: path)
        defer { pixman_image_unref(image) }
        ImageComparison.assertMatches(image, reference: "kit-textfield", in: .module, referencesDirectory: references,
                                      tolerance: 4, maxDifferingPixels: 0)
    }
}
