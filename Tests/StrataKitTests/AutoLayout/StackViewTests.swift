import XCTest
@testable import StrataKit

/// UIStackView, as its reference (Distribution, Alignment, spacing,
/// arrangedSubviews) and the Auto Layout Guide's "Stack Views" describe
/// it, checked with reference frames.
final class StackViewTests: AutoLayoutTestCase {
    private var items: [Sized] = []

    /// A stack of three views of intrinsic sizes 100×20, 50×30 and 80×10,
    /// pinned at the root's top-left, `width` wide if given.
    private func stack(_ axis: NSLayoutConstraint.Axis = .horizontal, width: CGFloat? = nil,
                       sizes: [(CGFloat, CGFloat)] = [(100, 20), (50, 30), (80, 10)]) -> UIStackView
    {
        items = sizes.map { Sized($0.0, $0.1) }
        let stack = UIStackView(arrangedSubviews: items)
        stack.axis = axis
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        NSLayoutConstraint.activate([stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     stack.topAnchor.constraint(equalTo: root.topAnchor)])
        if let width { stack.widthAnchor.constraint(equalToConstant: width).isActive = true }
        return stack
    }

    private func ids(_ views: [UIView]) -> [ObjectIdentifier] { views.map(ObjectIdentifier.init) }

    private func frames() -> [CGRect] { items.map(\.frame) }

    private func rects(_ values: [(CGFloat, CGFloat, CGFloat, CGFloat)]) -> [CGRect] {
        values.map { CGRect(x: $0.0, y: $0.1, width: $0.2, height: $0.3) }
    }

    func testAddingArrangedSubviewsMakesThemSubviewsPlacedByConstraints() {
        let stack = stack()
        XCTAssertEqual(ids(stack.arrangedSubviews), ids(items))
        XCTAssertEqual(ids(stack.subviews), ids(items))
        XCTAssertFalse(items[0].translatesAutoresizingMaskIntoConstraints)
        stack.removeArrangedSubview(items[1])
        XCTAssertEqual(stack.arrangedSubviews.count, 2)
        XCTAssertTrue(stack.subviews.contains { $0 === items[1] }, "removeArrangedSubview keeps it as a subview")
        items[0].removeFromSuperview()
        XCTAssertEqual(ids(stack.arrangedSubviews), ids([items[2]]), "removing the subview removes it from the arrangement")
    }

    /// .fill: "if the arranged views do not fill the stack view, it
    /// stretches the views according to their hugging priority".
    func testFillStretchesTheViewThatHugsLeast() {
        let stack = stack(width: 400)
        stack.spacing = 10
        items[1].setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        root.layoutIfNeeded()
        XCTAssertEqual(frames(), rects([(0, 0, 100, 30), (110, 0, 200, 30), (320, 0, 80, 30)]))
        XCTAssertEqual(stack.frame.size, CGSize(width: 400, height: 30), "fill alignment: as tall as the tallest")
    }

    /// .fill: "when the arranged views do not fit, it shrinks the views
    /// according to their compression resistance priority".
    func testFillShrinksTheViewThatResistsLeast() {
        _ = stack(width: 180)
        items[0].setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
        root.layoutIfNeeded()
        XCTAssertEqual(frames().map(\.width), [50, 50, 80])
    }

    /// .fillEqually: "all arranged views are the same size along the axis".
    func testFillEqually() {
        let stack = stack(width: 320)
        stack.distribution = .fillEqually
        stack.spacing = 10
        root.layoutIfNeeded()
        XCTAssertEqual(frames(), rects([(0, 0, 100, 30), (110, 0, 100, 30), (220, 0, 100, 30)]))
    }

    /// .fillProportionally: sizes in proportion to intrinsic sizes.
    func testFillProportionally() {
        let stack = stack(width: 420, sizes: [(100, 20), (60, 20), (40, 20)])
        stack.distribution = .fillProportionally
        stack.spacing = 10
        root.layoutIfNeeded()
        XCTAssertEqual(frames().map(\.width), [200, 120, 80])
        XCTAssertEqual(frames().map(\.minX), [0, 210, 340])
    }

    /// .equalSpacing: views at their intrinsic sizes, the room left shared
    /// evenly between them.
    func testEqualSpacing() {
        let stack = stack(width: 400)
        stack.distribution = .equalSpacing
        stack.spacing = 10
        root.layoutIfNeeded()
        XCTAssertEqual(frames().map(\.minX), [0, 185, 320])
        XCTAssertEqual(frames().map(\.width), [100, 50, 80])
    }

    /// .equalCentering: centers equally spaced.
    func testEqualCentering() {
        let stack = stack(width: 400)
        stack.distribution = .equalCentering
        root.layoutIfNeeded()
        XCTAssertEqual(frames().map(\.midX), [50, 205, 360])
    }

