import Foundation
import TestSupport

/// A paste or a drop through a real pipe: `ask` hands the write end to the
/// offer's `receive` (which passes it to the source's client, so this end
/// is closed after), `pump` lets the clients run (the source writes and
/// closes), then the read end is read to its end.
func receiveThroughPipe(ask: (Int32) -> Void, pump: () -> Void) throws -> String {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw StrataTestError("pipe failed") }
    ask(fds[1])
    close(fds[1])
    pump()
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 256)
    while true {
        let n = read(fds[0], &chunk, chunk.count)
        if n <= 0 { break }
        bytes += chunk[0..<n]
    }
    close(fds[0])
    return String(decoding: bytes, as: UTF8.self)
}
