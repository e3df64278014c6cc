import XCTest
@testable import StrataKit

/// UISwitch: its fixed size, toggling by tap with `.valueChanged`, and
/// programmatic changes that send nothing and animate only when asked.
final class SwitchTests: InputTestCase {
    private var toggle: UISwitch!
    private var changes: [Bool] = []

    override func setUp() {
        super.setUp()
        toggle = UISwitch(frame: CGRect(x: 20, y: 20, width: 200, height: 100))
        window.addSubview(toggle)
        changes = []
        toggle.addAction(UIAction { [unowned self] action in
            changes.append((action.sender as! UISwitch).isOn)
        }, for: .valueChanged)
    }

    override func tearDown() {
        toggle = nil
        super.tearDown()
    }

    /// UISwitch init(frame:): "The size components of this rectangle are
    /// ignored"; the switch is 51 × 31 points.
    func testSizeIsFixed() {
        XCTAssertEqual(toggle.frame, CGRect(x: 20, y: 20, width: 51, height: 31))
        XCTAssertEqual(toggle.intrinsicContentSize, CGSize(width: 51, height: 31))
        XCTAssertEqual(toggle.sizeThatFits(CGSize(width: 500, height: 500)), CGSize(width: 51, height: 31))
        toggle.frame = CGRect(x: 5, y: 6, width: 10, height: 10)
        XCTAssertEqual(toggle.frame, CGRect(x: 5, y: 6, width: 51, height: 31))
    }

    /// A tap toggles the switch and sends `.valueChanged`: "When the user
    /// manipulates the switch control ("flips" it) a valueChanged event is
    /// generated." A touch that leaves the switch does not toggle it.
    func testTapTogglesAndSendsValueChanged() {
        XCTAssertFalse(toggle.isOn, "off by default")
        tap(at: CGPoint(x: 40, y: 35))
        XCTAssertTrue(toggle.isOn)
        XCTAssertEqual(changes, [true])
        advance(1)
        tap(at: CGPoint(x: 40, y: 35))
        XCTAssertFalse(toggle.isOn)
        XCTAssertEqual(changes, [true, false])

        advance(1)
        drag(from: CGPoint(x: 40, y: 35), to: CGPoint(x: 40, y: 390))
        XCTAssertFalse(toggle.isOn, "released far outside")
        XCTAssertEqual(changes, [true, false])
    }

    /// Dragging carries the thumb to the finger's side, and the release
    /// keeps it there; dragging back to where it was changes nothing.
    func testDraggingTheThumbAcross() {
        drag(from: CGPoint(x: 30, y: 35), to: CGPoint(x: 65, y: 35), lift: false)
        XCTAssertFalse(toggle.isOn, "the state changes at the release")
        XCTAssertEqual(toggle.thumb.frame.maxX, 49, "the thumb is on the right already")
        touchUp()
        XCTAssertTrue(toggle.isOn)
        XCTAssertEqual(changes, [true])

        advance(1)
        drag(from: CGPoint(x: 60, y: 35), to: CGPoint(x: 25, y: 35), lift: false)
        XCTAssertEqual(toggle.thumb.frame.minX, 2, "the thumb went left with the finger")
        touchMove(to: CGPoint(x: 65, y: 35))
        touchUp()
        XCTAssertTrue(toggle.isOn, "back where it was: still on")
        XCTAssertEqual(changes, [true], "and nothing sent")
    }

    /// setOn(_:animated:): "Setting the switch to either position does not
    /// result in an action message being sent." The thumb moves to the
    /// right end when on, with a position animation only when animated.
    func testSetOnSendsNoActionAndAnimatesOnlyWhenAsked() {
        CATransaction.flush()
        let thumb = toggle.thumb
        let offX = thumb.frame.minX
        toggle.isOn = true
        XCTAssertEqual(changes, [])
        XCTAssertGreaterThan(thumb.frame.minX, offX)
        XCTAssertEqual(thumb.frame.maxX, 49, "2 points from the right end")
        XCTAssertNil(thumb.layer.animation(forKey: "position"), "isOn does not animate")
        XCTAssertEqual(toggle.onTrack.alpha, 1)

        toggle.setOn(false, animated: true)
        XCTAssertEqual(changes, [])
        XCTAssertEqual(thumb.frame.minX, offX)
        XCTAssertNotNil(thumb.layer.animation(forKey: "position"), "the thumb slides")
        XCTAssertNotNil(toggle.onTrack.layer.animation(forKey: "opacity"), "the on color fades")
        XCTAssertEqual(toggle.onTrack.alpha, 0)
    }

    /// onTintColor and thumbTintColor, nil by default (green and white drawn).
    func testTintColors() {
        XCTAssertNil(toggle.onTintColor)
        XCTAssertNil(toggle.thumbTintColor)
        XCTAssertEqual(toggle.onTrack.fillColor, .systemGreen)
        toggle.onTintColor = .systemPurple
        toggle.thumbTintColor = .systemYellow
        XCTAssertEqual(toggle.onTrack.fillColor, .systemPurple)
        XCTAssertEqual(toggle.thumb.fillColor, .systemYellow)
        toggle.onTintColor = nil
        XCTAssertEqual(toggle.onTrack.fillColor, .systemGreen)
    }
}
