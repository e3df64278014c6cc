import Foundation
import Glibc
import StrataProtocol
import StrataRender

// What the renderer's benchmarks share: a monotonic clock, medians, timed
// frames, and a solid layer placed by its frame.

func monotonicSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func medianValue(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// Times `frames` frames, calling `step` before each; medians of the frame times and mean pixels.
func timeFrames(_ renderer: SceneRenderer, _ root: RenderLayer, frames: Int,
                _ step: (Int) -> Void) -> (seconds: Double, pixels: Int) {
    var times: [Double] = [], pixels = 0
    for frame in 0..<frames {
        step(frame)
        let start = monotonicSeconds()
        let stats = renderer.render(root)
        times.append(monotonicSeconds() - start)
        pixels += stats.pixelsComposited
    }
    return (medianValue(times), pixels / frames)
}

/// A layer covering (x, y, w, h) of its superlayer, filled with `color`.
func solidLayer(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ color: Color?) -> RenderLayer {
    let layer = RenderLayer()
    layer.bounds = Rect(x: 0, y: 0, width: w, height: h)
    layer.position = Point(x: x + w / 2, y: y + h / 2)
    layer.backgroundColor = color
    return layer
}
