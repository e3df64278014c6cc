/// What `strata output set NAME` changes of one output; nil members keep
/// what it has. Applied as an output configuration, as wlr-randr's are.
public struct OutputChanges: Equatable, Sendable {
    /// Pixels, and hertz in millihertz (nil: the fastest of that size).
    public var mode: (width: Int, height: Int, refreshMillihertz: Int?)?
    public var scale: Double?
    /// One of `OutputChanges.transforms`.
    public var transform: String?
    /// The output's top left in the layout, in points.
    public var position: (x: Int, y: Int)?
    public var enabled: Bool?

    public init(mode: (width: Int, height: Int, refreshMillihertz: Int?)? = nil, scale: Double? = nil, transform: String? = nil,
                position: (x: Int, y: Int)? = nil, enabled: Bool? = nil) {
        self.mode = mode
        self.scale = scale
        self.transform = transform
        self.position = position
        self.enabled = enabled
    }

    /// wl_output.transform's values as `--transform` names them, in its order.
    public static let transforms = ["normal", "90", "180", "270", "flipped", "flipped-90", "flipped-180", "flipped-270"]

    public var isEmpty: Bool { self == OutputChanges() }

    public static func == (a: OutputChanges, b: OutputChanges) -> Bool {
        a.mode?.width == b.mode?.width && a.mode?.height == b.mode?.height
            && a.mode?.refreshMillihertz == b.mode?.refreshMillihertz && a.scale == b.scale && a.transform == b.transform
            && a.position?.x == b.position?.x && a.position?.y == b.position?.y && a.enabled == b.enabled
    }

    /// The options as `strata output set` takes them.
    var words: [String] {
        var words: [String] = []
        if let mode { words += ["--mode", OutputChanges.modeWord(mode)] }
        if let scale { words += ["--scale", "\(scale)"] }
        if let transform { words += ["--transform", transform] }
        if let position { words += ["--position", "\(position.x),\(position.y)"] }
        if let enabled { words.append(enabled ? "--enable" : "--disable") }
        return words
    }

    static func modeWord(_ mode: (width: Int, height: Int, refreshMillihertz: Int?)) -> String {
        "\(mode.width)x\(mode.height)" + (mode.refreshMillihertz.map { "@\(Double($0) / 1000)" } ?? "")
    }
}
