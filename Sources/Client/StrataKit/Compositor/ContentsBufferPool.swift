import StrataWayland

/// The wl_shm buffers one window's layer contents are sent in, kept by size
/// and reused once the compositor released them.
///
/// The compositor copies contents at commit and then releases the buffer,
/// so a buffer is busy only from the commit that attached it until its
/// wl_buffer.release; a busy buffer is never handed out, since writing it
/// would race with the compositor reading it.
final class ContentsBufferPool {
    private struct SizeKey: Hashable { var width: Int, height: Int }
    private let connection: Connection
    private var buffers: [SizeKey: [ShmBuffer]] = [:]
    /// Released buffers kept per size beyond what a turn needs.
    static let sparePerSize = 2

    init(connection: Connection) { self.connection = connection }

    /// A released buffer of exactly `width × height` pixels (ARGB8888), made if none is free.
    func buffer(width: Int, height: Int) throws -> ShmBuffer {
        let key = SizeKey(width: width, height: height)
        if let free = buffers[key]?.first(where: \.released) { return free }
        let made = try ShmBuffer(connection: connection, width: width, height: height)
        buffers[key, default: []].append(made)
        return made
    }

    /// Drops released buffers past `sparePerSize` per size, so a burst of
    /// busy turns does not keep its memory for ever.
    func trim() {
        for (key, list) in buffers {
            var kept: [ShmBuffer] = [], spare = 0
            for buffer in list {
                if !buffer.released { kept.append(buffer) }
                else if spare < Self.sparePerSize { kept.append(buffer); spare += 1 }
                else { buffer.destroy() }
            }
            buffers[key] = kept.isEmpty ? nil : kept
        }
    }

    /// How many buffers the pool holds, busy or not (for tests).
    var count: Int { buffers.values.reduce(0) { $0 + $1.count } }

    /// Destroys every buffer (the window went away).
    func removeAll() {
        for list in buffers.values { for buffer in list { buffer.destroy() } }
        buffers = [:]
    }
}
