import StrataProtocol
import StrataRender
import TestSupport
import XCTest

/// Values the protocol fuzzer (scripts/fuzz) sent before the compositor it
/// ran against (the one before these fixes) died, on the fuzzer's starting
/// window: a root and a chain of three 40×30 layers, the middle one with
/// contents. `strata_fuzz.py --seed 1 --requests 99660` against that
/// compositor ends with a trap in PixelRect(enclosing:) under a rotated
/// masksToBounds; the state the earlier requests left is not rebuilt here,
/// only the last values on the same scene.
final class FuzzRegressionTests: XCTestCase {
    /// A set_transform the fuzzer sent earlier (ty = 1e7, skewed).
    func testSkewedTransformTenMillionPointsDown() {
        let transform = StrataProtocol.AffineTransform(a: 0.01, b: -1.7690349, c: 0.4543431, d: 0.5, tx: 1.1980602, ty: 1e7)
        for target in 0..<3 {
            let root = makeRoot(width: 320, height: 240)
            let window = RenderLayer(frame: Rect(x: 20, y: 20, width: 120, height: 90), color: .white)
            root.addSublayer(window)
            let layers = addFuzzerChain(to: window)
            let renderer = SceneRenderer(width: 320, height: 240, scale: 1)
            _ = renderer.render(root)
            layers[target].transform = transform
            _ = renderer.render(root)
            RenderConformance.assertMatchesFreshRender(renderer, root)
        }
    }

    /// The last requests before the trap: a near-singular skew (a = 1e-300)
    /// on a masking layer, an anchor point thousands of bounds away on its
    /// sublayer.
    func testNearSingularSkewOnAMaskingLayerWithAFarAnchor() {
        let root = makeRoot(width: 320, height: 240)
        let layers = addFuzzerChain(to: root)
        let renderer = SceneRenderer(width: 320, height: 240, scale: 1)
        _ = renderer.render(root)
        layers[1].transform = StrataProtocol.AffineTransform(a: 1e-300, b: -2.8943008423485708, c: 1.2090077690004026,
                                                             d: 0.26877982295276936, tx: 1.9488945406448899, ty: 1.146182760184022)
        layers[1].masksToBounds = true
        layers[2].anchorPoint = Point(x: -82566.0 / 256, y: -406764.0 / 256)
        _ = renderer.render(root)
        RenderConformance.assertMatchesFreshRender(renderer, root)
    }

    /// The fuzzer's starting scene: a chain of three 40×30 layers, the
    /// middle one with contents, under `parent`.
    private func addFuzzerChain(to parent: RenderLayer) -> [RenderLayer] {
        var parent = parent
        var layers: [RenderLayer] = []
        for index in 0..<3 {
            let layer = RenderLayer()
            layer.bounds = Rect(x: 0, y: 0, width: 40, height: 30)
            layer.position = Point(x: 30, y: 20)
            layer.backgroundColor = Color(red: 1, green: 0.5, blue: 0)
            if index == 1 { layer.contents = .solid(width: 64, height: 64, 0x8000_0080) }
            parent.addSublayer(layer)
            layers.append(layer)
            parent = layer
        }
        return layers
    }
}
