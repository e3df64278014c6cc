import Foundation
import StrataRender
import XCTest

/// The renderer's damage contract as a reusable check: however a frame was
/// reached (any sequence of changes, any partial recomposites), the
/// framebuffer equals a fresh render of the same tree. Server tests can run
/// it after their own sequences of commits.
public enum RenderConformance {
    /// Pixels at which two 32-bit images of the same size differ, and the first of them.
    public static func differences(_ a: OpaquePointer, _ b: OpaquePointer) -> (count: Int, first: (x: Int, y: Int)?) {
        let pa = Pixels(a), pb = Pixels(b)
        precondition(pa.width == pb.width && pa.height == pb.height, "images differ in size")
        var count = 0
        var first: (x: Int, y: Int)? = nil
        for y in 0..<pa.height {
            for x in 0..<pa.width where pa[x, y] != pb[x, y] {
                count += 1
                if first == nil { first = (x, y) }
            }
        }
        return (count, first)
    }

    /// Renders `root` afresh at `renderer`'s size, scale and origin and fails if any
    /// pixel differs from `renderer`'s framebuffer; on failure both images
    /// are written to `ImageComparison.outputDirectory` as NAME.incremental.png
    /// and NAME.fresh.png. Returns true when they match.
    @discardableResult
    public static func assertMatchesFreshRender(_ renderer: SceneRenderer, _ root: RenderLayer,
                                                name: String = "incremental", _ message: String = "",
                                                file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let fresh = SceneRenderer(width: renderer.width, height: renderer.height, scale: renderer.scale)
        fresh.origin = renderer.origin
        _ = fresh.render(root)
        let (count, first) = differences(renderer.framebuffer, fresh.framebuffer)
        guard count > 0, let first else { return true }
        let incrementalPath = ImageComparison.writeOutput(renderer.framebuffer, name: name, suffix: "incremental")
        let freshPath = ImageComparison.writeOutput(fresh.framebuffer, name: name, suffix: "fresh")
        XCTFail("\(message)\(message.isEmpty ? "" : ": ")\(count) pixels differ from a fresh render, first at "
                + "(\(first.x), \(first.y)): \(hex(Pixels(renderer.framebuffer)[first.x, first.y])) vs "
                + "\(hex(Pixels(fresh.framebuffer)[first.x, first.y])); \(incrementalPath), \(freshPath)\n"
                + root.treeDescription, file: file, line: line)
        return false
    }
}
