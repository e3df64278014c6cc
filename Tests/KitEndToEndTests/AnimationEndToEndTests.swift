import Foundation
@testable import StrataKit
import TestSupport
import XCTest

/// UIView animations between a StrataKit app and a real compositor: the
/// compositor holds and plays them; the app only adds and removes them.
final class AnimationEndToEndTests: KitTestCase {
    private func boxLayer() throws -> [String: Any] {
        let root = try appRootLayer(of: serverWindow(titled: "Animated"))
        return try XCTUnwrap(root.sublayers.first)
    }

    private func animations() throws -> [[String: Any]] {
        try boxLayer()["animations"] as? [[String: Any]] ?? []
    }

    /// "beginFromCurrentState: start the animation from the current setting
    /// associated with an already in-flight animation"; without it, from
    /// the previous model value. Removing an animation (removeAllAnimations)
    /// shows the model value at once and completes with finished == false.
    func testBeginFromCurrentStateAndRemovalMidFlight() throws {
        try startCompositor()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 220, height: 100))
        window.title = "Animated"
        let box = UIView(frame: CGRect(x: 10, y: 40, width: 20, height: 20))
        box.backgroundColor = .red
        window.addSubview(box)
        show(window)

        var results: [Bool] = []
        UIView.animate(withDuration: 4, delay: 0, options: .curveLinear, animations: { box.center = CGPoint(x: 180, y: 50) },
                       completion: { results.append($0) })
        XCTAssertTrue(try runMainLoop(until: { try self.animations().count == 1 }))
        runMainLoop(for: 1)

        // On screen now: about a quarter of the way from 20 to 180.
        UIView.animate(withDuration: 4, delay: 0, options: [.curveLinear, .beginFromCurrentState],
                       animations: { box.center = CGPoint(x: 20, y: 50) }, completion: { results.append($0) })
        var from = 0.0, shown = 0.0
        XCTAssertTrue(try runMainLoop(until: {
            guard let animation = try self.animations().first, let to = animation["to"] as? [Double], to[0] == 20 else { return false }
            from = (animation["from"] as? [Double])?[0] ?? 0
            shown = (try self.boxLayer()["position"] as? [String: Any])?["x"] as? Double ?? 0
            return true
        }))
        XCTAssertGreaterThan(from, 40, "from the value on screen, not the old model value 20")
        XCTAssertLessThan(from, 120, "from the value on screen, not the new model value 180")
        XCTAssertEqual(shown, from, accuracy: 12, "the compositor shows the new animation starting where the old one was")
        XCTAssertTrue(runMainLoop(until: { results == [false] }), "the replaced animation completes unfinished: \(results)")

        box.layer.removeAllAnimations()
        XCTAssertTrue(try runMainLoop(until: { try self.animations().isEmpty }))
        let x = (try boxLayer()["position"] as? [String: Any])?["x"] as? Double
        XCTAssertEqual(x, 20, "the model value, at once")
        XCTAssertTrue(runMainLoop(until: { results == [false, false] }), "\(results)")
    }

    /// Without `.beginFromCurrentState` in-flight animations are allowed to
    /// finish: the new one is added on top (UIKit's additive animations),
    /// from how far the old value is from the new, and both end finished.
    func testAnimationsWithoutBeginFromCurrentStateAddUpAndBothFinish() throws {
        try startCompositor()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 220, height: 100))
        window.title = "Animated"
        let box = UIView(frame: CGRect(x: 10, y: 40, width: 20, height: 20))
        window.addSubview(box)
        show(window)
        var results: [Bool] = []
        UIView.animate(withDuration: 0.8, delay: 0, options: .curveLinear, animations: { box.center = CGPoint(x: 180, y: 50) },
                       completion: { results.append($0) })
        runMainLoop(for: 0.2)
        UIView.animate(withDuration: 0.8, delay: 0, options: .curveLinear, animations: { box.center = CGPoint(x: 20, y: 50) },
                       completion: { results.append($0) })
        XCTAssertTrue(try runMainLoop(until: {
            let animations = try self.animations()
            guard animations.count == 2, let added = animations.last else { return false }
            return added["additive"] as? Bool == true && added["from"] as? [Double] == [160, 0] && added["to"] as? [Double] == [0, 0]
        }), "\((try? animations()) ?? [])")
        XCTAssertTrue(runMainLoop(until: { results.count == 2 }, timeout: 10))
        XCTAssertEqual(results, [true, true])
        XCTAssertTrue(try runMainLoop(until: { try self.animations().isEmpty }))
        XCTAssertEqual((try boxLayer()["position"] as? [String: Any])?["x"] as? Double, 20)
    }
}
