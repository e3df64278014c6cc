import StrataRender

/// An output that exists only in memory: the renderer's shadow buffer is
/// the screen, and "presenting" is having drawn into it. Tests and CI use
/// it, and screenshots read it.
final class HeadlessBackend: OutputBackend {
    let renderer: SceneRenderer

    init(width: Int, height: Int, scale: Double) {
        renderer = SceneRenderer(width: width, height: height, scale: scale)
    }

    var summary: String { "headless \(renderer.width)x\(renderer.height) at scale \(Int(renderer.scale))" }
    let outputName = "HEADLESS-1", outputModel = "Headless", outputKind = "headless output"
    func attach(to server: Server) {}
    /// The frame is already on this "screen": its damage is what was shown.
    private(set) var pixelsPresented = 0
    func present(_ stats: FrameStats) { pixelsPresented += stats.damage.reduce(0) { $0 + $1.area } }
    func stop() {}
}
