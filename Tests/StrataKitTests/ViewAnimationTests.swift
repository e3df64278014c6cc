import XCTest
import StrataProtocol
@testable import StrataKit

/// UIView's block animations, as "View Programming Guide for iOS —
/// Animations" and the UIView reference describe them, checked through the
/// layer's animations and `presentation()` on a clock the test moves.
final class ViewAnimationTests: XCTestCase {
    private final class Clock: @unchecked Sendable { var time = 1000.0 }
    private let clock = Clock()
    private var view: UIView!

    override func setUp() {
        let clock = self.clock
        MediaClock.current = MediaClock { clock.time }
        view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        // Committed once: the layer has a presentation from now on.
        CATransaction.flush()
    }

    override func tearDown() {
        MediaClock.current = .monotonic
        view = nil
    }

    private func presentedCenter(at time: Double) -> CGPoint {
        clock.time = time
        return view.layer.presentation()!.position
    }

    /// "The model value changes at once; the presentation moves."
    func testModelValueChangesAtOnceAndPresentationFollowsTheCurve() {
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            self.view.center = CGPoint(x: 150, y: 25)
        })
        XCTAssertEqual(view.center, CGPoint(x: 150, y: 25))
        XCTAssertNotNil(view.layer.animation(forKey: "position"))
        XCTAssertEqual(presentedCenter(at: 1000.5).x, 100, accuracy: 1e-6)
        XCTAssertEqual(presentedCenter(at: 1000.25).x, 75, accuracy: 1e-6)
    }

    /// `.curveEaseInOut` is the default curve.
    func testDefaultCurveIsEaseInEaseOut() {
        UIView.animate(withDuration: 1, animations: { self.view.center = CGPoint(x: 150, y: 25) })
        XCTAssertEqual(presentedCenter(at: 1000.25).x, 50 + 100 * 0.129162, accuracy: 1e-3)
    }

    /// "Changes made outside an animation block are not animated."
    func testChangesOutsideABlockAreNotAnimated() {
        view.center = CGPoint(x: 10, y: 10)
        view.alpha = 0.5
        XCTAssertNil(view.layer.animationKeys())
    }

    /// Setting `frame` animates "position" and "bounds", as UIKit decomposes it.
    func testFrameAnimatesPositionAndBounds() {
        UIView.animate(withDuration: 1) { self.view.frame = CGRect(x: 10, y: 10, width: 200, height: 100) }
        XCTAssertEqual(Set(view.layer.animationKeys() ?? []), ["position", "bounds"])
    }

    /// The usual fade-in of a view just added: it animates from the alpha
    /// set before the block, though its layer is new in this turn.
    func testNewViewFadesIn() {
        let fresh = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        fresh.alpha = 0
        view.addSubview(fresh)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { fresh.alpha = 1 })
        XCTAssertNotNil(fresh.layer.animation(forKey: "opacity"))
    }

    /// Each animatable property the guide lists gets its animation.
    func testAnimatableViewProperties() {
        UIView.animate(withDuration: 1) {
            self.view.alpha = 0.2
            self.view.backgroundColor = .red
            self.view.transform = CGAffineTransform(rotationAngle: 1)
            self.view.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        }
        XCTAssertEqual(Set(view.layer.animationKeys() ?? []), ["opacity", "backgroundColor", "transform", "bounds"])
        clock.time = 1000.5
        XCTAssertEqual(Double(view.layer.presentation()!.opacity), 0.6, accuracy: 1e-3)
    }

    /// Nested blocks inherit the outer duration unless they override it.
    func testNestedBlocksInheritDurationUnlessOverridden() {
        let other = UIView(frame: .zero)
        CATransaction.flush()
        UIView.animate(withDuration: 2) {
            UIView.animate(withDuration: 0.5) { self.view.alpha = 0 }
            UIView.animate(withDuration: 0.5, delay: 0, options: .overrideInheritedDuration, animations: { other.alpha = 0 })
        }
        XCTAssertEqual(view.layer.animation(forKey: "opacity")?.duration, 2)
        XCTAssertEqual(other.layer.animation(forKey: "opacity")?.duration, 0.5)
    }

    func testPerformWithoutAnimationInsideABlock() {
        UIView.animate(withDuration: 1) {
            UIView.performWithoutAnimation { self.view.alpha = 0.3 }
            self.view.center = .zero
        }
        XCTAssertNil(view.layer.animation(forKey: "opacity"))
        XCTAssertNotNil(view.layer.animation(forKey: "position"))
    }

    /// `.beginFromCurrentState` starts from what is on screen; without it
    /// the new animation starts from the previous model value.
    func testBeginFromCurrentState() {
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { self.view.center = CGPoint(x: 150, y: 25) })
        clock.time = 1000.5   // on screen: x = 100
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .beginFromCurrentState],
                       animations: { self.view.center = CGPoint(x: 0, y: 25) })
        XCTAssertEqual(presentedCenter(at: 1000.5).x, 100, accuracy: 1e-6)

        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { self.view.center = CGPoint(x: 200, y: 25) })
        XCTAssertEqual(presentedCenter(at: 1000.5).x, 100, accuracy: 1e-6, "from what is on screen, without a jump")
    }

    /// Without `.beginFromCurrentState` "in-flight animations are allowed to
    /// finish": since iOS 8 UIKit adds the new animation on top (additive),
    /// so the old one runs to its end and the motion has no jump.
    func testAnimationsOfOneValueAddUp() {
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { self.view.center = CGPoint(x: 150, y: 25) })
        clock.time = 1000.5   // on screen: x = 100
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { self.view.center = CGPoint(x: 200, y: 25) })
        XCTAssertEqual(view.layer.animationKeys()?.count, 2, "the first goes on")
        XCTAssertEqual(presentedCenter(at: 1000.5).x, 100, accuracy: 1e-6, "no jump")
        // At 1.0 s the first has ended; the second is half way from 150 to 200.
        XCTAssertEqual(presentedCenter(at: 1001.0).x, 175, accuracy: 1e-6)
        XCTAssertEqual(presentedCenter(at: 1001.5).x, 200, accuracy: 1e-6)
    }

    /// With a delay the old value shows until the animation begins.
    func testDelayShowsTheOldValueMeanwhile() {
        UIView.animate(withDuration: 1, delay: 1, options: .curveLinear, animations: { self.view.center = CGPoint(x: 150, y: 25) })
        XCTAssertEqual(presentedCenter(at: 1000.5).x, 50, accuracy: 1e-6)
        XCTAssertEqual(presentedCenter(at: 1001.5).x, 100, accuracy: 1e-6)
    }

    /// `.repeat` with `.autoreverse` goes back and forth for ever.
    func testRepeatAndAutoreverse() {
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .repeat, .autoreverse],
                       animations: { self.view.center = CGPoint(x: 150, y: 25) })
        let animation = view.layer.animation(forKey: "position")!
        XCTAssertTrue(animation.autoreverses)
        XCTAssertEqual(animation.repeatCount, .infinity)
        XCTAssertEqual(presentedCenter(at: 1001.25).x, 125, accuracy: 1e-6)
        XCTAssertEqual(presentedCenter(at: 1010.5).x, 100, accuracy: 1e-6)
    }

    /// A spring with a damping ratio below 1 overshoots; it has settled by its duration.
    func testSpringOvershootsAndSettles() {
        UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.3, initialSpringVelocity: 0, options: [],
                       animations: { self.view.center = CGPoint(x: 150, y: 25) })
        let peak = stride(from: 1000.0, through: 1001, by: 0.01).map { presentedCenter(at: $0).x }.max()!
        XCTAssertGreaterThan(peak, 155)
        XCTAssertEqual(presentedCenter(at: 1000.999).x, 150, accuracy: 0.2)
    }

    /// Keyframes: each moves its properties during its own part of the duration.
    func testKeyframes() {
        UIView.animateKeyframes(withDuration: 2, delay: 0, options: [], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { self.view.center = CGPoint(x: 150, y: 25) }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) { self.view.center = CGPoint(x: 150, y: 125) }
        })
        XCTAssertEqual(view.center, CGPoint(x: 150, y: 125))
        XCTAssertEqual(presentedCenter(at: 1000.5), CGPoint(x: 100, y: 25))
        XCTAssertEqual(presentedCenter(at: 1001.25).y, 75, accuracy: 1e-6)
        XCTAssertEqual(presentedCenter(at: 1001.75).y, 125, accuracy: 1e-6)
    }

    /// "During an animation, user interactions are temporarily disabled for
    /// the views being animated" unless `.allowUserInteraction`.
    func testAnimatedViewsTakeNoTouchesUnlessAllowed() {
        UIView.animate(withDuration: 1) { self.view.alpha = 0.5 }
        XCTAssertNil(view.hitTest(CGPoint(x: 10, y: 10), with: nil))
        let other = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        CATransaction.flush()
        UIView.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: { other.alpha = 0.5 })
        XCTAssertTrue(other.hitTest(CGPoint(x: 10, y: 10), with: nil) === other)
    }

    /// A layer no view owns animates a change implicitly, with the
    /// transaction's duration (0.25 s unless set), unless actions are disabled.
    func testStandaloneLayersAnimateImplicitly() {
        let layer = CALayer()
        CATransaction.flush()
        layer.opacity = 0.5
        XCTAssertEqual(layer.animation(forKey: "opacity")?.duration, 0.25)
        let quiet = CALayer()
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        quiet.opacity = 0.5
        CATransaction.commit()
        XCTAssertNil(quiet.animationKeys())
        let fresh = CALayer()
        fresh.opacity = 0.5
        XCTAssertNil(fresh.animationKeys(), "a layer made in this transaction has nothing to animate from")
    }

    /// `actions` and a delegate returning NSNull stop implicit animations.
    func testActionsDictionaryDisablesAnimation() {
        let layer = CALayer()
        layer.actions = ["position": NSNull()]
        CATransaction.flush()
        layer.position = CGPoint(x: 5, y: 5)
        XCTAssertNil(layer.animationKeys())
        layer.opacity = 0.1
        XCTAssertNotNil(layer.animation(forKey: "opacity"))
    }
}

