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
        if HeadlessBackend.useInterimCompositor {
            return interimCompositeUntilSceneRendererLands(scene, into: renderer.framebuffer, scale: renderer.scale)
        }
        return renderer.render(scene)
    }

    /// SceneRenderer.render is still a stub on this branch; flip to false
    /// (and delete InterimCompositor.swift) once StrataRender lands.
    static let useInterimCompositor = true
}
