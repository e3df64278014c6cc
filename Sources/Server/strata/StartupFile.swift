import Foundation
import StrataCommandLine

/// Where the session's startup file is: one command a line, started when
/// the compositor is up (a panel, a terminal, apps).
enum StartupFile {
    /// The file to read, or nil: the standard one only when it exists.
    static func path(for choice: StartupFileChoice, environment: [String: String]) -> String? {
        switch choice {
        case .none: return nil
        case .file(let path): return path
        case .standard:
            let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
                ?? environment["HOME"].map { $0 + "/.config" }
            guard let config else { return nil }
            let path = config + "/strata/startup"
            return FileManager.default.fileExists(atPath: path) ? path : nil
        }
    }
}