/// Completion handlers and delegates, on the real clock: with no compositor
/// the animations' ends are timed in the app once the transaction commits.
final class AnimationCompletionTests: XCTestCase {
    private func spin(until condition: () -> Bool, timeout: TimeInterval = 3) {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
    }

    func testCompletionRunsFinishedWhenTheAnimationsEnd() {
        let view = UIView(frame: .zero)
        CATransaction.flush()
        var result: Bool?
        UIView.animate(withDuration: 0.05, animations: { view.alpha = 0 }, completion: { result = $0 })
        CATransaction.flush()
        XCTAssertNil(result)
        spin { result != nil }
        XCTAssertEqual(result, true)
        XCTAssertNil(view.layer.animationKeys(), "removed on completion")
    }

    /// Removing an animation ends it with finished == false.
    func testRemovedAnimationCompletesUnfinished() {
        let view = UIView(frame: .zero)
        CATransaction.flush()
        var result: Bool?
        UIView.animate(withDuration: 5, animations: { view.alpha = 0 }, completion: { result = $0 })
        view.layer.removeAllAnimations()
        spin { result != nil }
        XCTAssertEqual(result, false)
    }

    /// Two animations of one value without `.beginFromCurrentState`: both finish.
    func testAddedAnimationsBothFinish() {
        let view = UIView(frame: .zero)
        CATransaction.flush()
        var results: [Bool] = []
        UIView.animate(withDuration: 0.05, animations: { view.center = CGPoint(x: 10, y: 0) }, completion: { results.append($0) })
        UIView.animate(withDuration: 0.05, animations: { view.center = CGPoint(x: 20, y: 0) }, completion: { results.append($0) })
        CATransaction.flush()
        spin { results.count == 2 }
        XCTAssertEqual(results, [true, true])
    }