    /// Alignments across a row: top, center, bottom, fill; the stack is as
    /// tall as its tallest view and as wide as its views when nothing else
    /// sizes it.
    func testAlignmentsAcrossARow() {
        let stack = stack()
        for (alignment, ys) in [(UIStackView.Alignment.top, [0.0, 0, 0]), (.center, [5, 0, 10]), (.bottom, [10, 0, 20])] {
            stack.alignment = alignment
            root.layoutIfNeeded()
            XCTAssertEqual(frames().map(\.minY), ys.map { CGFloat($0) }, "\(alignment)")
            XCTAssertEqual(frames().map(\.height), [20, 30, 10], "\(alignment)")
            XCTAssertEqual(stack.frame.size, CGSize(width: 230, height: 30), "\(alignment)")
        }
        stack.alignment = .fill
        root.layoutIfNeeded()
        XCTAssertEqual(frames().map(\.height), [30, 30, 30])
    }

    /// Alignments across a column: leading, center, trailing.
    func testAlignmentsAcrossAColumn() {
        let stack = stack(.vertical)
        stack.spacing = 4
        for (alignment, xs) in [(UIStackView.Alignment.leading, [0.0, 0, 0]), (.center, [0, 25, 10]), (.trailing, [0, 50, 20])] {
            stack.alignment = alignment
            root.layoutIfNeeded()
            XCTAssertEqual(frames().map(\.minX), xs.map { CGFloat($0) }, "\(alignment)")
            XCTAssertEqual(frames().map(\.minY), [0, 24, 58])
            XCTAssertEqual(stack.frame.size, CGSize(width: 100, height: 68))
        }
    }

    /// A hidden arranged view gives up its place ("the stack view
    /// automatically updates its layout whenever views are … hidden").
    func testHiddenViewsCollapse() {
        let stack = stack()
        stack.spacing = 10
        root.layoutIfNeeded()
        XCTAssertEqual(frames().map(\.minX), [0, 110, 170])
        items[1].isHidden = true
        root.layoutIfNeeded()
        XCTAssertEqual(items[2].frame.minX, 110)
        XCTAssertEqual(items[1].frame.width, 0)
        XCTAssertEqual(stack.frame.width, 190)
        items[1].isHidden = false
        root.layoutIfNeeded()
        XCTAssertEqual(frames().map(\.minX), [0, 110, 170])
    }

    /// Hiding an arranged view inside an animation block animates the
    /// others into its place (the common `UIView.animate { view.isHidden = true }`).
    func testHidingInsideAnAnimationBlockAnimatesTheCollapse() {
        let stack = stack()
        stack.spacing = 10
        root.layoutIfNeeded()
        CATransaction.flush()
        UIView.animate(withDuration: 0.3) { self.items[1].isHidden = true }
        XCTAssertEqual(items[2].frame.minX, 110, "the model frame at once")
        let move = items[2].layer.animation(forKey: "position") as? CABasicAnimation
        XCTAssertNotNil(move, "the move is animated")
        XCTAssertEqual(move?.duration, 0.3)
    }

    func testCustomSpacingAfterAView() {
        let stack = stack()
        stack.spacing = 10
        stack.setCustomSpacing(30, after: items[0])
        XCTAssertEqual(stack.customSpacing(after: items[0]), 30)
        XCTAssertEqual(stack.customSpacing(after: items[1]), UIStackView.spacingUseDefault)
        root.layoutIfNeeded()
        XCTAssertEqual(frames().map(\.minX), [0, 130, 190])
    }

    func testLayoutMarginsRelativeArrangement() {
        let stack = stack()
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = UIEdgeInsets(top: 5, left: 12, bottom: 5, right: 12)
        root.layoutIfNeeded()
        XCTAssertEqual(frames().map(\.minX), [12, 112, 162])
        XCTAssertEqual(items[0].frame.minY, 5)
        XCTAssertEqual(stack.frame.size, CGSize(width: 254, height: 40))
    }

    /// Stacks nest: a column of rows sizes itself from its content.
    func testNestedStacks() {
        let rows = (0..<3).map { index -> UIStackView in
            let row = UIStackView(arrangedSubviews: [Sized(40, 20), Sized(CGFloat(60 + index * 10), 20)])
            row.spacing = 8
            return row
        }
        let column = UIStackView(arrangedSubviews: rows)
        column.axis = .vertical
        column.alignment = .leading
        column.spacing = 6
        column.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(column)
        NSLayoutConstraint.activate([column.centerXAnchor.constraint(equalTo: root.centerXAnchor),
                                     column.centerYAnchor.constraint(equalTo: root.centerYAnchor)])
        root.layoutIfNeeded()
        XCTAssertEqual(rows.map(\.frame.minY), [0, 26, 52])
        XCTAssertEqual(rows.map(\.frame.width), [108, 118, 128])
        XCTAssertEqual(column.frame, CGRect(x: 136, y: 114, width: 128, height: 72))
    }

