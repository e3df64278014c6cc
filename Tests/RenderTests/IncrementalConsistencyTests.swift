import Foundation
import StrataProtocol
import StrataRender
import TestSupport
import XCTest

/// The damage contract, checked broadly: after any sequence of changes, the
/// incrementally updated framebuffer equals a fresh render of the same tree
/// (what Core Animation guarantees: partial redraw is invisible).
final class IncrementalConsistencyTests: XCTestCase {
    struct Random {
        var state: UInt64
        mutating func next(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
        mutating func unit() -> Double { Double(next(0...100)) / 100 }
        mutating func chance(_ percent: Int) -> Bool { next(0...99) < percent }
    }

    func testRandomChangesMatchFreshRender() {
        for seed in 1...12 {
            for scale in [1.0, 2.0, 1.5] {
                if !runRandomChanges(seed: UInt64(seed), scale: scale) { return }
            }
        }
    }

    /// Frames that only damage images (and move a layer now and then) patch
    /// last frame's tree instead of building it afresh: every layer showing
    /// a damaged image, shifted, rotated, scaled, sliced, inside a faded
    /// group or hidden, must still match a fresh render.
    func testContentsDamageOnlyFramesMatchFreshRender() {
        var random = Random(state: 7)
        let root = makeRoot(width: 96, height: 80)
        let shared = LayerImage.orientation(width: 12, height: 8)
        let opaque = LayerImage.solid(width: 10, height: 10, 0xff40_2000, hasAlpha: false)
        let ninePatch = TransformedContentsTests.ninePatch()
        let images = [shared, opaque, ninePatch]

        @discardableResult
        func layer(_ frame: Rect, _ image: LayerImage, in parent: RenderLayer) -> RenderLayer {
            let layer = RenderLayer(frame: frame)
            layer.contents = image
            parent.addSublayer(layer)
            return layer
        }
        let plain = layer(Rect(x: 2, y: 2, width: 12, height: 8), shared, in: root)
        layer(Rect(x: 20, y: 2, width: 24, height: 16), shared, in: root)
        layer(Rect(x: 50, y: 4, width: 12, height: 8), shared, in: root).transform = AffineTransform(rotationAngle: 0.4)
        let stretched = layer(Rect(x: 4, y: 30, width: 30, height: 20), ninePatch, in: root)
        stretched.contentsCenter = Rect(x: 0.34, y: 0.34, width: 0.33, height: 0.33)
        let group = RenderLayer(frame: Rect(x: 40, y: 30, width: 40, height: 40), color: .blue)
        group.opacity = 0.6
        root.addSublayer(group)
        layer(Rect(x: 4, y: 4, width: 12, height: 8), shared, in: group)
        layer(Rect(x: 20, y: 4, width: 10, height: 10), opaque, in: group)
        let hidden = layer(Rect(x: 70, y: 2, width: 10, height: 10), opaque, in: root)
        hidden.isHidden = true
        layer(Rect(x: 84, y: 60, width: 10, height: 10), opaque, in: root)

        let renderer = SceneRenderer(width: 96 * 2, height: 80 * 2, scale: 2)
        _ = renderer.render(root)
        for frame in 0..<40 {
            for _ in 0..<random.next(1...3) {
                let image = images[random.next(0...2)]
                let rect = PixelRect(x: random.next(0...8), y: random.next(0...6), width: random.next(1...4), height: random.next(1...3))
                let alpha = image.hasAlpha ? UInt32(random.next(0...255)) : 255
                let pixel = alpha << 24 | UInt32(random.next(0...Int(alpha))) << 8 | UInt32(random.next(0...Int(alpha)))
                for y in rect.y..<min(rect.y + rect.height, image.height) {
                    for x in rect.x..<min(rect.x + rect.width, image.width) {
                        image.data.storeBytes(of: pixel, toByteOffset: y * image.stride + x * 4, as: UInt32.self)
                    }
                }
                image.addDamage(rect)
            }
            if random.chance(20) { plain.position.x += Double(random.next(-3...3)) }
            if random.chance(10) { hidden.isHidden.toggle() }
            _ = renderer.render(root)
            if !RenderConformance.assertMatchesFreshRender(renderer, root, name: "contents-damage-\(frame)", "frame \(frame)") {
                return
            }
        }
    }

