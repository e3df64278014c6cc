import XCTest
@testable import StrataKit

/// UIVisualEffectView as Apple documents it: "Views that you add to the
/// contentView of a visual effect view aren't affected by the blur
/// effect"; `effect` is "either a UIBlurEffect or a UIVibrancyEffect";
/// setting it inside an animation block animates the effect. The
/// compositor's blur is not there yet: the material here is its tint.
final class VisualEffectViewTests: XCTestCase {
    func testABlurShowsItsMaterialUnderTheContent() throws {
        let view = UIVisualEffectView(effect: UIBlurEffect(style: .systemMaterialDark))
        view.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let label = UILabel()
        view.contentView.addSubview(label)
        view.layoutIfNeeded()
        XCTAssertEqual(view.contentView.frame, view.bounds)
        XCTAssertTrue(label.superview === view.contentView)
        let materialView = try XCTUnwrap(view.subviews.first)
        XCTAssertTrue(view.subviews.last === view.contentView, "the content sits above the material")
        XCTAssertEqual(materialView.frame, view.bounds)
        XCTAssertEqual(materialView.alpha, 1)
        let color = try XCTUnwrap(materialView.backgroundColor)
        var white: CGFloat = 0, alpha: CGFloat = 0
        XCTAssertTrue(color.getWhite(&white, alpha: &alpha))
        XCTAssertLessThan(white, 0.3, "a dark material is dark")
        XCTAssertGreaterThan(alpha, 0.5)
        XCTAssertLessThan(alpha, 1, "and lets the background through")
    }

    func testThinnerMaterialsShowMoreOfTheBackground() {
        func opacity(_ style: UIBlurEffect.Style) -> CGFloat {
            var white: CGFloat = 0, alpha: CGFloat = 0
            _ = UIBlurEffect(style: style).material(dark: false).getWhite(&white, alpha: &alpha)
            return alpha
        }
        XCTAssertLessThan(opacity(.systemUltraThinMaterial), opacity(.systemThinMaterial))
        XCTAssertLessThan(opacity(.systemThinMaterial), opacity(.systemMaterial))
        XCTAssertLessThan(opacity(.systemMaterial), opacity(.systemThickMaterial))
        XCTAssertEqual(UIBlurEffect(style: .light), UIBlurEffect(style: .light))
        XCTAssertNotEqual(UIBlurEffect(style: .light) as UIVisualEffect, UIBlurEffect(style: .dark))
    }

    func testSettingTheEffectInAnAnimationFadesIt() throws {
        let view = UIVisualEffectView(effect: nil)
        view.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let materialView = try XCTUnwrap(view.subviews.first)
        XCTAssertEqual(materialView.alpha, 0, "no effect, nothing shown")
        UIView.animate(withDuration: 0.3) { view.effect = UIBlurEffect(style: .regular) }
        XCTAssertEqual(materialView.alpha, 1)
        XCTAssertNotNil(materialView.layer.animation(forKey: "opacity"), "the material fades in")
        view.effect = UIVibrancyEffect(blurEffect: UIBlurEffect(style: .regular), style: .secondaryLabel)
        XCTAssertEqual(materialView.alpha, 0, "vibrancy adds no material of its own")
    }
}
