import Foundation
import Logging
import StrataCommandLine
import StrataServer

/// Log lines as a session's problems are read afterwards: a timestamp, the
/// level and the message, one event a line, to standard error or a file.
struct LogLines: LogHandler {
    /// Shared by every logger: lines from several never interleave.
    final class Destination: @unchecked Sendable {
        let file: UnsafeMutablePointer<FILE>
        private let lock = NSLock()
        init(_ file: UnsafeMutablePointer<FILE>) { self.file = file }

        func write(_ line: String) {
            lock.lock()
            defer { lock.unlock() }
            fputs(line, file)
            fflush(file)
        }
    }

    let destination: Destination
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        let fields = all.isEmpty ? "" : " " + all.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " ")
        destination.write("\(Self.timestamp()) strata \(event.level): \(event.message)\(fields)\n")
    }

    private static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var moment = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &moment)
        var buffer = [CChar](repeating: 0, count: 32)
        strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S", &moment)
        return String(cString: buffer) + String(format: ".%03dZ", now.tv_nsec / 1_000_000)
    }

    /// Sends every logger's lines at `level` and above to `path` (appended)
    /// or standard error; throws when the file cannot be opened.
    static func bootstrap(level: LogLevel, path: String?) throws {
        var file: UnsafeMutablePointer<FILE> = stderr
        if let path {
            guard let opened = fopen(path, "a") else {
                throw UsageError("cannot open log file \(path): \(String(cString: strerror(errno)))")
            }
            file = opened
        }
        let destination = Destination(file)
        let level = Logger.Level(rawValue: level.rawValue) ?? .info
        LoggingSystem.bootstrap { _ in LogLines(destination: destination, logLevel: level) }
    }
}