    /// Builds a random tree, then changes it frame after frame; false on the first mismatch.
    func runRandomChanges(seed: UInt64, scale: Double) -> Bool {
        var random = Random(state: seed)
        let pixelWidth = Int(96 * scale), pixelHeight = Int(80 * scale)
        let root = makeRoot(width: 96, height: 80)
        let images = [LayerImage.orientation(width: 12, height: 8),
                      LayerImage.solid(width: 10, height: 10, 0x8040_2000),
                      TransformedContentsTests.ninePatch()]
        var layers: [RenderLayer] = []

        func randomize(_ layer: RenderLayer) {
            layer.bounds = Rect(x: 0, y: 0, width: Double(random.next(4...40)), height: Double(random.next(4...40)))
            layer.position = Point(x: Double(random.next(-5...100)) + (random.chance(20) ? 0.5 : 0),
                                   y: Double(random.next(-5...85)))
            layer.transform = random.chance(25) ? AffineTransform(rotationAngle: Double(random.next(0...360)) * .pi / 180)
                : (random.chance(15) ? AffineTransform(scaleX: 1.5, y: 0.75) : .identity)
            layer.opacity = random.chance(30) ? random.unit() : 1
            layer.masksToBounds = random.chance(25)
            layer.backgroundColor = random.chance(70)
                ? Color(red: random.unit(), green: random.unit(), blue: random.unit(), alpha: random.chance(60) ? 1 : random.unit())
                : nil
            layer.isOpaque = random.chance(10)
            layer.contents = random.chance(40) ? images[random.next(0...2)] : nil
            layer.contentsGravity = ContentsGravity(rawValue: UInt32(random.next(0...12)))!
            if random.chance(20) { layer.contentsCenter = Rect(x: 0.34, y: 0.34, width: 0.33, height: 0.33) }
        }

        for _ in 0..<24 {
            let layer = RenderLayer()
            randomize(layer)
            let parent = layers.isEmpty || random.chance(40) ? root : layers[random.next(0...(layers.count - 1))]
            parent.addSublayer(layer)
            layers.append(layer)
        }
        let renderer = SceneRenderer(width: pixelWidth, height: pixelHeight, scale: scale)
        for frame in 0..<60 {
            for _ in 0..<random.next(1...3) {
                let layer = layers[random.next(0...(layers.count - 1))]
                switch random.next(0...14) {
                case 0: layer.position.x += Double(random.next(-6...6))
                case 1: layer.opacity = random.chance(30) ? 1 : random.unit()
                case 2: layer.isHidden.toggle()
                case 3: layer.superlayer?.insertSublayer(layer, at: random.next(0...4))
                case 4:
                    if let image = layer.contents {
                        // New pixels in a small rect, reported as damage (setNeedsDisplay(_:)).
                        let rect = PixelRect(x: random.next(0...6), y: random.next(0...6), width: 3, height: 2)
                        let alpha = image.hasAlpha ? UInt32(random.next(0...255)) : 255
                        let pixel = alpha << 24 | UInt32(random.next(0...Int(alpha))) << 16 | UInt32(random.next(0...Int(alpha)))
                        for y in rect.y..<min(rect.y + rect.height, image.height) {
                            for x in rect.x..<min(rect.x + rect.width, image.width) {
                                image.data.storeBytes(of: pixel, toByteOffset: y * image.stride + x * 4, as: UInt32.self)
                            }
                        }
                        image.addDamage(rect)
                    }
                case 5: layer.backgroundColor = Color(red: random.unit(), green: random.unit(), blue: random.unit())
                case 6: layer.transform = AffineTransform(rotationAngle: Double(random.next(0...90)) * .pi / 180)
                case 7:
                    if !layers.contains(where: { $0 === layer.superlayer }) || random.chance(50) {
                        layer.removeFromSuperlayer()
                        root.addSublayer(layer)
                    }
                case 8: layer.bounds.origin = Point(x: Double(random.next(-8...8)), y: Double(random.next(-8...8)))
                case 9: layer.anchorPoint = Point(x: random.unit(), y: random.unit())
                case 10: layer.contentsScale = [1, 2, 0.5][random.next(0...2)]
                case 11: layer.masksToBounds.toggle()
                case 12: layer.isOpaque.toggle()
                case 13: layer.contents = random.chance(30) ? nil : images[random.next(0...2)]
                default: randomize(layer)
                }
            }
            _ = renderer.render(root)
            let matches = RenderConformance.assertMatchesFreshRender(
                renderer, root, name: "incremental-\(seed)-\(scale)-\(frame)", "seed \(seed), scale \(scale), frame \(frame)")
            if !matches { return false }
        }
        return true
    }
}
