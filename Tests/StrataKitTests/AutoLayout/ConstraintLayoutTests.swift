import XCTest
@testable import StrataKit

/// NSLayoutConstraint and the anchor API, as the NSLayoutConstraint,
/// NSLayoutAnchor and UIView references and the Auto Layout Guide describe
/// them, checked through the frames layout gives.
final class ConstraintLayoutTests: AutoLayoutTestCase {
    /// Auto Layout Guide, "Anatomy of a Constraint": item1.attribute1 =
    /// multiplier × item2.attribute2 + constant.
    func testEdgesPinnedWithConstants() {
        let view = constrained()
        NSLayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            view.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -30),
            view.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            view.heightAnchor.constraint(equalToConstant: 44),
        ])
        root.layoutIfNeeded()
        assertFrame(view, 20, 10, 350, 44)
    }

    /// The classic initializer, with a multiplier on a position (a view's
    /// center at a quarter of its superview's width).
    func testItemAttributeInitializerWithMultiplier() {
        let view = constrained()
        root.addConstraints([
            NSLayoutConstraint(item: view, attribute: .centerX, relatedBy: .equal, toItem: root, attribute: .centerX,
                               multiplier: 0.5, constant: 0),
            NSLayoutConstraint(item: view, attribute: .centerY, relatedBy: .equal, toItem: root, attribute: .centerY,
                               multiplier: 1, constant: 0),
            NSLayoutConstraint(item: view, attribute: .width, relatedBy: .equal, toItem: root, attribute: .width,
                               multiplier: 0.25, constant: 0),
            NSLayoutConstraint(item: view, attribute: .height, relatedBy: .equal, toItem: view, attribute: .width,
                               multiplier: 0.5, constant: 0),
        ])
        root.layoutIfNeeded()
        assertFrame(view, 50, 125, 100, 50)
        XCTAssertEqual(root.constraints.count, 4, "addConstraint holds the constraints on the view")
    }

    /// isActive "adds the constraint to the closest common ancestor of the
    /// items" (NSLayoutConstraint.isActive).
    func testActivationInstallsOnTheClosestCommonAncestor() {
        let container = constrained()
        let a = constrained(container), b = constrained(container)
        let between = a.trailingAnchor.constraint(equalTo: b.leadingAnchor)
        between.isActive = true
        XCTAssertTrue(container.constraints.contains(between))
        XCTAssertFalse(root.constraints.contains(between))
        let size = a.widthAnchor.constraint(equalToConstant: 10)
        size.isActive = true
        XCTAssertTrue(a.constraints.contains(size), "a constraint with one item is held by that item")
        between.isActive = false
        XCTAssertFalse(container.constraints.contains(between))
        XCTAssertFalse(between.isActive)
    }

    /// Views in different superviews line up: positions are compared in
    /// the common ancestor's coordinates.
    func testConstraintsAcrossSuperviews() {
        let left = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 100))
        let right = UIView(frame: CGRect(x: 200, y: 50, width: 150, height: 150))
        root.addSubview(left)
        root.addSubview(right)
        let marker = constrained(left)
        let follower = constrained(right)
        NSLayoutConstraint.activate([
            marker.leadingAnchor.constraint(equalTo: left.leadingAnchor, constant: 5),
            marker.topAnchor.constraint(equalTo: left.topAnchor, constant: 60),
            marker.widthAnchor.constraint(equalToConstant: 10), marker.heightAnchor.constraint(equalToConstant: 10),
            // The follower's top lines up with the marker's, in root coordinates.
            follower.topAnchor.constraint(equalTo: marker.topAnchor),
            follower.leadingAnchor.constraint(equalTo: right.leadingAnchor),
            follower.widthAnchor.constraint(equalToConstant: 20), follower.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        assertFrame(marker, 5, 60, 10, 10)
        // The marker's top is at 20 + 60 = 80 in root; right's top is at 50.
        assertFrame(follower, 0, 30, 20, 20)
    }

    /// Changing `constant` re-lays out ("you can modify the constant of an active constraint").
    func testChangingTheConstantMovesTheView() {
        let view = constrained()
        let left = view.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10)
        NSLayoutConstraint.activate([left, view.topAnchor.constraint(equalTo: root.topAnchor),
                                     view.widthAnchor.constraint(equalToConstant: 50),
                                     view.heightAnchor.constraint(equalToConstant: 50)])
        root.layoutIfNeeded()
        assertFrame(view, 10, 0, 50, 50)
        left.constant = 120
        root.layoutIfNeeded()
        assertFrame(view, 120, 0, 50, 50)
        left.isActive = false
        let right = view.rightAnchor.constraint(equalTo: root.rightAnchor)
        right.isActive = true
        root.layoutIfNeeded()
        assertFrame(view, 350, 0, 50, 50)
    }

    /// Priorities: "the layout engine tries to satisfy all the constraints
    /// in priority order"; an optional constraint that cannot hold comes as
    /// close as it can.
    func testOptionalConstraintsGiveWayToRequiredOnes() {
        let view = constrained()
        let wish = view.widthAnchor.constraint(equalToConstant: 600)
        wish.priority = .defaultHigh
        let weaker = view.widthAnchor.constraint(equalToConstant: 100)
        weaker.priority = .defaultLow
        NSLayoutConstraint.activate([
            wish, weaker,
            view.widthAnchor.constraint(lessThanOrEqualTo: root.widthAnchor, constant: -20),
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            view.topAnchor.constraint(equalTo: root.topAnchor), view.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        XCTAssertEqual(view.frame.width, 380, "as close to 600 as the required cap allows; the weaker wish loses")
        wish.priority = UILayoutPriority(200)
        root.layoutIfNeeded()
        XCTAssertEqual(view.frame.width, 100, "now the 250 wins over the 200")
    }

    /// Intrinsic content size with hugging and compression resistance
    /// (Auto Layout Guide, "Intrinsic Content Size"): the view with the
    /// lower hugging priority stretches; the one with the lower compression
    /// resistance shrinks.
    func testHuggingAndCompressionResistanceBetweenTwoViews() {
        let first = Sized(100, 20), second = Sized(80, 20)
        root.addSubview(first)
        root.addSubview(second)
        let trailing = second.trailingAnchor.constraint(equalTo: root.trailingAnchor)
        NSLayoutConstraint.activate([
            first.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            second.leadingAnchor.constraint(equalTo: first.trailingAnchor, constant: 10),
            trailing,
            first.topAnchor.constraint(equalTo: root.topAnchor), second.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        first.setContentHuggingPriority(.defaultLow + 1, for: .horizontal)
        root.layoutIfNeeded()
        XCTAssertEqual(first.frame.width, 100, "the first hugs harder (251)")
        XCTAssertEqual(second.frame.width, 290)
        XCTAssertEqual(first.frame.height, 20, "intrinsic height with nothing else saying otherwise")

        trailing.constant = -250  // 150 points for 190 of content
        first.setContentCompressionResistancePriority(.defaultHigh + 1, for: .horizontal)
        root.layoutIfNeeded()
        XCTAssertEqual(first.frame.width, 100, "the first resists compression harder (751)")
        XCTAssertEqual(second.frame.width, 40)
    }

    /// The Auto Layout Guide's two labels in a row ("Setting Content-Hugging
    /// and Compression-Resistance Priorities"): the name label hugs
    /// (251), so the value label takes the rest; squeezed, the name resists
    /// harder (751) and the value label is truncated.
    func testHuggingAndCompressionResistanceBetweenTwoLabels() {
        let name = UILabel(), value = UILabel()
        name.text = "Name"
        value.text = "A value"
        for label in [name, value] {
            label.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(label)
        }
        let trailing = value.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20)
        NSLayoutConstraint.activate([
            name.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            value.leadingAnchor.constraint(equalTo: name.trailingAnchor, constant: 8), trailing,
            name.firstBaselineAnchor.constraint(equalTo: value.firstBaselineAnchor),
            name.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
        ])
        name.setContentHuggingPriority(.defaultLow + 1, for: .horizontal)
        name.setContentCompressionResistancePriority(.defaultHigh + 1, for: .horizontal)
        root.layoutIfNeeded()
        let nameWidth = name.intrinsicContentSize.width
        XCTAssertEqual(name.frame.width, nameWidth, "the name hugs its text")
        XCTAssertEqual(value.frame.maxX, 380, "the value takes the rest of the row")
        XCTAssertGreaterThan(value.frame.width, value.intrinsicContentSize.width)

        trailing.constant = -(400 - 20 - nameWidth - 8 - 10)
        root.layoutIfNeeded()
        XCTAssertEqual(name.frame.width, nameWidth, "the name resists compression harder")
        XCTAssertEqual(value.frame.width, 10, "the value is squeezed")
    }

    /// invalidateIntrinsicContentSize() "allows your constraint-based layout
    /// to take a view's new intrinsic content size into account".
    func testInvalidatedIntrinsicSizeRelaysOut() {
        let view = Sized(50, 50)
        root.addSubview(view)
        NSLayoutConstraint.activate([view.centerXAnchor.constraint(equalTo: root.centerXAnchor),
                                     view.centerYAnchor.constraint(equalTo: root.centerYAnchor)])
        root.layoutIfNeeded()
        assertFrame(view, 175, 125, 50, 50)
        view.size = CGSize(width: 100, height: 20)
        root.layoutIfNeeded()
        assertFrame(view, 150, 140, 100, 20)
    }

    /// translatesAutoresizingMaskIntoConstraints: "the view's autoresizing
    /// mask is translated into a set of constraints", so a constrained
    /// child of an autoresizing parent follows the parent's resizing.
    func testAutoresizingMaskBecomesConstraintsInMixedLayouts() {
        let panel = UIView(frame: CGRect(x: 20, y: 20, width: 360, height: 100))
        panel.autoresizingMask = [.flexibleWidth]
        root.addSubview(panel)
        let bar = constrained(panel)
        NSLayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: panel.leadingAnchor, constant: 10),
            bar.trailingAnchor.constraint(equalTo: panel.trailingAnchor, constant: -10),
            bar.topAnchor.constraint(equalTo: panel.topAnchor), bar.heightAnchor.constraint(equalToConstant: 8),
        ])
        root.layoutIfNeeded()
        assertFrame(bar, 10, 0, 340, 8)
        root.frame.size.width = 600
        root.layoutIfNeeded()
        XCTAssertEqual(panel.frame, CGRect(x: 20, y: 20, width: 560, height: 100), "autoresizing, as before")
        assertFrame(bar, 10, 0, 540, 8)

        // A sibling placed by constraints relative to the autoresizing panel.
        let badge = constrained()
        NSLayoutConstraint.activate([
            badge.leadingAnchor.constraint(equalTo: panel.trailingAnchor, constant: -30),
            badge.topAnchor.constraint(equalTo: panel.bottomAnchor, constant: 5),
            badge.widthAnchor.constraint(equalToConstant: 30), badge.heightAnchor.constraint(equalToConstant: 30),
        ])
        root.layoutIfNeeded()
        assertFrame(badge, 550, 125, 30, 30)
    }

    /// Layout margins default to 8 points; the margins guide and margin
    /// attributes follow them, and safe-area anchors the safe area.
    func testMarginsAndSafeAreaGuides() {
        let inMargins = constrained(), inSafeArea = constrained()
        NSLayoutConstraint.activate([
            inMargins.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            inMargins.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
            inMargins.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor),
            inMargins.heightAnchor.constraint(equalToConstant: 10),
            inSafeArea.leadingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.leadingAnchor),
            inSafeArea.bottomAnchor.constraint(equalTo: root.safeAreaLayoutGuide.bottomAnchor),
            inSafeArea.widthAnchor.constraint(equalToConstant: 10), inSafeArea.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        assertFrame(inMargins, 8, 8, 384, 10)
        assertFrame(inSafeArea, 0, 290, 10, 10)

        root.layoutMargins = UIEdgeInsets(top: 20, left: 30, bottom: 20, right: 40)
        root.layoutIfNeeded()
        assertFrame(inMargins, 30, 20, 330, 10)

        let viaAttribute = constrained()
        root.addConstraint(NSLayoutConstraint(item: viaAttribute, attribute: .leading, relatedBy: .equal, toItem: root,
                                              attribute: .leadingMargin, multiplier: 1, constant: 0))
        NSLayoutConstraint.activate([viaAttribute.topAnchor.constraint(equalTo: root.topAnchor),
                                     viaAttribute.widthAnchor.constraint(equalToConstant: 5),
                                     viaAttribute.heightAnchor.constraint(equalToConstant: 5)])
        root.layoutIfNeeded()
        XCTAssertEqual(viaAttribute.frame.minX, 30, ".leadingMargin is the margins guide's leading edge")
    }

    /// readableContentGuide: never wider than the margins, at most the
    /// readable width, centered in the margins.
    func testReadableContentGuide() {
        root.frame.size.width = 1000
        let text = constrained()
        NSLayoutConstraint.activate([
            text.leadingAnchor.constraint(equalTo: root.readableContentGuide.leadingAnchor),
            text.trailingAnchor.constraint(equalTo: root.readableContentGuide.trailingAnchor),
            text.topAnchor.constraint(equalTo: root.topAnchor), text.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        assertFrame(text, 164, 0, 672, 10)
        root.frame.size.width = 400
        root.layoutIfNeeded()
        assertFrame(text, 8, 0, 384, 10)
    }

    /// alignmentRectInsets: constraints place the alignment rect, and the
    /// frame reaches past it by the insets (a badge's shadow, say).
    func testAlignmentRectInsets() {
        final class Badge: UIView {
            override var alignmentRectInsets: UIEdgeInsets { UIEdgeInsets(top: 2, left: 4, bottom: 6, right: 4) }
        }
        let badge = Badge()
        badge.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(badge)
        NSLayoutConstraint.activate([badge.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                                     badge.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
                                     badge.widthAnchor.constraint(equalToConstant: 40), badge.heightAnchor.constraint(equalToConstant: 20)])
        root.layoutIfNeeded()
        assertFrame(badge, 6, 8, 48, 28)
        XCTAssertEqual(badge.alignmentRect(forFrame: badge.frame), CGRect(x: 10, y: 10, width: 40, height: 20))
    }

    /// keyboardLayoutGuide with no keyboard shown: its top is the safe
    /// area's bottom, or the view's bottom when it does not use the safe area.
    func testKeyboardLayoutGuideWithoutAKeyboard() {
        let bar = constrained()
        NSLayoutConstraint.activate([bar.bottomAnchor.constraint(equalTo: root.keyboardLayoutGuide.topAnchor),
                                     bar.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     bar.widthAnchor.constraint(equalToConstant: 10), bar.heightAnchor.constraint(equalToConstant: 10)])
        root.layoutIfNeeded()
        XCTAssertEqual(bar.frame.maxY, 300)
        XCTAssertTrue(root.keyboardLayoutGuide.usesBottomSafeArea)
        XCTAssertEqual(root.keyboardLayoutGuide.layoutFrame.height, 0)
    }

    /// A guide added with addLayoutGuide(_:) is placed like a view: two
    /// spacer guides of equal width center a view between two others.
    func testPlainLayoutGuidesAsSpacers() {
        let view = constrained()
        let leftSpace = UILayoutGuide(), rightSpace = UILayoutGuide()
        root.addLayoutGuide(leftSpace)
        root.addLayoutGuide(rightSpace)
        XCTAssertEqual(root.layoutGuides.count, 2)
        NSLayoutConstraint.activate([
            leftSpace.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 100),
            leftSpace.trailingAnchor.constraint(equalTo: view.leadingAnchor),
            view.trailingAnchor.constraint(equalTo: rightSpace.leadingAnchor),
            rightSpace.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            leftSpace.widthAnchor.constraint(equalTo: rightSpace.widthAnchor),
            view.widthAnchor.constraint(equalToConstant: 100),
            view.topAnchor.constraint(equalTo: root.topAnchor), view.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        assertFrame(view, 200, 0, 100, 10)
        XCTAssertEqual(leftSpace.layoutFrame.minX, 100)
        XCTAssertEqual(leftSpace.layoutFrame.width, 100)
    }

    /// removeFromSuperview: "removes any constraints that refer to the view
    /// you are removing, or that refer to any view in the subtree".
    func testRemovingAViewRemovesConstraintsThatReachOutside() {
        let container = constrained()
        let child = constrained(container)
        let outside = child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 5)
        let inside = child.widthAnchor.constraint(equalTo: container.widthAnchor)
        NSLayoutConstraint.activate([outside, inside])
        container.removeFromSuperview()
        XCTAssertFalse(outside.isActive)
        XCTAssertTrue(inside.isActive, "held by the container, inside the removed subtree")
    }

    /// A constraint deactivated by a move and activated again in the same
    /// turn is measured along the view's new path to the common ancestor.
    func testReactivatingAfterAMoveInTheSameTurnUsesTheNewPath() {
        let first = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let second = UIView(frame: CGRect(x: 200, y: 0, width: 100, height: 100))
        root.addSubview(first)
        root.addSubview(second)
        let view = constrained(first)
        let leading = view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 250)
        NSLayoutConstraint.activate([leading, view.topAnchor.constraint(equalTo: first.topAnchor),
                                     view.widthAnchor.constraint(equalToConstant: 10), view.heightAnchor.constraint(equalToConstant: 10)])
        root.layoutIfNeeded()
        XCTAssertEqual(view.frame.minX, 250)
        second.addSubview(view)
        XCTAssertFalse(leading.isActive, "it reached outside the moved view")
        leading.isActive = true
        view.topAnchor.constraint(equalTo: second.topAnchor).isActive = true
        root.layoutIfNeeded()
        XCTAssertEqual(view.frame.minX, 50, "250 in the root is 50 in the second container")
    }

    /// A constraint that goes leaves the view to what the others say: the
    /// view is laid out again (here its width falls to its intrinsic one).
    func testDeactivatingAConstraintRelaysOutTheView() {
        let view = Sized(40, 20)
        root.addSubview(view)
        let width = view.widthAnchor.constraint(equalToConstant: 100)
        NSLayoutConstraint.activate([width, view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     view.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        XCTAssertEqual(view.frame.width, 100)
        width.isActive = false
        root.layoutIfNeeded()
        XCTAssertEqual(view.frame.width, 40)
    }

    /// A constant set in viewWillLayoutSubviews, or in layoutSubviews
    /// before calling super, applies in the same pass (UIKit applies the
    /// engine's frames in UIView.layoutSubviews).
    func testConstantsSetDuringTheLayoutPassApplyInIt() {
        final class Controller: UIViewController {
            let box = UIView()
            var left: NSLayoutConstraint!
            var nextConstant: CGFloat = 10
            override func viewDidLoad() {
                super.viewDidLoad()
                box.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(box)
                left = box.leftAnchor.constraint(equalTo: view.leftAnchor)
                NSLayoutConstraint.activate([left, box.topAnchor.constraint(equalTo: view.topAnchor),
                                             box.widthAnchor.constraint(equalToConstant: 10), box.heightAnchor.constraint(equalToConstant: 10)])
            }
            override func viewWillLayoutSubviews() {
                super.viewWillLayoutSubviews()
                left.constant = nextConstant
            }
        }
        let controller = Controller()
        controller.view.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        root.addSubview(controller.view)
        root.layoutIfNeeded()
        XCTAssertEqual(controller.box.frame.minX, 10)
        controller.nextConstant = 60
        controller.view.setNeedsLayout()
        controller.view.layoutIfNeeded()
        XCTAssertEqual(controller.box.frame.minX, 60, "in the same pass")

        final class Panel: UIView {
            let box = UIView()
            var left: NSLayoutConstraint!
            var nextConstant: CGFloat = 5
            override init(frame: CGRect) {
                super.init(frame: frame)
                box.translatesAutoresizingMaskIntoConstraints = false
                addSubview(box)
                left = box.leftAnchor.constraint(equalTo: leftAnchor)
                NSLayoutConstraint.activate([left, box.topAnchor.constraint(equalTo: topAnchor),
                                             box.widthAnchor.constraint(equalToConstant: 10), box.heightAnchor.constraint(equalToConstant: 10)])
            }
            required init?(coder: NSCoder) { nil }
            override func layoutSubviews() {
                left.constant = nextConstant
                super.layoutSubviews()
            }
        }
        let panel = Panel(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.addSubview(panel)
        root.layoutIfNeeded()
        XCTAssertEqual(panel.box.frame.minX, 5)
        panel.nextConstant = 30
        panel.setNeedsLayout()
        panel.layoutIfNeeded()
        XCTAssertEqual(panel.box.frame.minX, 30, "applied by super.layoutSubviews()")
    }

    /// Views that go take their constraints out of the one engine, so
    /// screens that come and go do not make layout slower.
    func testViewsThatGoLeaveTheEngine() {
        let engine = LayoutEngine.shared
        root.layoutIfNeeded()
        let before = engine.solver.constraintCount
        do {
            let card = constrained()
            let title = Sized(80, 20)
            card.addSubview(title)
            NSLayoutConstraint.activate([card.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                         card.topAnchor.constraint(equalTo: root.topAnchor),
                                         title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8),
                                         title.topAnchor.constraint(equalTo: card.topAnchor, constant: 8),
                                         card.trailingAnchor.constraint(equalTo: title.trailingAnchor, constant: 8),
                                         card.bottomAnchor.constraint(equalTo: title.bottomAnchor, constant: 8)])
            root.layoutIfNeeded()
            XCTAssertEqual(card.frame.size, CGSize(width: 96, height: 36))
            XCTAssertGreaterThan(engine.solver.constraintCount, before)
            card.removeFromSuperview()
        }
        root.layoutIfNeeded()
        engine.sync()
        XCTAssertEqual(engine.solver.constraintCount, before, "the card's constraints, held by views that are gone, left: \(engine.solver.constraints.suffix(6))")
    }

    /// Conflicting required constraints: UIKit logs the conflict and
    /// recovers by breaking one; the others still hold.
    func testUnsatisfiableConstraintsAreLoggedAndOneIsBroken() {
        let view = constrained()
        let wide = view.widthAnchor.constraint(equalToConstant: 100)
        let narrow = view.widthAnchor.constraint(equalToConstant: 50)
        narrow.identifier = "narrow"
        NSLayoutConstraint.activate([wide, view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     view.topAnchor.constraint(equalTo: root.topAnchor),
                                     view.heightAnchor.constraint(equalToConstant: 10)])
        root.layoutIfNeeded()
        narrow.isActive = true
        root.layoutIfNeeded()
        XCTAssertEqual(view.frame.width, 100)
        let message = logged.joined()
        XCTAssertTrue(message.contains("Unable to simultaneously satisfy constraints."), message)
        XCTAssertTrue(message.contains("Will attempt to recover by breaking constraint \n<NSLayoutConstraint:"), message)
        XCTAssertTrue(message.contains("'narrow'"), message)
        XCTAssertTrue(narrow.isActive, "a broken constraint stays active, as in UIKit")
    }

    /// Forgetting translatesAutoresizingMaskIntoConstraints = false is the
    /// classic conflict; the log names the autoresizing constraints.
    func testConflictWithAnAutoresizingMaskIsExplained() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(view)
        view.widthAnchor.constraint(equalToConstant: 100).isActive = true
        root.layoutIfNeeded()
        let message = logged.joined()
        XCTAssertTrue(message.contains("NSAutoresizingMaskLayoutConstraint"), message)
        XCTAssertTrue(message.contains("h=--& v=--&"), message)
        XCTAssertEqual(view.frame.width, 10)
    }

    /// hasAmbiguousLayout: "true if the view's frame is ambiguous".
    func testAmbiguityIsReportedAndExercised() {
        let view = constrained()
        NSLayoutConstraint.activate([view.leadingAnchor.constraint(greaterThanOrEqualTo: root.leadingAnchor),
                                     view.topAnchor.constraint(equalTo: root.topAnchor),
                                     view.widthAnchor.constraint(equalToConstant: 50),
                                     view.heightAnchor.constraint(equalToConstant: 50)])
        root.layoutIfNeeded()
        XCTAssertTrue(view.hasAmbiguousLayout)
        let before = view.frame.minX
        view.exerciseAmbiguityInLayout()
        XCTAssertNotEqual(view.frame.minX, before, "another frame the constraints allow")
        XCTAssertGreaterThanOrEqual(view.frame.minX, 0)
        view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 7).isActive = true
        XCTAssertFalse(view.hasAmbiguousLayout)
    }

    /// systemLayoutSizeFitting(_:): "the size of the view that satisfies
    /// the constraints it holds"; the view's own frame does not change.
    func testSystemLayoutSizeFittingSizesToContent() {
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(card)
        let title = Sized(120, 20), body = Sized(200, 60)
        card.addSubview(title)
        card.addSubview(body)
        NSLayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: card.topAnchor, constant: 12),
            title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 16),
            title.trailingAnchor.constraint(lessThanOrEqualTo: card.trailingAnchor, constant: -16),
            body.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 8),
            body.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 16),
            body.trailingAnchor.constraint(lessThanOrEqualTo: card.trailingAnchor, constant: -16),
            body.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -12),
        ])
        let compressed = card.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        XCTAssertEqual(compressed, CGSize(width: 232, height: 112))
        let fixedWidth = card.systemLayoutSizeFitting(CGSize(width: 300, height: 0), withHorizontalFittingPriority: .required,
                                                      verticalFittingPriority: .fittingSizeLevel)
        XCTAssertEqual(fixedWidth, CGSize(width: 300, height: 112))
        XCTAssertEqual(card.frame.size, CGSize(width: 10, height: 10), "the frame is untouched")
        XCTAssertTrue(logged.isEmpty, logged.joined())
    }

    /// updateConstraints runs before layout, for views that asked, from the
    /// leaves up ("updating constraints happens bottom-up").
    func testUpdateConstraintsRunsBottomUpBeforeLayout() {
        final class Recording: UIView {
            var record: (String) -> Void = { _ in }
            var name = ""
            override func updateConstraints() {
                record("update \(name)")
                super.updateConstraints()
            }
            override func layoutSubviews() {
                record("layout \(name)")
            }
        }
        var events: [String] = []
        let outer = Recording(), inner = Recording()
        outer.name = "outer"; inner.name = "inner"
        outer.record = { events.append($0) }; inner.record = { events.append($0) }
        root.addSubview(outer)
        outer.addSubview(inner)
        outer.setNeedsUpdateConstraints()
        inner.setNeedsUpdateConstraints()
        XCTAssertTrue(inner.needsUpdateConstraints())
        outer.setNeedsLayout()
        inner.setNeedsLayout()
        root.layoutIfNeeded()
        XCTAssertEqual(events, ["update inner", "update outer", "layout outer", "layout inner"])
        XCTAssertFalse(inner.needsUpdateConstraints())
    }

    /// "Animate changes made by Auto Layout": change a constant, then call
    /// layoutIfNeeded() in an animation block; the frame change animates.
    func testConstantChangeAnimatesThroughLayoutIfNeeded() {
        let view = constrained()
        let top = view.topAnchor.constraint(equalTo: root.topAnchor, constant: 0)
        NSLayoutConstraint.activate([top, view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     view.widthAnchor.constraint(equalToConstant: 40),
                                     view.heightAnchor.constraint(equalToConstant: 40)])
        root.layoutIfNeeded()
        CATransaction.flush()
        top.constant = 100
        UIView.animate(withDuration: 0.3) {
            self.root.layoutIfNeeded()
        }
        assertFrame(view, 0, 100, 40, 40)
        let animation = view.layer.animation(forKey: "position") as? CABasicAnimation
        XCTAssertNotNil(animation)
        XCTAssertEqual(animation?.duration, 0.3)
    }

    /// A label's baselines: two labels of different fonts lined up on
    /// their last baselines.
    func testBaselineAlignmentOfLabels() {
        let big = UILabel(), small = UILabel()
        big.text = "Big"
        big.font = .systemFont(ofSize: 30)
        small.text = "small"
        small.font = .systemFont(ofSize: 12)
        for label in [big, small] {
            label.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(label)
        }
        NSLayoutConstraint.activate([
            big.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            big.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            small.leadingAnchor.constraint(equalTo: big.trailingAnchor, constant: 4),
            small.lastBaselineAnchor.constraint(equalTo: big.lastBaselineAnchor),
        ])
        root.layoutIfNeeded()
        let bigBaseline = big.frame.minY + big.baselineMetrics!.lastBaseline
        let smallBaseline = small.frame.minY + small.baselineMetrics!.lastBaseline
        XCTAssertEqual(bigBaseline, smallBaseline, accuracy: 0.5)
        XCTAssertGreaterThan(small.frame.minY, big.frame.minY)
    }
}
