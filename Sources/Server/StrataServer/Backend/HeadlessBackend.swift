import StrataRender

/// Outputs that exist only in memory: each renderer's shadow buffer is the
/// screen, and "presenting" is having drawn into it. Tests and CI use
/// them, and screenshots read them. More can be made and removed while
/// the server runs (`strata output add|remove`).
final class HeadlessBackend: OutputMakingBackend {
    private(set) var outputs: [BackendOutput]
    /// Names are never reused while the server runs, as sway's HEADLESS-n are not.
    private var lastNumber: Int

    /// `count` outputs of the same size, HEADLESS-1, HEADLESS-2, …
    init(count: Int = 1, width: Int, height: Int, scale: Double) {
        outputs = (1...max(count, 1)).map { HeadlessOutput(number: $0, width: width, height: height, scale: scale) }
        lastNumber = max(count, 1)
    }

    var summary: String {
        let sizes = outputs.map { "\($0.renderer.width)x\($0.renderer.height) at scale \(Int($0.renderer.scale))" }
        if Set(sizes).count == 1 {
            return outputs.count == 1 ? "headless \(sizes[0])" : "\(outputs.count) headless outputs of \(sizes[0])"
        }
        return "\(outputs.count) headless outputs (\(sizes.joined(separator: ", ")))"
    }

    func makeOutput(width: Int, height: Int, scale: Int) -> BackendOutput {
        lastNumber += 1
        let output = HeadlessOutput(number: lastNumber, width: width, height: height, scale: Double(max(scale, 1)))
        outputs.append(output)
        return output
    }

    func outputRemoved(_ output: BackendOutput) {
        outputs.removeAll { $0 === output }
    }

    func attach(to server: Server) {}
    func stop() {}
}

/// One output in memory.
final class HeadlessOutput: BackendOutput {
    private(set) var renderer: SceneRenderer
    let outputName: String
    let outputModel = "Headless", outputKind = "headless output"
    /// The frame is already on this "screen": its damage is what was shown.
    private(set) var pixelsPresented = 0

    init(number: Int, width: Int, height: Int, scale: Double) {
        outputName = "HEADLESS-\(number)"
        renderer = SceneRenderer(width: width, height: height, scale: scale)
    }

    func present(_ stats: FrameStats) { pixelsPresented += stats.damage.reduce(0) { $0 + $1.area } }

    /// Memory takes any size: a new renderer of it, drawn whole at the next frame.
    func resize(width: Int, height: Int, scale: Int) {
        renderer = SceneRenderer(width: width, height: height, scale: Double(scale))
    }
}

/// Headless outputs take any size (custom modes, as sway's headless outputs
/// do) at any integer scale that divides it, and can be disabled and
/// enabled again.
extension HeadlessBackend: OutputConfiguringBackend {
    func modes(of output: BackendOutput) -> [OutputModeInfo] { [output.currentMode] }

    func refusal(of drive: OutputDrive, for output: BackendOutput) -> String? {
        guard output is HeadlessOutput else { return "\(output.outputName) is not a headless output" }
        if drive.width % drive.scale != 0 || drive.height % drive.scale != 0 {
            return "\(output.outputName): size \(drive.width)x\(drive.height) is not a multiple of scale \(drive.scale)"
        }
        if let refresh = drive.refreshMillihertz, abs(refresh - output.refreshMillihertz) > 500 {
            return "\(output.outputName): headless outputs run at \(Double(output.refreshMillihertz) / 1000) Hz only"
        }
        return nil
    }

    func drive(_ output: BackendOutput, as drive: OutputDrive) throws {
        (output as? HeadlessOutput)?.resize(width: drive.width, height: drive.height, scale: drive.scale)
    }

    var canDisableOutputs: Bool { true }
}
