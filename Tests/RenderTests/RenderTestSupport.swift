import Foundation
import StrataProtocol
import StrataRender
import TestSupport
import XCTest

/// The References folder in the source tree, where recording writes.
let referencesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("References").path

/// A white output-sized root layer, as the compositor's output root.
func makeRoot(width: Double, height: Double, color: Color? = .white) -> RenderLayer {
    RenderLayer(frame: Rect(x: 0, y: 0, width: width, height: height), color: color, name: "root")
}

/// Renders one frame of `root` into a new renderer and returns it.
@discardableResult
func renderFrame(_ root: RenderLayer, width: Int, height: Int, scale: Double = 1) -> SceneRenderer {
    let renderer = SceneRenderer(width: width, height: height, scale: scale)
    _ = renderer.render(root)
    return renderer
}

/// Compares the framebuffer with References/NAME.png.
func assertReference(_ renderer: SceneRenderer, _ name: String, tolerance: Int = 2, maxDifferingPixels: Int = 0,
                     file: StaticString = #filePath, line: UInt = #line) {
    ImageComparison.assertMatches(renderer.framebuffer, reference: name, in: Bundle.module,
                                  referencesDirectory: referencesDirectory, tolerance: tolerance,
                                  maxDifferingPixels: maxDifferingPixels, file: file, line: line)
}

let white: UInt32 = 0xffff_ffff
let red: UInt32 = 0xffff_0000
let green: UInt32 = 0xff00_ff00
let blue: UInt32 = 0xff00_00ff
let gray: UInt32 = 0xff80_8080
let yellow: UInt32 = 0xffff_ff00
