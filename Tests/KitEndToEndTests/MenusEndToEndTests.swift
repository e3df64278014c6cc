import Foundation
import TestSupport
import XCTest
@testable import StrataKit

/// A context menu on a real compositor, driven by `strata input` as a
/// person with a mouse and a keyboard would: a right click shows the menu
/// on screen at the pointer, a click on an item runs it and takes the
/// menu away, Escape dismisses it.
final class MenusEndToEndTests: KitTestCase {
    final class Menus: UIContextMenuInteractionDelegate {
        var picked: [String] = []
        var ended = 0
        func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                    configurationForMenuAtLocation location: CGPoint) -> UIContextMenuConfiguration? {
            UIContextMenuConfiguration(actionProvider: { [unowned self] _ in
                UIMenu(children: [
                    UIAction(title: "Open") { [unowned self] _ in picked.append("Open") },
                    UIAction(title: "Delete", attributes: .destructive) { [unowned self] _ in picked.append("Delete") },
                ])
            })
        }
        func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willEndFor configuration: UIContextMenuConfiguration,
                                    animator: UIContextMenuInteractionAnimating?) { ended += 1 }
    }

    private var window: UIWindow!
    private let menus = Menus()
    private var origin = (x: 0, y: 0)

    override func setUpWithError() throws {
        try startCompositor(width: 360, height: 300)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 260))
        window.title = "Menus"
        window.backgroundColor = .white
        let canvas = UIView(frame: window.bounds)
        canvas.backgroundColor = .white
        canvas.addInteraction(UIContextMenuInteraction(delegate: menus))
        window.addSubview(canvas)
        show(window)
        origin = try origin(of: serverWindow(titled: "Menus"))
    }

    override func tearDown() {
        window = nil
        super.tearDown()
    }

    private var overlay: WindowMenuOverlay? {
        guard let grab = window.input.menuGrab, grab.isPresented else { return nil }
        return grab as? WindowMenuOverlay
    }

    private func output(_ point: CGPoint) -> [String] {
        ["\(CGFloat(origin.x) + point.x)", "\(CGFloat(origin.y) + point.y)"]
    }

    private func pixel(at point: CGPoint, _ name: String) throws -> DecodedPNG.Pixel {
        let shot = try strata.screenshot(to: strata.runtimeDirectory + "/\(name).png")
        return shot[origin.x + Int(point.x), origin.y + Int(point.y)]
    }

    /// The menu fades in over 0.15 s on the compositor's clock.
    private func settle() {
        runMainLoop(for: 0.4)
        waitUntilPresented()
    }

    func testRightClickShowsTheMenuAndAClickPicks() throws {
        try strata.input(["click"] + output(CGPoint(x: 40, y: 50)) + ["--button", "right"])
        XCTAssertTrue(runMainLoop(until: { self.overlay != nil }), "the right click did not open the menu")
        let panel = try XCTUnwrap(overlay?.panels.first)
        XCTAssertEqual(panel.frame.origin, CGPoint(x: 40, y: 50))
        settle()
        // The empty right part of the second row shows the panel's fill.
        let inPanel = CGPoint(x: panel.frame.maxX - 12, y: panel.frame.minY + 44 + 22)
        let fill = try pixel(at: inPanel, "menu-shown")
        XCTAssertTrue(fill.red < 250 && fill.blue > fill.red, "the panel's grey, not the white canvas: \(fill)")

        let delete = try XCTUnwrap(panel.rows.last)
        try strata.input(["click"] + output(delete.convert(CGPoint(x: 40, y: 22), to: window)))
        XCTAssertTrue(runMainLoop(until: { self.menus.picked == ["Delete"] }), "picked \(menus.picked)")
        XCTAssertEqual(menus.ended, 1)
        XCTAssertNil(overlay)
        waitUntilPresented()
        XCTAssertEqual(try pixel(at: inPanel, "menu-gone"), .init(red: 255, green: 255, blue: 255))
    }

    func testEscapeDismisses() throws {
        try strata.input(["click"] + output(CGPoint(x: 100, y: 80)) + ["--button", "right"])
        XCTAssertTrue(runMainLoop(until: { self.overlay != nil }))
        try strata.input("key", "Escape")
        XCTAssertTrue(runMainLoop(until: { self.overlay == nil }), "Escape did not dismiss the menu")
        XCTAssertEqual(menus.picked, [])
        XCTAssertEqual(menus.ended, 1)
    }
}
