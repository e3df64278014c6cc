/// What a head says of one output, compared with what it said last so
/// only changes are sent.
struct OutputHeadState: Equatable {
    let device: BackendOutput
    var name: String
    var description: String
    var model: String
    var modes: [OutputModeInfo]
    var current: OutputModeInfo
    var enabled: Bool
    var position: (x: Int32, y: Int32)
    var scale: Double

    static func == (a: OutputHeadState, b: OutputHeadState) -> Bool {
        a.device === b.device && a.name == b.name && a.description == b.description && a.model == b.model
            && a.modes == b.modes && a.current == b.current && a.enabled == b.enabled
            && a.position == b.position && a.scale == b.scale
    }
}