    /// "If the duration is 0 or less, the changes are made without animating them."
    func testZeroDurationChangesAtOnce() {
        let view = UIView(frame: .zero)
        CATransaction.flush()
        var result: Bool?
        UIView.animate(withDuration: 0, animations: { view.alpha = 0.3 }, completion: { result = $0 })
        XCTAssertNil(view.layer.animationKeys())
        XCTAssertEqual(view.alpha, 0.3, accuracy: 1e-6)
        spin { result != nil }
        XCTAssertEqual(result, true)
    }

    /// A view freed while it animates: its completion still runs, unfinished.
    func testFreedViewCompletesUnfinished() {
        var view: UIView? = UIView(frame: .zero)
        CATransaction.flush()
        var result: Bool?
        UIView.animate(withDuration: 5, animations: { view?.alpha = 0 }, completion: { result = $0 })
        CATransaction.flush()
        CATransaction.changedLayers = []  // an app's update cycle lets go of them each turn
        view = nil
        spin { result != nil }
        XCTAssertEqual(result, false)
    }

    /// "If the animation block changes nothing, the completion runs on the next turn, finished."
    func testBlockWithoutChangesCompletesAtOnce() {
        var result: Bool?
        UIView.animate(withDuration: 5, animations: {}, completion: { result = $0 })
        XCTAssertNil(result, "not synchronously")
        spin { result != nil }
        XCTAssertEqual(result, true)
    }

