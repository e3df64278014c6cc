import StrataProtocol
import StrataRender
import TestSupport
import XCTest

/// Contents whose pixels are someone else's memory: read only inside the
/// owner's access bracket, followed when the memory moves, redrawn only
/// where damaged when the next buffer takes over, and copied in by
/// `detach` so later writes to the memory no longer show.
final class BorrowedContentsTests: XCTestCase {
    /// Memory of 32-bit pixels that counts the brackets around reads and can move.
    final class Memory: PixelAccess {
        let width: Int, height: Int
        private(set) var buffer: UnsafeMutablePointer<UInt32>
        var opened = 0, closed = 0, depth = 0
        init(width: Int, height: Int, _ argb: UInt32) {
            (self.width, self.height) = (width, height)
            buffer = .allocate(capacity: width * height)
            buffer.initialize(repeating: argb, count: width * height)
        }
        deinit { buffer.deallocate() }
        var address: UnsafeMutableRawPointer { UnsafeMutableRawPointer(buffer) }
        var pixels: UnsafeMutableRawPointer? { address }
        func beginAccess() { opened += 1; depth += 1 }
        func endAccess() { closed += 1; depth -= 1 }
        func fill(_ argb: UInt32) { buffer.update(repeating: argb, count: width * height) }
        /// Copies the pixels elsewhere and poisons the old place, as a remapped pool.
        func move() {
            let moved = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
            moved.initialize(from: buffer, count: width * height)
            buffer.update(repeating: 0xff00_0000, count: width * height)
            let old = buffer
            buffer = moved
            old.deallocate()
        }
    }

    func testBorrowedPixelsAreReadInsideTheBracketAndFollowedWhenTheyMove() {
        let root = makeRoot(width: 64, height: 64)
        let memory = Memory(width: 32, height: 32, red)
        let image = LayerImage(borrowing: memory.address, width: 32, height: 32, stride: 32 * 4, hasAlpha: false, access: memory)
        let layer = RenderLayer(frame: Rect(x: 8, y: 8, width: 32, height: 32))
        layer.contents = image
        root.addSublayer(layer)
        let renderer = SceneRenderer(width: 64, height: 64, scale: 1)
        _ = renderer.render(root)
        assertPixel(renderer.framebuffer, 10, 10, red)
        XCTAssertGreaterThan(memory.opened, 0)
        XCTAssertEqual(memory.opened, memory.closed)

        memory.move()
        memory.fill(blue)
        image.addDamage(PixelRect(x: 0, y: 0, width: 32, height: 32))
        _ = renderer.render(root)
        assertPixel(renderer.framebuffer, 10, 10, blue, "read from where the pixels are now")
        XCTAssertEqual(memory.depth, 0)
    }

    func testTheNextBufferRedrawsOnlyItsDamageAndDetachCopiesThePixelsIn() {
        let root = makeRoot(width: 64, height: 64)
        let first = Memory(width: 32, height: 32, red)
        let image = LayerImage(borrowing: first.address, width: 32, height: 32, stride: 32 * 4, hasAlpha: false, access: first)
        let layer = RenderLayer(frame: Rect(x: 8, y: 8, width: 32, height: 32))
        layer.contents = image
        root.addSublayer(layer)
        let renderer = SceneRenderer(width: 64, height: 64, scale: 1)
        _ = renderer.render(root)

        // The next buffer differs (by its damage) in 10×10 pixels.
        let second = Memory(width: 32, height: 32, red)
        for y in 4..<14 { for x in 4..<14 { second.buffer[y * 32 + x] = blue } }
        image.borrow(second.address, stride: 32 * 4, access: second, damage: [PixelRect(x: 4, y: 4, width: 10, height: 10)])
        let stats = renderer.render(root)
        XCTAssertEqual(stats.damage, [PixelRect(x: 12, y: 12, width: 10, height: 10)])
        assertPixel(renderer.framebuffer, 12, 12, blue)
        assertPixel(renderer.framebuffer, 22, 22, red)
        XCTAssertTrue(image.isBorrowed)

        image.detach()
        XCTAssertFalse(image.isBorrowed)
        XCTAssertEqual(second.depth, 0)
        second.fill(green)
        image.addDamage(PixelRect(x: 0, y: 0, width: 32, height: 32))
        _ = renderer.render(root)
        assertPixel(renderer.framebuffer, 12, 12, blue, "the copy, not the memory written after")
        assertPixel(renderer.framebuffer, 30, 30, red)
    }
}
