import StrataRender

/// An output that exists only in memory: the renderer's shadow buffer is
/// the screen, and "presenting" is having drawn into it. Tests and CI use
/// it, and screenshots read it.
final class HeadlessBackend {
    let renderer: SceneRenderer

    init(width: Int, height: Int, scale: Double) {
        renderer = SceneRenderer(width: width, height: height, scale: scale)
    }

    var framebuffer: OpaquePointer { renderer.framebuffer }

    func render(_ scene: RenderLayer) -> FrameStats {
        renderer.render(scene)
    }
}