    /// A row aligned on first baselines, whose first view is a column of
    /// labels: the row follows the label inside when its font changes.
    func testBaselinesThroughANestedStackFollowTextChanges() {
        let inner = UILabel(), side = UILabel()
        inner.text = "Inner"
        inner.font = .systemFont(ofSize: 12)
        side.text = "Side"
        side.font = .systemFont(ofSize: 14)
        let column = UIStackView(arrangedSubviews: [inner])
        column.axis = .vertical
        let row = UIStackView(arrangedSubviews: [column, side])
        row.alignment = .firstBaseline
        row.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(row)
        NSLayoutConstraint.activate([row.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     row.topAnchor.constraint(equalTo: root.topAnchor)])
        func baselines() -> (CGFloat, CGFloat) {
            (column.frame.minY + inner.frame.minY + inner.baselineMetrics!.firstBaseline,
             side.frame.minY + side.baselineMetrics!.firstBaseline)
        }
        root.layoutIfNeeded()
        XCTAssertEqual(baselines().0, baselines().1, accuracy: 0.5)
        inner.font = .systemFont(ofSize: 32)
        root.layoutIfNeeded()
        XCTAssertEqual(baselines().0, baselines().1, accuracy: 0.5)
        XCTAssertGreaterThan(side.frame.minY, 5, "the side label moved down to the bigger text's baseline")
    }

    /// Last-baseline alignment: a two-line label beside a one-line one
    /// share the baseline of their last lines.
    func testLastBaselineAlignment() {
        let twoLines = UILabel(), oneLine = UILabel()
        twoLines.numberOfLines = 0
        twoLines.text = "First line\nSecond line"
        oneLine.text = "Beside"
        let stack = UIStackView(arrangedSubviews: [twoLines, oneLine])
        stack.alignment = .lastBaseline
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        NSLayoutConstraint.activate([stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     stack.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        XCTAssertEqual(twoLines.frame.minY + twoLines.baselineMetrics!.lastBaseline + (twoLines.frame.height - twoLines.baselineMetrics!.textHeight) / 2,
                       oneLine.frame.minY + oneLine.baselineMetrics!.lastBaseline + (oneLine.frame.height - oneLine.baselineMetrics!.textHeight) / 2,
                       accuracy: 0.5)
        XCTAssertGreaterThan(oneLine.frame.minY, twoLines.frame.minY, "the one-line label sits at the second line")
    }

    /// Hiding the column's first label makes the next one the column's
    /// baseline view, and the row follows it.
    func testBaselineFollowsTheFirstVisibleViewOfANestedStack() {
        let title = UILabel(), subtitle = UILabel(), side = UILabel()
        title.text = "Title"
        title.font = .systemFont(ofSize: 30)
        subtitle.text = "Subtitle"
        subtitle.font = .systemFont(ofSize: 12)
        side.text = "Side"
        let column = UIStackView(arrangedSubviews: [title, subtitle])
        column.axis = .vertical
        let row = UIStackView(arrangedSubviews: [column, side])
        row.alignment = .firstBaseline
        row.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(row)
        NSLayoutConstraint.activate([row.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     row.topAnchor.constraint(equalTo: root.topAnchor)])
        func baseline(_ label: UILabel, in container: UIView?) -> CGFloat {
            (container?.frame.minY ?? 0) + label.frame.minY + label.baselineMetrics!.firstBaseline
        }
        root.layoutIfNeeded()
        XCTAssertEqual(baseline(title, in: column), baseline(side, in: nil), accuracy: 0.5)
        title.isHidden = true
        root.layoutIfNeeded()
        XCTAssertEqual(baseline(subtitle, in: column), baseline(side, in: nil), accuracy: 0.5)
    }

    /// Labels on a row aligned on their first baselines.
    func testFirstBaselineAlignment() {
        let big = UILabel(), small = UILabel()
        big.text = "Title"
        big.font = .systemFont(ofSize: 28)
        small.text = "detail"
        small.font = .systemFont(ofSize: 12)
        let stack = UIStackView(arrangedSubviews: [big, small])
        stack.alignment = .firstBaseline
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        NSLayoutConstraint.activate([stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     stack.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        let bigBaseline = big.frame.minY + big.baselineMetrics!.firstBaseline
        let smallBaseline = small.frame.minY + small.baselineMetrics!.firstBaseline
        XCTAssertEqual(bigBaseline, smallBaseline, accuracy: 0.5)
        XCTAssertEqual(big.frame.minY, 0)
        XCTAssertEqual(stack.frame.height, big.frame.height)
        XCTAssertTrue(logged.isEmpty, logged.joined())
    }
}
