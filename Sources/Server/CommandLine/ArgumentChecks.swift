import StrataServer

/// The checks of option values that swift-argument-parser leaves to us,
/// each failing with a message that names the option and the value.
enum ArgumentChecks {
    /// A socket name is a file name in $XDG_RUNTIME_DIR, not a path.
    static func socketName(_ name: String) throws -> String {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
            throw UsageError("invalid socket name '\(name)' (a file name in $XDG_RUNTIME_DIR)")
        }
        return name
    }

    /// `WxH`, each side 1…16384.
    static func size(_ text: String, example: String) throws -> (width: Int, height: Int) {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...16384).contains(w), (1...16384).contains(h) else {
            throw UsageError("invalid size '\(text)' (expected WxH, e.g. \(example))")
        }
        return (w, h)
    }

    static func quota(_ text: String, _ option: String) throws -> UInt32 {
        guard let number = UInt32(text), number > 0 else {
            throw UsageError("invalid \(option) '\(text)' (expected a positive integer)")
        }
        return number
    }
}
