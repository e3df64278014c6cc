import Foundation
import Glibc
import StrataProtocol
import StrataRender

// What a material costs the compositor, as ratios in one run:
// - a 400×300 blurred bar (radius 30, saturation 1.8, a light tint) over a
//   full-screen scene that moves every frame, against the same bar with its
//   tint alone (what a material cost before the compositor blurred);
// - the frame where only something away from the bar changes: no blur work.

func runMaterialsBenchmarks() {
    print("")
    print("strata-bench: materials (StrataRender, 1280×800 at scale 1, medians)")
    let tint = Color(red: 0.97, green: 0.97, blue: 0.97, alpha: 0.6)
    func scene(blurred: Bool) -> (root: RenderLayer, scene: RenderLayer, corner: RenderLayer) {
        let root = solidLayer(0, 0, 1280, 800, .white)
        // Tiles over twice the screen, so moving them keeps it covered.
        let scene = solidLayer(0, 0, 2560, 800, nil)
        for row in 0..<8 {
            for column in 0..<32 {
                let hue = Double((row * 32 + column) % 7) / 7
                scene.addSublayer(solidLayer(Double(column) * 80, Double(row) * 100, 76, 96,
                                      Color(red: hue, green: 1 - hue, blue: 0.5 + hue / 2)))
            }
        }
        root.addSublayer(scene)
        let bar = solidLayer(440, 250, 400, 300, blurred ? nil : tint)
        bar.style.cornerRadius = 16
        if blurred { bar.backdrop = BackdropStyle(radius: 30, saturation: 1.8, tintColor: tint) }
        root.addSublayer(bar)
        let corner = solidLayer(8, 8, 24, 24, .black)
        root.addSublayer(corner)
        return (root, scene, corner)
    }
    func measure(blurred: Bool, moving: Bool) -> (seconds: Double, blurs: Int, pixels: Int) {
        let (root, scene, corner) = scene(blurred: blurred)
        let renderer = SceneRenderer(width: 1280, height: 800, scale: 1)
        _ = renderer.render(root)
        var times: [Double] = [], blurs = 0, pixels = 0
        let frames = 120
        for frame in 0..<frames {
            if moving {
                scene.position = Point(x: 1280 - Double(frame % 80) * 3, y: 400)
            } else {
                corner.opacity = frame % 2 == 0 ? 0.5 : 1
            }
            let start = monotonicSeconds()
            let stats = renderer.render(root)
            times.append(monotonicSeconds() - start)
            blurs += stats.backdropBlurs
            pixels += stats.pixelsBlurred
        }
        return (medianValue(times), blurs, pixels / frames)
    }
    let flat = measure(blurred: false, moving: true), blurred = measure(blurred: true, moving: true)
    print("  a 400×300 bar over a full-screen scene moving 3 px a frame:")
    print(String(format: "    bar with its tint alone:  %7.3f ms per frame", flat.seconds * 1000))
    print(String(format: "    bar blurred (radius 30):  %7.3f ms per frame  %ld blurs in %d frames, %ld pixels read each   %.2f× the tint alone",
                 blurred.seconds * 1000, blurred.blurs, 120, blurred.pixels, blurred.seconds / flat.seconds))
    let stillFlat = measure(blurred: false, moving: false), stillBlurred = measure(blurred: true, moving: false)
    print("  only a 24×24 square away from the bar changes:")
    print(String(format: "    bar with its tint alone:  %7.3f ms per frame", stillFlat.seconds * 1000))
    print(String(format: "    bar blurred:              %7.3f ms per frame  %ld blurs in %d frames   %.2f× the tint alone",
                 stillBlurred.seconds * 1000, stillBlurred.blurs, 120, stillBlurred.seconds / stillFlat.seconds))
}
