import Foundation
import Glibc
import StrataProtocol
import StrataRender
import StrataServer

/// The nested backend: a compositor's cost per presented frame when its
/// output is a window on another compositor (composite, then copy the
/// damage into a wl_shm buffer and commit it with that damage), against
/// the same frame on a headless output, for a full-screen change and a
/// 64×64 one; and how many pixels each hands to the parent. The parent is
/// a headless Strata in this process, on a thread of its own.
func runNestedBenchmarks() {
    let width = 1280, height = 800
    let runtime = NSTemporaryDirectory() + "strata-bench-nested-\(getpid())"
    try? FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    chmod(runtime, 0o700)
    setenv("XDG_RUNTIME_DIR", runtime, 1)
    defer { try? FileManager.default.removeItem(atPath: runtime) }

    let parent = Server(configuration: ServerConfiguration(width: width + 64, height: height + 64, socketName: "bench-parent"))
    do { try parent.addSocket() } catch {
        print("strata-bench: nested: cannot start the parent: \(error)")
        return
    }
    let parentThread = Thread { parent.run() }
    parentThread.start()
    defer {
        parent.perform { parent.terminate() }
        while parentThread.isExecuting { usleep(1000) }
        parent.shutdown()
    }

    let manual = ServerConfiguration(width: width, height: height, socketName: "unused", clock: .manual)
    let headless = Server(configuration: manual)
    let nestedBackend: OutputBackend
    do {
        nestedBackend = try Server.nestedBackend(parent: runtime + "/bench-parent", width: width, height: height, scale: 1, title: "bench")
    } catch {
        print("strata-bench: nested: cannot open the window: \(error)")
        return
    }
    let nested = Server(configuration: manual, backend: nestedBackend)
    defer { nested.shutdown(); headless.shutdown() }

    /// A full-screen opaque layer and a 64×64 one over it, in each server's scene.
    func populate(_ server: Server) -> (full: RenderLayer, small: RenderLayer) {
        let full = RenderLayer(), small = RenderLayer()
        full.bounds = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        full.position = Point(x: Double(width) / 2, y: Double(height) / 2)
        full.isOpaque = true
        small.bounds = Rect(x: 0, y: 0, width: 64, height: 64)
        small.position = Point(x: 200, y: 200)
        small.isOpaque = true
        server.scene.addSublayer(full)
        server.scene.addSublayer(small)
        return (full, small)
    }
    let headlessLayers = populate(headless), nestedLayers = populate(nested)

    func colour(_ i: Int) -> Color { Color(red: Double(i % 7) / 7, green: Double(i % 5) / 5, blue: Double(i % 3) / 3) }
    func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
    /// Median cost of a frame that changes what `change` changes, and the
    /// pixels handed over per frame. Between frames the nested server takes
    /// the parent's frame callback (not timed), so every frame is presented.
    func measure(_ server: Server, _ change: (Int) -> Void) -> (seconds: Double, pixels: Int) {
        server.renderFrame()
        for _ in 0..<5 { server.dispatchEvents(timeoutMilliseconds: 5) }
        var times: [Double] = []
        let before = server.backend.outputs[0].pixelsPresented
        let frames = 41
        for i in 0..<frames {
            change(i)
            times.append(seconds { server.renderFrame() })
            let until = DispatchTime.now().uptimeNanoseconds + 20_000_000
            while DispatchTime.now().uptimeNanoseconds < until { server.dispatchEvents(timeoutMilliseconds: 2) }
        }
        return (times.sorted()[frames / 2], (server.backend.outputs[0].pixelsPresented - before) / frames)
    }

    print("")
    print("strata-bench: nested backend, a \(width)×\(height) output as a window on a headless Strata (medians of 41 frames)")
    let cases: [(String, (RenderLayer, RenderLayer, Int) -> Void)] = [
        ("full-screen change", { full, _, i in full.backgroundColor = colour(i) }),
        ("64×64 change", { _, small, i in small.backgroundColor = colour(i) }),
    ]
    for (name, change) in cases {
        let alone = measure(headless) { change(headlessLayers.full, headlessLayers.small, $0) }
        let windowed = measure(nested) { change(nestedLayers.full, nestedLayers.small, $0) }
        print(String(format: "  %@ headless %7.3f ms   nested %7.3f ms   ratio %5.2f   pixels to the parent per frame %8d (damage %d)",
                     name.padding(toLength: 20, withPad: " ", startingAt: 0) as NSString, alone.seconds * 1000, windowed.seconds * 1000, windowed.seconds / alone.seconds,
                     windowed.pixels, alone.pixels))
    }
}
