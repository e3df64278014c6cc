import XCTest
@testable import StrataKit

/// A shown window with helpers to find and operate the menu on screen.
class MenuTestCase: InputTestCase {
    var overlay: WindowMenuOverlay? {
        guard let grab = window.input.menuGrab, grab.isPresented else { return nil }
        return grab as? WindowMenuOverlay
    }

    var isMenuShown: Bool { overlay != nil }

    /// The titles of the rows of each open panel, root first.
    var shownTitles: [[String]] {
        overlay?.panels.map { $0.rows.map { $0.titleLabel.text ?? "" } } ?? []
    }

    /// The shown row with the title, in the topmost panel that has one.
    func row(_ title: String) -> MenuRowView? {
        overlay?.panels.reversed().lazy.compactMap { $0.rows.first { $0.titleLabel.text == title } }.first
    }

    /// The middle of the shown row with the title, in window coordinates.
    func center(of title: String, file: StaticString = #filePath, line: UInt = #line) -> CGPoint {
        guard let row = row(title) else {
            XCTFail("no row \(title) in \(shownTitles)", file: file, line: line)
            return .zero
        }
        return row.convert(CGPoint(x: row.bounds.midX, y: row.bounds.midY), to: window)
    }

    var highlightedTitle: String? {
        guard let panel = overlay?.panels.last, let index = panel.highlightedIndex else { return nil }
        return panel.rows[index].titleLabel.text
    }

    func center(of view: UIView) -> CGPoint {
        view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: window)
    }

    func press(_ usage: UIKeyboardHIDUsage, _ characters: String = "", modifiers: UIKeyModifierFlags = []) {
        let key = KeyStroke(hidUsage: usage.rawValue, linuxKeyCode: UInt32(usage.rawValue), keysym: 0, characters: characters,
                            charactersIgnoringModifiers: characters.lowercased(), modifierFlags: modifiers.rawValue)
        window.receive(.key(key, phase: .down, timestamp: clock.now))
        window.receive(.key(key, phase: .up, timestamp: clock.now))
    }

    override func tearDown() {
        overlay?.dismiss()
        super.tearDown()
    }
}