    private final class Delegate: CAAnimationDelegate {
        var events: [String] = []
        func animationDidStart(_ anim: CAAnimation) { events.append("start") }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append("stop \(flag)") }
    }

    func testDelegateHearsStartAndStopAndKeptAnimationsStay() {
        let layer = CALayer()
        let delegate = Delegate()
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = 0.05
        animation.delegate = delegate
        animation.isRemovedOnCompletion = false
        animation.fillMode = .forwards
        layer.add(animation, forKey: "fade")
        CATransaction.flush()
        spin { delegate.events.count == 2 }
        XCTAssertEqual(delegate.events, ["start", "stop true"])
        XCTAssertEqual(layer.animationKeys(), ["fade"], "isRemovedOnCompletion false keeps it")
    }

    func testTransactionCompletionBlockWaitsForItsAnimations() {
        let layer = CALayer()
        CATransaction.flush()
        var done = false
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.05)
        CATransaction.setCompletionBlock { done = true }
        layer.opacity = 0.2
        CATransaction.commit()
        CATransaction.flush()
        XCTAssertEqual(layer.animation(forKey: "opacity")?.duration, 0.05)
        XCTAssertFalse(done)
        spin { done }
        XCTAssertTrue(done)
    }

    /// The begin/commit style: duration set between them, the delegate's
    /// did-stop method called with the animation's ID.
    func testBeginCommitAnimations() {
        final class Controller {
            var stopped: (String?, Bool)?
            func didStop(_ id: String?, _ finished: NSNumber, _ context: UnsafeMutableRawPointer?) { stopped = (id, finished.boolValue) }
        }
        let controller = Controller()
        let view = UIView(frame: .zero)
        CATransaction.flush()
        UIView.beginAnimations("flip", context: nil)
        UIView.setAnimationDuration(0.05)
        UIView.setAnimationDelegate(controller)
        UIView.setAnimationDidStop(Controller.didStop)
        view.alpha = 0
        UIView.commitAnimations()
        CATransaction.flush()
        XCTAssertEqual(view.layer.animation(forKey: "opacity")?.duration, 0.05)
        spin { controller.stopped != nil }
        XCTAssertEqual(controller.stopped?.0, "flip")
        XCTAssertEqual(controller.stopped?.1, true)
    }
}

/// Core Animation's explicit animations.
final class CoreAnimationTests: XCTestCase {
    private final class Clock: @unchecked Sendable { var time = 50.0 }
    private let clock = Clock()

    override func setUp() {
        let clock = self.clock
        MediaClock.current = MediaClock { clock.time }
    }

    override func tearDown() { MediaClock.current = .monotonic }

