import CPixman
import StrataProtocol

/// What one frame cost: the region that was recomposited and how many
/// pixels the composite operations wrote (tests count these, never time).
public struct FrameStats: Sendable {
    public var damage: [PixelRect] = []
    public var pixelsComposited = 0
    public var compositeOperations = 0
    public init() {}
}

/// Draws a layer tree into a shadow buffer (x8r8g8b8) of the output's size,
/// recompositing only what changed since the previous frame.
public final class SceneRenderer {
    public let width: Int
    public let height: Int
    /// Output pixels per point.
    public let scale: Double
    /// The shadow buffer (`pixman_image_t *`); screenshots read it.
    public let framebuffer: OpaquePointer

    public init(width: Int, height: Int, scale: Double) {
        self.width = width
        self.height = height
        self.scale = scale
        framebuffer = pixman_image_create_bits(PIXMAN_x8r8g8b8, Int32(width), Int32(height), nil, 0)!
    }

    deinit { pixman_image_unref(framebuffer) }

    /// Composites the damaged part of `root`'s tree (the root's position is
    /// the output's top left, in points) and returns what it did.
    public func render(_ root: RenderLayer) -> FrameStats {
        fatalError("SceneRenderer.render is not written yet")
    }

    /// Forgets what was drawn, so the next frame recomposites everything.
    public func invalidateAll() {}
}
