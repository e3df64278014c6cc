import StrataProtocol

/// wl_output.transform's values: how an output's pixels are turned.
enum OutputTransform: Int32, CaseIterable, Sendable {
    case normal = 0, rotated90, rotated180, rotated270, flipped, flipped90, flipped180, flipped270

    /// `strata output set --transform`'s words, in wl_output's order.
    static let names = ["normal", "90", "180", "270", "flipped", "flipped-90", "flipped-180", "flipped-270"]
    var name: String { OutputTransform.names[Int(rawValue)] }
    init?(name: String) {
        guard let index = OutputTransform.names.firstIndex(of: name) else { return nil }
        self.init(rawValue: Int32(index))
    }
}

/// What an output configuration asks of one output (a head); nil members
/// keep what the output has.
struct OutputSettings: Equatable {
    var enabled = true
    /// Pixels, and the refresh rate in millihertz (nil: the fastest of that size).
    var mode: (width: Int, height: Int, refreshMillihertz: Int?)?
    /// The output's top left in the layout, in points.
    var position: Point?
    var scale: Double?
    var transform: OutputTransform?

    static func == (a: OutputSettings, b: OutputSettings) -> Bool {
        a.enabled == b.enabled && a.mode?.width == b.mode?.width && a.mode?.height == b.mode?.height
            && a.mode?.refreshMillihertz == b.mode?.refreshMillihertz && a.position == b.position
            && a.scale == b.scale && a.transform == b.transform
    }
}

/// A change to the outputs, applied as a whole or not at all
/// (zwlr_output_configuration_v1, `strata output set`). Outputs it does not
/// name keep their state.
struct OutputConfiguration {
    var settings: [(device: BackendOutput, settings: OutputSettings)] = []

    func settings(of device: BackendOutput) -> OutputSettings? {
        settings.first { $0.device === device }?.settings
    }
}

/// Why a configuration cannot be applied, one line (`failed`, the command's error).
struct OutputConfigurationRefusal: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
