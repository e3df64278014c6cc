import XCTest
import StrataProtocol
@testable import StrataKit

/// UIVisualEffectView as Apple documents it: "Views that you add to the
/// contentView of a visual effect view aren't affected by the blur
/// effect"; `effect` is "either a UIBlurEffect or a UIVibrancyEffect";
/// setting it inside an animation block animates the effect. The material
/// is a backdrop the compositor blurs; on a compositor that cannot blur,
/// its flat tint.
final class VisualEffectViewTests: StylingTestCase {
    func testABlurIsABackdropUnderTheContent() throws {
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
        let backdrop = try XCTUnwrap(materialView.layer.backdrop)
        XCTAssertEqual(backdrop.radius, 30)
        XCTAssertEqual(backdrop.saturation, 1.8)
        XCTAssertLessThan(backdrop.tintColor.red, 0.3, "a dark material is dark")
        XCTAssertGreaterThan(backdrop.tintColor.alpha, 0.5)
        XCTAssertLessThan(backdrop.tintColor.alpha, 1, "and lets the blur through")
        XCTAssertNil(view.contentView.layer.backdrop, "the content is not blurred")

        // What goes to a compositor of version 4: set_backdrop, no background.
        XCTAssertEqual(node(of: materialView.layer).requests.filter { if case .backdrop = $0 { true } else { false } },
                       [.backdrop(backdrop)])
        XCTAssertEqual(node(of: materialView.layer).backgrounds, [])
    }

    /// On a compositor without backdrops the material is today's flat tint, sent as the background.
    func testWithoutBackdropsTheTintIsTheBackground() throws {
        transport.hasBackdrops = false
        let view = UIVisualEffectView(effect: UIBlurEffect(style: .systemThickMaterial))
        let materialView = try XCTUnwrap(view.subviews.first)
        let recorded = node(of: materialView.layer)
        XCTAssertFalse(recorded.requests.contains { if case .backdrop = $0 { true } else { false } })
        let flat = Color(UIBlurEffect(style: .systemThickMaterial).material(dark: false).cgColor)
        XCTAssertEqual(recorded.backgrounds, [flat])
    }

    func testThinnerMaterialsBlurLessAndShowMoreOfTheBackground() {
        func material(_ style: UIBlurEffect.Style) -> BackdropStyle { UIBlurEffect(style: style).backdrop(dark: false) }
        XCTAssertLessThan(material(.systemUltraThinMaterial).tintColor.alpha, material(.systemThinMaterial).tintColor.alpha)
        XCTAssertLessThan(material(.systemThinMaterial).tintColor.alpha, material(.systemMaterial).tintColor.alpha)
        XCTAssertLessThan(material(.systemMaterial).tintColor.alpha, material(.systemThickMaterial).tintColor.alpha)
        XCTAssertLessThan(material(.systemUltraThinMaterial).radius, material(.systemMaterial).radius)
        XCTAssertEqual(material(.regular).radius, 30)
        XCTAssertGreaterThan(material(.systemMaterial).tintColor.red, 0.9, "light materials are light")
        XCTAssertLessThan(UIBlurEffect(style: .systemMaterial).backdrop(dark: true).tintColor.red, 0.2, "and dark in the dark")
        XCTAssertEqual(UIBlurEffect(style: .light), UIBlurEffect(style: .light))
        XCTAssertNotEqual(UIBlurEffect(style: .light) as UIVisualEffect, UIBlurEffect(style: .dark))
    }

    /// An effect set in an animation block fades in by its blur radius (and
    /// tint); taken away in one, it fades out the same way.
    func testSettingTheEffectInAnAnimationFadesTheBlur() throws {
        let view = UIVisualEffectView(effect: nil)
        view.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let materialView = try XCTUnwrap(view.subviews.first)
        XCTAssertNil(materialView.layer.backdrop, "no effect, nothing shown")
        UIView.animate(withDuration: 0.3) { view.effect = UIBlurEffect(style: .regular) }
        XCTAssertEqual(materialView.layer.backdrop?.radius, 30)
        let fade = try XCTUnwrap(materialView.layer.animation(forKey: "backdropRadius") as? CABasicAnimation, "the blur fades in")
        XCTAssertEqual(fade.duration, 0.3, accuracy: 1e-9)
        XCTAssertNotNil(materialView.layer.animation(forKey: "backdropTintColor"))
        XCTAssertEqual(materialView.layer.presentationValue(of: .backdropRadius, model: [30])[0], 0, accuracy: 3,
                       "starting from no blur")

        UIView.animate(withDuration: 0.3) { view.effect = nil }
        XCTAssertEqual(materialView.layer.backdrop?.radius, 0, "a material that draws nothing, so it can fade out")
        XCTAssertEqual(materialView.layer.backdrop?.tintColor.alpha, 0)
        view.effect = UIVibrancyEffect(blurEffect: UIBlurEffect(style: .regular), style: .secondaryLabel)
        XCTAssertEqual(materialView.layer.backdrop?.radius, 0, "vibrancy adds no material of its own")
    }
}

/// An app compositing itself passes the material to its own renderer, which
/// blurs what the app drew below it.
final class LocalMaterialTests: StylingTestCase {
    func testLocalLayersTakeTheBackdrop() throws {
        let compositor = LocalCompositor()
        let encoder = LayerTransactionEncoder(transport: compositor)
        let view = UIVisualEffectView(effect: UIBlurEffect(style: .systemThinMaterial))
        let materialView = try XCTUnwrap(view.subviews.first)
        let node = try XCTUnwrap(encoder.materialize(materialView.layer) as? LocalLayer)
        compositor.commit()
        XCTAssertEqual(node.renderLayer.properties.backdrop, UIBlurEffect(style: .systemThinMaterial).backdrop(dark: false))
        XCTAssertNil(node.renderLayer.properties.backgroundColor, "blurred, not the flat tint")
    }
}
