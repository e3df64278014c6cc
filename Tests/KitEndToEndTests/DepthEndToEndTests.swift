import CPixman
import Foundation
import StrataRender
import TestSupport
import XCTest
@testable import StrataKit

/// Layers in 3-D, as UIKit code builds them, drawn by a real compositor
/// and compared with reference pictures at scale 1 and 2: a card turned
/// 60° about y in its container's perspective (sublayerTransform.m34 =
/// −1/500), a CATransformLayer cube of six coloured faces seen from a
/// corner, and two cards turned to show their backs, of which only the
/// double-sided one is drawn (CALayer.isDoubleSided). A click lands on
/// the turned card where it is drawn, beyond its flat frame.
final class DepthEndToEndTests: KitTestCase {
    private var window: UIWindow!

    override func tearDown() {
        window = nil
        super.tearDown()
    }

    private final class Scene {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 480, height: 260))
        let card = UIView(frame: CGRect(x: 30, y: 70, width: 160, height: 110))
        var taps = 0
        func tapped() { taps += 1 }
    }

    private func makeScene() -> Scene {
        let scene = Scene()
        scene.root.backgroundColor = UIColor(white: 0.93, alpha: 1)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500

        // The card, in a container of its own whose sublayers get perspective.
        let stage = UIView(frame: CGRect(x: 0, y: 0, width: 220, height: 260))
        stage.layer.sublayerTransform = perspective
        scene.root.addSubview(stage)
        scene.card.backgroundColor = UIColor(red: 0.2, green: 0.45, blue: 0.9, alpha: 1)
        scene.card.layer.cornerRadius = 12
        let stripe = UIView(frame: CGRect(x: 0, y: 40, width: 160, height: 30))
        stripe.backgroundColor = UIColor(red: 1, green: 0.8, blue: 0.2, alpha: 1)
        scene.card.addSubview(stripe)
        scene.card.transform3D = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        scene.card.addGestureRecognizer(UITapGestureRecognizer(target: scene, action: Scene.tapped))
        stage.addSubview(scene.card)

        // The cube: six faces in a transform layer, turned to show three.
        let cube = CATransformLayer()
        cube.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
        cube.position = CGPoint(x: 300, y: 120)
        let faces: [(UIColor, CATransform3D)] = [
            (.systemRed, CATransform3DMakeTranslation(0, 0, 40)),
            (.systemGreen, CATransform3DRotate(CATransform3DMakeTranslation(40, 0, 0), .pi / 2, 0, 1, 0)),
            (.systemBlue, CATransform3DRotate(CATransform3DMakeTranslation(0, -40, 0), .pi / 2, 1, 0, 0)),
            (.systemYellow, CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -40), .pi, 0, 1, 0)),
            (.systemPurple, CATransform3DRotate(CATransform3DMakeTranslation(-40, 0, 0), -.pi / 2, 0, 1, 0)),
            (.systemOrange, CATransform3DRotate(CATransform3DMakeTranslation(0, 40, 0), -.pi / 2, 1, 0, 0)),
        ]
        for (color, transform) in faces {
            let face = CALayer()
            face.bounds = cube.bounds
            face.position = CGPoint(x: 40, y: 40)
            face.backgroundColor = color.cgColor
            face.borderColor = UIColor.black.cgColor
            face.borderWidth = 2
            face.transform = transform
            cube.addSublayer(face)
        }
        var corner = CATransform3DMakeRotation(-.pi / 5, 1, 0, 0)
        corner = CATransform3DRotate(corner, .pi / 4, 0, 1, 0)
        cube.transform = CATransform3DConcat(corner, perspective)
        scene.root.layer.addSublayer(cube)

        // Two cards turned 150° about y: the single-sided one is not drawn.
        for (index, doubleSided) in [true, false].enumerated() {
            let back = CALayer()
            back.frame = CGRect(x: 380, y: 30 + CGFloat(index) * 110, width: 80, height: 80)
            back.backgroundColor = UIColor(red: 0.1, green: 0.6, blue: 0.4, alpha: 1).cgColor
            back.transform = CATransform3DConcat(CATransform3DMakeRotation(.pi * 5 / 6, 0, 1, 0), perspective)
            back.isDoubleSided = doubleSided
            scene.root.layer.addSublayer(back)
        }
        return scene
    }

    private func assertScene(scale: Int, reference: String) throws -> Scene {
        try startCompositor(width: 520 * scale, height: 300 * scale, scale: scale)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 480, height: 260))
        window.title = "Depth"
        let controller = UIViewController()
        let scene = makeScene()
        controller.view = scene.root
        window.rootViewController = controller
        show(window)
        try strata.input("move", "515", "295")
        runMainLoop(for: 0.3)
        waitUntilPresented()
        let path = strata.runtimeDirectory + "/\(reference).png"
        _ = try strata.screenshot(to: path)
        let image = try PNGFile.read(path: path)
        defer { pixman_image_unref(image) }
        ImageComparison.assertMatches(image, reference: reference, in: .module, referencesDirectory: references,
                                      tolerance: 4, maxDifferingPixels: 0)
        return scene
    }

    func testSceneAtScale1AndAClickOnTheTurnedCard() throws {
        let scene = try assertScene(scale: 1, reference: "kit-depth-scene")
        // The card's near edge (its left, turned towards the eye) reaches
        // below its flat frame's bottom (y = 180): a click there hits it.
        let nearBottom = scene.card.convert(CGPoint(x: 4, y: 106), to: window)
        XCTAssertGreaterThan(nearBottom.y, 180, "the near edge grows in perspective")
        let origin = try origin(of: serverWindow(titled: "Depth"))
        try strata.input("click", "\(CGFloat(origin.x) + nearBottom.x)", "\(CGFloat(origin.y) + nearBottom.y)")
        XCTAssertTrue(runMainLoop(until: { scene.taps == 1 }), "the click reached the card where it is drawn")
        // Beside the far edge, inside the flat frame but outside the drawn card: no tap.
        let farTop = scene.card.convert(CGPoint(x: 160, y: 0), to: window)
        try strata.input("click", "\(CGFloat(origin.x) + farTop.x - 2)", "\(CGFloat(origin.y) + farTop.y - 4)")
        runMainLoop(for: 0.3)
        XCTAssertEqual(scene.taps, 1)
    }

    func testSceneAtScale2() throws {
        _ = try assertScene(scale: 2, reference: "kit-depth-scene@2x")
    }
}
