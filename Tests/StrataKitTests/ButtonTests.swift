import XCTest
@testable import StrataKit

/// UIButton: per-state values and their fallback, the system type's
/// defaults and highlight, sizes, layout and its actions.
final class ButtonTests: InputTestCase {
    private func image(_ width: CGFloat, _ height: CGFloat, _ color: UIColor = .red) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: width, height: height)).image { context in
            color.setFill()
            context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        }
    }

    /// UIButton, "Configuring the button title": "In general, if a property
    /// is not specified for a state, the default is to use the normal value."
    func testStateValuesFallBackToNormal() {
        let button = UIButton(type: .custom)
        let normal = image(10, 10), highlighted = image(10, 10, .blue)
        button.setTitle("Save", for: .normal)
        button.setTitle("Saving", for: .highlighted)
        button.setImage(normal, for: .normal)
        button.setImage(highlighted, for: .highlighted)
        button.setTitleColor(.red, for: .normal)

        XCTAssertEqual(button.title(for: .normal), "Save")
        XCTAssertEqual(button.title(for: .highlighted), "Saving")
        XCTAssertEqual(button.title(for: .disabled), "Save", "unset: the normal value")
        XCTAssertEqual(button.title(for: .selected), "Save")
        XCTAssertEqual(button.titleColor(for: .selected), .red)
        XCTAssertTrue(button.image(for: .disabled) === normal)

        XCTAssertEqual(button.currentTitle, "Save")
        button.isHighlighted = true
        XCTAssertEqual(button.currentTitle, "Saving")
        XCTAssertTrue(button.currentImage === highlighted)
        XCTAssertEqual(button.titleLabel?.text, "Saving", "the label shows the current state's title")
        XCTAssertTrue(button.imageView?.image === highlighted)
        button.isHighlighted = false
        XCTAssertEqual(button.titleLabel?.text, "Save")

        button.setTitle(nil, for: .highlighted)
        button.isHighlighted = true
        XCTAssertEqual(button.currentTitle, "Save", "a removed value falls back again")
    }

    /// "If the normal value is not set, then the property defaults to a
    /// system value": a system button's title is in its tint (the system's
    /// blue, or an inherited tint); a custom button's is white.
    func testDefaultTitleColors() {
        let system = UIButton(type: .system)
        XCTAssertEqual(system.currentTitleColor, .systemBlue)
        XCTAssertEqual(UIButton(type: .custom).currentTitleColor, .white)
        XCTAssertEqual(UIButton(frame: .zero).buttonType, .custom, "init(frame:) makes a custom button")

        system.setTitle("Go", for: .normal)
        let container = UIView()
        container.tintColor = .systemRed
        container.addSubview(system)
        XCTAssertEqual(system.currentTitleColor, .systemRed, "the superview's tint")
        XCTAssertEqual(system.titleLabel?.textColor, .systemRed, "the label follows a tint change")
        container.tintColor = .systemOrange
        XCTAssertEqual(system.titleLabel?.textColor, .systemOrange)
        system.isEnabled = false
        XCTAssertNotEqual(system.titleLabel?.textColor, .systemOrange, "disabled: gray")
    }

    /// A highlighted system button dims its title and image, as UIKit's
    /// does; a custom button shows its highlighted values instead.
    func testSystemButtonDimsWhileHighlighted() {
        let system = UIButton(type: .system)
        system.setTitle("Go", for: .normal)
        system.setImage(image(8, 8), for: .normal)
        system.isHighlighted = true
        XCTAssertLessThan(system.titleLabel!.alpha, 0.5)
        XCTAssertLessThan(system.imageView!.alpha, 0.5)
        system.isHighlighted = false
        XCTAssertEqual(system.titleLabel!.alpha, 1)

        let custom = UIButton(type: .custom)
        custom.setTitle("Go", for: .normal)
        custom.isHighlighted = true
        XCTAssertEqual(custom.titleLabel!.alpha, 1)
    }

    /// `sizeThatFits(_:)`/`intrinsicContentSize`: the image and the title
    /// side by side, plus `contentEdgeInsets`; the system button is 30
    /// points tall around its 15-point title.
    func testSizesAddImageTitleAndInsets() throws {
        let button = UIButton(type: .custom)
        button.setImage(image(20, 24), for: .normal)
        XCTAssertEqual(button.intrinsicContentSize, CGSize(width: 20, height: 24))
        button.setTitle("Save", for: .normal)
        let title = try XCTUnwrap(button.titleLabel).intrinsicContentSize
        XCTAssertGreaterThan(title.width, 20)
        XCTAssertEqual(button.intrinsicContentSize, CGSize(width: 20 + title.width, height: max(24, title.height)))
        button.contentEdgeInsets = UIEdgeInsets(top: 5, left: 10, bottom: 7, right: 12)
        XCTAssertEqual(button.sizeThatFits(.zero),
                       CGSize(width: 42 + title.width, height: 12 + max(24, title.height)))

        let system = UIButton(type: .system)
        system.setTitle("Save", for: .normal)
        XCTAssertEqual(system.titleLabel?.font.pointSize, 15)
        XCTAssertEqual(system.intrinsicContentSize.height, 30)
        system.sizeToFit()
        XCTAssertEqual(system.bounds.size, system.intrinsicContentSize)
    }

    /// Image then title, centered together in the bounds less the insets;
    /// the background image fills the bounds behind them.
    func testLayoutCentersContentInsideInsets() throws {
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        button.setImage(image(20, 20), for: .normal)
        button.setTitle("Save", for: .normal)
        button.setBackgroundImage(image(4, 4, .green), for: .normal)
        button.contentEdgeInsets = UIEdgeInsets(top: 0, left: 40, bottom: 0, right: 0)
        button.layoutIfNeeded()
        let imageFrame = try XCTUnwrap(button.imageView).frame
        let titleFrame = try XCTUnwrap(button.titleLabel).frame
        XCTAssertEqual(imageFrame.maxX, titleFrame.minX, "the title right after the image")
        XCTAssertEqual((imageFrame.minX + titleFrame.maxX) / 2, 120, accuracy: 1, "centered in x 40…200")
        XCTAssertEqual(imageFrame.midY, 30)
        let background = try XCTUnwrap(button.subviews.first as? UIImageView)
        XCTAssertEqual(background.frame, button.bounds)
        XCTAssertNotNil(background.image)
    }

    /// A tap sends `.touchUpInside` through UIControl, to a method reference
    /// and to the primary action; a disabled button sends nothing.
    func testTapSendsTouchUpInsideAndPrimaryAction() {
        final class Controller {
            var saves = 0
            func save(_ sender: UIButton) { saves += 1 }
        }
        let controller = Controller()
        var primary = 0
        let button = UIButton(type: .system, primaryAction: UIAction(title: "Save") { _ in primary += 1 })
        button.frame = CGRect(x: 10, y: 10, width: 100, height: 40)
        window.addSubview(button)
        button.addTarget(controller, action: Controller.save, for: .touchUpInside)
        XCTAssertEqual(button.currentTitle, "Save", "the primary action's title")

        touchDown(at: CGPoint(x: 50, y: 30))
        XCTAssertTrue(button.isHighlighted)
        XCTAssertEqual(button.state, .highlighted)
        touchUp()
        XCTAssertFalse(button.isHighlighted)
        XCTAssertEqual(controller.saves, 1)
        XCTAssertEqual(primary, 1)

        advance(1)
        button.isEnabled = false
        tap(at: CGPoint(x: 50, y: 30))
        XCTAssertEqual(controller.saves, 1)
        XCTAssertEqual(primary, 1)
    }
}
