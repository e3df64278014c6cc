import Foundation
@testable import StrataKit
import TestSupport
import XCTest

/// Auto Layout between a StrataKit app and a real compositor.
final class AutoLayoutEndToEndTests: KitTestCase {
    /// The Auto Layout Guide's idiom: change a constraint's constant, then
    /// call layoutIfNeeded() inside an animation block. The new frame is
    /// the model value at once; the compositor plays the move on its own
    /// clock, so with the app's run loop no longer turning (as if the app
    /// were stopped) the box still moves on screen.
    func testAnimatedConstantChangeIsPlayedByTheCompositor() throws {
        try startCompositor(width: 360, height: 160, manualFrames: true)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        window.title = "Constraints"
        window.backgroundColor = .white
        let box = UIView()
        box.backgroundColor = .red
        box.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(box)
        let leading = box.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10)
        NSLayoutConstraint.activate([leading, box.topAnchor.constraint(equalTo: window.topAnchor, constant: 40),
                                     box.widthAnchor.constraint(equalToConstant: 20),
                                     box.heightAnchor.constraint(equalTo: box.widthAnchor)])
        window.makeKeyAndVisible()
        XCTAssertTrue(runMainLoop(until: {
            _ = try? self.strata.control("frame")
            return window.surface?.isRootSent ?? false
        }))
        XCTAssertEqual(box.frame, CGRect(x: 10, y: 40, width: 20, height: 20))

        leading.constant = 250
        UIView.animate(withDuration: 8, delay: 0, options: .curveLinear, animations: { window.layoutIfNeeded() })
        XCTAssertEqual(box.frame.minX, 250, "the model value changes at once")
        XCTAssertTrue(try runMainLoop(until: {
            _ = try? self.strata.control("frame")
            let layer = try self.appRootLayer(of: self.serverWindow(titled: "Constraints")).sublayers.first
            return !((layer?["animations"] as? [Any]) ?? []).isEmpty
        }), "the animation never reached the compositor")

        // From here the app's loop does not turn: only the compositor moves the box.
        func boxLeftEdge() throws -> Int {
            let shot = try strata.screenshot(to: strata.runtimeDirectory + "/box-\(UUID().uuidString).png")
            let (ox, oy) = try origin(of: serverWindow(titled: "Constraints"))
            let red = DecodedPNG.Pixel(red: 255, green: 0, blue: 0, alpha: 255)
            let x = (0..<300).first { shot[ox + $0, oy + 50].isClose(to: red) }
            return try XCTUnwrap(x, "no red box on the row through its middle")
        }
        XCTAssertEqual(try strata.control("frame").status, 0)
        let early = try boxLeftEdge()
        XCTAssertEqual(try strata.control("frame", ["--advance", "2000"]).status, 0)
        let later = try boxLeftEdge()
        XCTAssertGreaterThan(later, early, "the box moved while the app did nothing")
        XCTAssertEqual(Double(later - early), 60, accuracy: 12, "2 s of an 8 s linear move of 240 points")
        XCTAssertGreaterThanOrEqual(early, 10)
        XCTAssertLessThan(later, 250)
    }
}