    func testTimingFunctionControlPoints() {
        let function = CAMediaTimingFunction(name: .easeIn)
        var point: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &point)
        XCTAssertEqual(point, [0.42, 0])
        function.getControlPoint(at: 3, values: &point)
        XCTAssertEqual(point, [1, 1])
    }

    /// "toValue non-nil: interpolates between the layer's current presentation value and toValue."
    func testBasicAnimationFromPresentationValueAndByValue() {
        let layer = CALayer()
        layer.position = CGPoint(x: 10, y: 10)
        CATransaction.flush()
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.toValue = 110
        animation.duration = 1
        layer.add(animation, forKey: "x")
        clock.time = 50.5
        XCTAssertEqual(layer.presentation()?.position.x ?? 0, 60, accuracy: 1e-6)
        let by = CABasicAnimation(keyPath: "opacity")
        by.fromValue = 0.2
        by.byValue = 0.6
        by.duration = 1
        layer.add(by, forKey: "fade")
        clock.time = 51
        XCTAssertEqual(Double(layer.presentation()!.opacity), 0.5, accuracy: 1e-6, "x ended; opacity half way to 0.8")
    }

    func testKeyframeAnimationAlongAPath() {
        let layer = CALayer()
        CATransaction.flush()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 300))
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path
        animation.duration = 4
        layer.add(animation, forKey: "path")
        clock.time = 51 // a quarter of the way: 100 of 400 points, the corner
        let p = layer.presentation()!.position
        XCTAssertEqual(p.x, 100, accuracy: 1e-6)
        XCTAssertEqual(p.y, 0, accuracy: 1e-6)
    }

    func testAnimationGroupRunsItsChildrenOnItsClock() {
        let layer = CALayer()
        CATransaction.flush()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1; fade.toValue = 0; fade.duration = 2
        let move = CABasicAnimation(keyPath: "position.y")
        move.fromValue = 0; move.toValue = 100; move.duration = 1; move.beginTime = 1
        let group = CAAnimationGroup()
        group.animations = [fade, move]
        group.duration = 1.5
        layer.add(group, forKey: "group")
        clock.time = 51.25
        let p = layer.presentation()!
        XCTAssertEqual(Double(p.opacity), 0.375, accuracy: 1e-6)
        XCTAssertEqual(p.position.y, 25, accuracy: 1e-6)
        clock.time = 51.75
        XCTAssertEqual(Double(layer.presentation()!.opacity), 1, accuracy: 1e-6, "the group ended at 1.5 s")
    }

    /// A pulsing group: children that fill its pass repeat and reverse with it.
    func testRepeatingGroupRepeatsItsChildren() {
        let layer = CALayer()
        CATransaction.flush()
        let grow = CABasicAnimation(keyPath: "transform.scale")
        grow.fromValue = 1; grow.toValue = 2; grow.duration = 1
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1; fade.toValue = 0; fade.duration = 1
        let pulse = CAAnimationGroup()
        pulse.animations = [grow, fade]
        pulse.duration = 1
        pulse.autoreverses = true
        pulse.repeatCount = .infinity
        layer.add(pulse, forKey: "pulse")
        clock.time = 51.25   // on the way back, at three quarters of the pass: opacity 1 − 0.75
        XCTAssertEqual(Double(layer.presentation()!.opacity), 0.25, accuracy: 1e-6)
        clock.time = 60.5
        XCTAssertEqual(Double(layer.presentation()!.opacity), 0.5, accuracy: 1e-6)
    }

    func testSpringAnimationSettlingDuration() {
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.damping = 10; spring.stiffness = 100; spring.mass = 1
        XCTAssertGreaterThan(spring.settlingDuration, 1)
        XCTAssertLessThan(spring.settlingDuration, 2.5)
    }

    func testRemoveAnimationShowsTheModelValue() {
        let layer = CALayer()
        CATransaction.flush()
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0; animation.toValue = 0; animation.duration = 10
        layer.add(animation, forKey: "hide")
        XCTAssertEqual(layer.presentation()?.opacity, 0)
        layer.removeAnimation(forKey: "hide")
        XCTAssertEqual(layer.presentation()?.opacity, 1)
        XCTAssertNil(layer.animationKeys())
    }
}
