import XCTest
@testable import StrataKit

/// UISegmentedControl: segments from items, the index rules Apple documents
/// for inserting and removing them, selection by tap with `.valueChanged`,
/// momentary controls, disabled segments and segment widths.
final class SegmentedControlTests: InputTestCase {
    private var control: UISegmentedControl!
    private var changes: [Int] = []

    override func setUp() {
        super.setUp()
        control = UISegmentedControl(items: ["One", "Two", "Three"])
        control.frame = CGRect(x: 10, y: 10, width: 300, height: 32)
        window.addSubview(control)
        changes = []
        control.addAction(UIAction { [unowned self] action in
            changes.append((action.sender as! UISegmentedControl).selectedSegmentIndex)
        }, for: .valueChanged)
    }

    override func tearDown() {
        control = nil
        super.tearDown()
    }

    private func image(_ width: CGFloat, _ height: CGFloat) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: width, height: height)).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        }
    }

    /// Tapping segment `index` of a 300-point control of equal segments.
    private func tapSegment(_ index: Int, of count: Int = 3) {
        let width = 300 / CGFloat(count)
        tap(at: CGPoint(x: 10 + width * (CGFloat(index) + 0.5), y: 26))
        advance(1)
    }

    /// init(items:): "an array of NSString objects (for segment titles) or
    /// UIImage objects (for segment images)". The titles are UILabels.
    /// selectedSegmentIndex: "The default value is noSegment (no segment
    /// selected) until the user touches a segment."
    func testItemsMakeSegments() {
        let icon = image(10, 10)
        let mixed = UISegmentedControl(items: ["A", icon])
        XCTAssertEqual(mixed.numberOfSegments, 2)
        XCTAssertEqual(mixed.titleForSegment(at: 0), "A")
        XCTAssertNil(mixed.titleForSegment(at: 1))
        XCTAssertTrue(mixed.imageForSegment(at: 1) === icon)
        XCTAssertTrue(mixed.contentViews[0] is UILabel)
        XCTAssertTrue(mixed.contentViews[1] is UIImageView)
        XCTAssertEqual(mixed.selectedSegmentIndex, UISegmentedControl.noSegment)
        XCTAssertEqual(UISegmentedControl.noSegment, -1)
        XCTAssertEqual(mixed.frame.height, 32)
        XCTAssertGreaterThan(mixed.frame.width, 0, "sized to fit its items")
        XCTAssertEqual(UISegmentedControl(items: nil).numberOfSegments, 0)
    }

    /// insertSegment(withTitle:at:animated:): the index "must be a number
    /// between 0 and the number of segments (numberOfSegments); values
    /// exceeding this upper range are pinned to it."
    func testInsertionIndexIsPinned() {
        control.insertSegment(withTitle: "Zero", at: 0, animated: false)
        control.insertSegment(withTitle: "Last", at: 99, animated: true)
        control.insertSegment(with: image(8, 8), at: 2, animated: false)
        XCTAssertEqual(control.numberOfSegments, 6)
        XCTAssertEqual((0..<6).map { control.titleForSegment(at: $0) }, ["Zero", "One", nil, "Two", "Three", "Last"])
        XCTAssertNotNil(control.imageForSegment(at: 2))
    }

    /// removeSegment(at:animated:): the index must be between 0 and
    /// numberOfSegments minus 1; "values exceeding this upper range are
    /// pinned to it". removeAllSegments() leaves none, and no selection.
    func testRemovalIndexIsPinned() {
        control.removeSegment(at: 99, animated: false)
        XCTAssertEqual(control.numberOfSegments, 2)
        XCTAssertEqual(control.titleForSegment(at: 1), "Two")
        control.removeSegment(at: 0, animated: true)
        XCTAssertEqual(control.titleForSegment(at: 0), "Two")
        control.selectedSegmentIndex = 0
        control.removeAllSegments()
        XCTAssertEqual(control.numberOfSegments, 0)
        XCTAssertEqual(control.selectedSegmentIndex, UISegmentedControl.noSegment)
        control.removeSegment(at: 0, animated: false)
        XCTAssertEqual(control.numberOfSegments, 0, "nothing to remove")
    }

    /// The selection stays on its segment as others come and go before it,
    /// and is cleared when its own segment is removed.
    func testSelectionFollowsItsSegment() {
        control.selectedSegmentIndex = 1
        control.insertSegment(withTitle: "Zero", at: 0, animated: false)
        XCTAssertEqual(control.selectedSegmentIndex, 2)
        control.insertSegment(withTitle: "End", at: 4, animated: false)
        XCTAssertEqual(control.selectedSegmentIndex, 2)
        control.removeSegment(at: 0, animated: false)
        XCTAssertEqual(control.selectedSegmentIndex, 1)
        control.removeSegment(at: 1, animated: false)
        XCTAssertEqual(control.selectedSegmentIndex, UISegmentedControl.noSegment)
    }

    /// setTitle(_:forSegmentAt:) / setImage(_:forSegmentAt:): "A segment can
    /// only have an image or a title; it can't have both."
    func testTitleAndImageReplaceEachOther() {
        control.setTitle("Uno", forSegmentAt: 0)
        XCTAssertEqual(control.titleForSegment(at: 0), "Uno")
        XCTAssertEqual((control.contentViews[0] as? UILabel)?.text, "Uno")
        control.setImage(image(8, 8), forSegmentAt: 0)
        XCTAssertNil(control.titleForSegment(at: 0))
        XCTAssertTrue(control.contentViews[0] is UIImageView)
        control.setTitle("Uno", forSegmentAt: 0)
        XCTAssertNil(control.imageForSegment(at: 0))
        control.setTitle("Nowhere", forSegmentAt: 7)
        XCTAssertNil(control.titleForSegment(at: 7))
    }

    /// Tapping a segment selects it and sends `.valueChanged`; tapping the
    /// selected one again sends nothing; setting selectedSegmentIndex sends
    /// nothing, and -1 turns the selection off.
    func testTapSelectsAndSendsValueChanged() {
        tapSegment(2)
        XCTAssertEqual(control.selectedSegmentIndex, 2)
        XCTAssertEqual(control.selectionThumb.alpha, 1)
        XCTAssertEqual(control.selectionThumb.frame, CGRect(x: 202, y: 2, width: 96, height: 28))
        tapSegment(2)
        tapSegment(0)
        XCTAssertEqual(changes, [2, 0])
        control.selectedSegmentIndex = 1
        control.selectedSegmentIndex = UISegmentedControl.noSegment
        XCTAssertEqual(control.selectionThumb.alpha, 0)
        XCTAssertEqual(changes, [2, 0])
    }

    /// isMomentary: "If true, segments in the control don't show selected
    /// state and don't update the value of selectedSegmentIndex after
    /// tracking ends." The action still learns which segment was tapped.
    func testMomentary() {
        control.isMomentary = true
        tapSegment(1)
        tapSegment(1)
        XCTAssertEqual(changes, [1, 1])
        XCTAssertEqual(control.selectedSegmentIndex, UISegmentedControl.noSegment)
        XCTAssertEqual(control.selectionThumb.alpha, 0)
    }

    /// setEnabled(_:forSegmentAt:): a disabled segment is dimmed and a tap on
    /// it changes nothing.
    func testDisabledSegment() {
        control.setEnabled(false, forSegmentAt: 1)
        XCTAssertFalse(control.isEnabledForSegment(at: 1))
        XCTAssertTrue(control.isEnabledForSegment(at: 0))
        XCTAssertEqual(control.contentViews[1].alpha, UISegmentedControl.disabledContentAlpha, accuracy: 0.001)
        tapSegment(1)
        XCTAssertEqual(control.selectedSegmentIndex, UISegmentedControl.noSegment)
        XCTAssertEqual(changes, [])
        control.setEnabled(true, forSegmentAt: 1)
        tapSegment(1)
        XCTAssertEqual(changes, [1])
    }

    /// setWidth(_:forSegmentAt:): "The default value is {0.0}, which tells
    /// UISegmentedControl to automatically size the segment." The others
    /// share what is left; apportionsSegmentWidthsByContent: "If false, the
    /// control sets the width of each segment to be the same. If true, the
    /// control apportions the width of each segment based on its content
    /// width."
    func testSegmentWidths() {
        control.layoutIfNeeded()
        XCTAssertEqual(control.segmentWidths(), [100, 100, 100])
        XCTAssertEqual(control.widthForSegment(at: 0), 0)
        control.setWidth(60, forSegmentAt: 0)
        XCTAssertEqual(control.widthForSegment(at: 0), 60)
        XCTAssertEqual(control.segmentWidths(), [60, 120, 120])
        tap(at: CGPoint(x: 10 + 65, y: 26))
        XCTAssertEqual(control.selectedSegmentIndex, 1, "the second segment starts at 60")

        control.setWidth(0, forSegmentAt: 0)
        control.apportionsSegmentWidthsByContent = true
        let widths = control.segmentWidths()
        XCTAssertEqual(widths.reduce(0, +), 300, accuracy: 0.001)
        XCTAssertGreaterThan(widths[2], widths[0], "'Three' is wider than 'One'")
        XCTAssertEqual(widths[2] - widths[0], control.contentWidth(ofSegment: 2) - control.contentWidth(ofSegment: 0),
                       accuracy: 0.001)
        let fitting = control.sizeThatFits(.zero)
        XCTAssertEqual(fitting.width, (0..<3).map(control.contentWidth(ofSegment:)).reduce(0, +), accuracy: 0.001)
    }

    /// A pressed segment's content dims until the release; the selected
    /// segment's does not.
    func testPressedSegmentDims() {
        touchDown(at: CGPoint(x: 60, y: 26))
        XCTAssertEqual(control.contentViews[0].alpha, UISegmentedControl.pressedContentAlpha, accuracy: 0.001)
        XCTAssertEqual(control.contentViews[1].alpha, 1)
        touchUp()
        XCTAssertEqual(control.contentViews[0].alpha, 1, "selected now")
        advance(1)
        touchDown(at: CGPoint(x: 60, y: 26))
        XCTAssertEqual(control.contentViews[0].alpha, 1, "the selected segment does not dim")
        touchUp()
    }

    /// selectedSegmentTintColor fills the selected segment; nil: white.
    func testSelectedSegmentTintColor() {
        XCTAssertEqual(control.selectionThumb.fillColor, .white)
        control.selectedSegmentTintColor = .systemBlue
        XCTAssertEqual(control.selectionThumb.fillColor, .systemBlue)
        control.selectedSegmentTintColor = nil
        XCTAssertEqual(control.selectionThumb.fillColor, .white)
    }
}
