import StrataRender

/// Outputs that exist only in memory: each renderer's shadow buffer is the
/// screen, and "presenting" is having drawn into it. Tests and CI use
/// them, and screenshots read them.
final class HeadlessBackend: OutputBackend {
    let outputs: [BackendOutput]

    /// `count` outputs of the same size, HEADLESS-1, HEADLESS-2, …
    init(count: Int = 1, width: Int, height: Int, scale: Double) {
        outputs = (1...max(count, 1)).map { HeadlessOutput(number: $0, width: width, height: height, scale: scale) }
    }

    var summary: String {
        let first = outputs[0].renderer
        let size = "\(first.width)x\(first.height) at scale \(Int(first.scale))"
        return outputs.count == 1 ? "headless \(size)" : "\(outputs.count) headless outputs of \(size)"
    }

    func attach(to server: Server) {}
    func stop() {}
}

/// One output in memory.
final class HeadlessOutput: BackendOutput {
    let renderer: SceneRenderer
    let outputName: String
    let outputModel = "Headless", outputKind = "headless output"
    /// The frame is already on this "screen": its damage is what was shown.
    private(set) var pixelsPresented = 0

    init(number: Int, width: Int, height: Int, scale: Double) {
        outputName = "HEADLESS-\(number)"
        renderer = SceneRenderer(width: width, height: height, scale: scale)
    }

    func present(_ stats: FrameStats) { pixelsPresented += stats.damage.reduce(0) { $0 + $1.area } }
}
