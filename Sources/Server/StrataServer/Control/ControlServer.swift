import CPixman
import CStrataServerProtocol
import CWaylandServer
import StrataRender
#if canImport(Glibc)
import Glibc
#endif

/// The control socket for tools and tests: $XDG_RUNTIME_DIR/<socket>.control,
/// mode 0600, so only the compositor's user reaches it, and not through
/// the Wayland socket. One line-based request per connection:
///
///     screenshot <absolute path>   PNG of every output as laid out, after any pending frame
///     screenshot-output <name> <absolute path>   PNG of the output named so (wl_output.name)
///     tree                         JSON: every client's windows and layer trees
///     frame                        render a frame now; JSON FrameStats
///     frame <ms>                   advance the manual clock, then render
///     stats                        the last frame's FrameStats as JSON, with the
///                                  frames rendered so far and those that had damage
///     close <title>                xdg_toplevel.close to that window
///     resize <w>x<h> <title>       configure that window to a size
///     input <action …>             inject input (InputCommand.line): move X Y,
///                                  press|release B, click X Y --button B --count N,
///                                  drag X1 Y1 X2 Y2 --steps N, scroll DX DY,
///                                  key NAME [--down|--up], type TEXT, touch down|move ID X Y,
///                                  touch up ID, tap X Y, swipe DX DY, pinch SCALE, hold
///                                  (with their options); answered once the events are sent
///     output <action …>            outputs (OutputCommand): add [--size WxH] [--scale N],
///                                  remove NAME, mode NAME WxH[@HZ], list; JSON of the outputs after it
///
/// The answer is a JSON body, or one line `error: ...`. Connections are
/// non-blocking and served on the compositor's event loop, so a slow tool
/// never stalls a frame.
///
/// With `--restrict-privileged`, only trusted connections are served:
/// those opened through a launched client's `ControlChannel`. A
/// connection through the socket's path is answered, whatever it asks,
/// with one line, `ControlServer.refusal`; its peer (SO_PEERCRED) is named
/// in the log, and nothing else is made of it. No request stays open to
/// it: `frame` and `stats` give the damage of each frame (where pixels
/// changed, as keys are typed), `close` and `resize` act on other
/// clients' windows and tell which titles exist, `output` changes the
/// layout for everyone.
final class ControlServer {
    unowned let server: Server
    let path: String
    private var listenFD: Int32 = -1
    private var source: OpaquePointer?
    private var connections: [ObjectIdentifier: ControlConnection] = [:]
    private var channels: [ObjectIdentifier: ControlChannel] = [:]

    /// The answer to an untrusted connection under `--restrict-privileged`.
    static let refusal = "error: refused: strata runs with --restrict-privileged, and its control socket serves only "
        + "the processes it starts (the command after --, the startup file's lines) and those they start"

    init(server: Server, path: String) throws {
        self.server = server
        self.path = path
        listenFD = try ControlServer.listen(at: path)
        source = wl_event_loop_add_fd(server.eventLoop, listenFD, UInt32(WL_EVENT_READABLE), { _, _, data in
            Unmanaged<ControlServer>.fromOpaque(data!).takeUnretainedValue().acceptConnections()
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private static func listen(at path: String) throws -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.utf8.count < capacity else { throw ServerError.socket("control socket path too long: \(path)") }
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            bytes.copyBytes(from: path.utf8)
            bytes[path.utf8.count] = 0
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw ServerError.socket("cannot create control socket: \(String(cString: strerror(errno)))") }
        unlink(path)
        // Created 0600 from the start: no window in which others could connect.
        let oldMask = umask(0o177)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        umask(oldMask)
        guard bound == 0, Glibc.listen(fd, 16) == 0 else {
            let message = String(cString: strerror(errno))
            Glibc.close(fd)
            throw ServerError.socket("cannot listen on \(path): \(message)")
        }
        chmod(path, 0o600)
        return fd
    }

    private func acceptConnections() {
        while true {
            let fd = accept(listenFD, nil, nil)
            guard fd >= 0 else { return }  // EAGAIN: all accepted
            // accept4 is hidden behind _GNU_SOURCE in Glibc's module.
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            serve(fd, trusted: false, peer: ControlServer.peer(of: fd))
        }
    }

    /// "pid 123 (sh)": who connected, as the kernel recorded it at connect(2).
    private static func peer(of fd: Int32) -> String {
        // struct ucred (pid, uid, gid), which Glibc's module hides behind _GNU_SOURCE.
        var credentials: (pid: pid_t, uid: uid_t, gid: gid_t) = (0, 0, 0)
        var size = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &size) == 0 else { return "an unknown process" }
        return ClientDescription(pid: credentials.pid).description
    }

    /// Serves one connection, `trusted` when it came through a launched client's channel.
    func serve(_ fd: Int32, trusted: Bool, peer: String) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let connection = ControlConnection(fd: fd, control: self, trusted: trusted, peer: peer)
        connections[ObjectIdentifier(connection)] = connection
    }

    /// A channel for a client about to be launched (`Server.launch`): its
    /// end for the client (close-on-exec; the launcher places it).
    func openChannel() throws -> Int32 {
        let (serverEnd, clientEnd) = try Server.socketPair(type: SOCK_SEQPACKET)
        let channel = ControlChannel(fd: serverEnd, control: self)
        channels[ObjectIdentifier(channel)] = channel
        return clientEnd
    }

    func finished(_ connection: ControlConnection) {
        connections[ObjectIdentifier(connection)] = nil
    }

    func finished(_ channel: ControlChannel) {
        channels[ObjectIdentifier(channel)] = nil
    }

    func close() {
        for connection in connections.values { connection.close() }
        connections = [:]
        for channel in channels.values { channel.close() }
        channels = [:]
        if let source { wl_event_source_remove(source) }
        source = nil
        if listenFD >= 0 { Glibc.close(listenFD) }
        listenFD = -1
        unlink(path)
    }

    /// The newest window with this title.
    private func toplevel(titled title: String) -> Toplevel? {
        server.windows.allToplevels.last { $0.title == title }
    }

    /// Writes `rect` of the layout (layout pixels) as a PNG, after any pending frame.
    private func screenshot(of rect: PixelRect, to path: String) -> String {
        guard path.hasPrefix("/") else { return "error: screenshot path must be absolute: \(path)" }
        if server.isFrameScheduled || server.lastFrameStats == nil { server.renderFrame() }
        guard let image = server.layoutImage(of: rect) else { return "error: nothing to capture" }
        defer { pixman_image_unref(image) }
        do {
            try PNGFile.write(image, to: path)
        } catch {
            return "error: \(error)"
        }
        return JSONValue.object([("path", .string(path)), ("width", .int(rect.width)), ("height", .int(rect.height))]).serialized()
    }

    /// Answers one request line of a connection; `trusted` when it came through a channel.
    func respond(to request: String, trusted: Bool, peer: String) -> String {
        if server.configuration.restrictPrivileged && !trusted {
            // The request's first word, as letters only: whatever it sent stays out of the log.
            let verb = String((request.split(separator: " ", maxSplits: 1).first ?? "").prefix(32).filter { $0.isASCII && $0.isLetter })
            ServerLog.logger.warning("control: refused '\(verb)' from \(peer), not started by strata (--restrict-privileged)")
            return ControlServer.refusal
        }
        return respond(to: request)
    }

    /// `strata stats`: the last frame's statistics, the frames so far and the backend's counts.
    static func statsLine(_ server: Server) -> String {
        guard let stats = server.lastFrameStats else { return "error: no frame has been rendered yet" }
        guard case .object(let fields) = stats.dump() else { return stats.dump().serialized() }
        let backendCounts = server.backend.statistics.map { ($0.name, JSONValue.int($0.value)) }
        return JSONValue.object(fields + [("frames", .int(server.framesRendered)),
                                          ("framesWithDamage", .int(server.framesWithDamage))] + backendCounts).serialized()
    }

    /// Answers one request line.
    func respond(to request: String) -> String {
        let parts = request.split(separator: " ", maxSplits: 1).map(String.init)
        switch (parts.first ?? "", parts.count) {
        case ("screenshot", 2):
            return screenshot(of: server.layoutPixelRect, to: parts[1])
        case ("screenshot", _):
            return "error: usage: screenshot <absolute path>"
        case ("screenshot-output", 2):
            let nameAndPath = parts[1].split(separator: " ", maxSplits: 1).map(String.init)
            guard nameAndPath.count == 2 else { return "error: usage: screenshot-output <output name> <absolute path>" }
            guard let output = server.output(named: nameAndPath[0]) else {
                return "error: no output named \(nameAndPath[0]) (outputs: \(server.outputs.map(\.name).joined(separator: ", ")))"
            }
            return screenshot(of: output.pixelRect, to: nameAndPath[1])
        case ("screenshot-output", _):
            return "error: usage: screenshot-output <output name> <absolute path>"
        case ("tree", 1):
            return server.treeDump().serialized()
        case ("frame", 1):
            return server.renderFrame().dump().serialized()
        case ("frame", 2):
            guard let milliseconds = Double(parts[1]), milliseconds.isFinite, (0...86_400_000).contains(milliseconds) else {
                return "error: usage: frame [milliseconds to advance the clock, at most a day]"
            }
            guard server.advanceClock(milliseconds: milliseconds) else {
                return "error: the clock moves by itself; only a compositor run with --manual-frames can be advanced"
            }
            return server.renderFrame().dump().serialized()
        case ("stats", 1):
            return Self.statsLine(server)
        case ("close", 2):
            guard let window = toplevel(titled: parts[1]) else { return "error: no window titled '\(parts[1])'" }
            window.close()
            return JSONValue.object([("closed", .string(parts[1]))]).serialized()
        case ("resize", 2):
            let arguments = parts[1].split(separator: " ", maxSplits: 1).map(String.init)
            let size = arguments.first?.split(separator: "x").compactMap { Int32($0) } ?? []
            guard arguments.count == 2, size.count == 2, size.allSatisfy({ $0 > 0 }) else {
                return "error: usage: resize <width>x<height> <title>"
            }
            guard let window = toplevel(titled: arguments[1]) else { return "error: no window titled '\(arguments[1])'" }
            window.sendConfigure(width: size[0], height: size[1])
            return JSONValue.object([("resized", .string(arguments[1])), ("width", .int(Int(size[0]))),
                                     ("height", .int(Int(size[1])))]).serialized()
        case ("input", 2):
            let command: InputCommand
            do {
                command = try InputCommand(line: parts[1])
            } catch {
                return "error: \(error)"
            }
            if let failure = server.seat.perform(command) { return "error: \(failure)" }
            // The events are on their way before the tool hears back.
            server.flushClients()
            return JSONValue.object([("input", .string(parts[1].split(separator: " ").first.map(String.init) ?? "")),
                                     ("seat", server.seat.dump())]).serialized()
        case ("output", 2):
            do {
                return server.perform(try OutputCommand(line: parts[1]))
            } catch {
                return "error: \(error)"
            }
        case ("output", _):
            return "error: usage: output \(OutputCommand.usage)"
        default:
            return "error: unknown request '\(request)' (screenshot <path>, screenshot-output <name> <path>, tree, frame, stats, close <title>, resize <w>x<h> <title>, input <action>, output <action>)"
        }
    }
}

/// One tool's connection: read a line, answer, close.
final class ControlConnection {
    static let maximumRequestBytes = 4096
    private var fd: Int32
    private var source: OpaquePointer?
    private unowned let control: ControlServer
    /// Came through a launched client's channel (`ControlChannel`).
    private let trusted: Bool
    /// Who is at the other end, for the log.
    private let peer: String
    private var input: [UInt8] = []
    private var output: [UInt8] = []
    private var written = 0
    private var answered = false

    /// A tool that connects and never finishes its request is dropped after this.
    static let timeoutMilliseconds: Int32 = 10_000
    private var timer: OpaquePointer?

    init(fd: Int32, control: ControlServer, trusted: Bool, peer: String) {
        self.fd = fd
        self.control = control
        self.trusted = trusted
        self.peer = peer
        let me = Unmanaged.passUnretained(self).toOpaque()
        source = wl_event_loop_add_fd(control.server.eventLoop, fd, UInt32(WL_EVENT_READABLE), { _, mask, data in
            Unmanaged<ControlConnection>.fromOpaque(data!).takeUnretainedValue().ready(mask: mask)
            return 0
        }, me)
        timer = wl_event_loop_add_timer(control.server.eventLoop, { data in
            Unmanaged<ControlConnection>.fromOpaque(data!).takeUnretainedValue().finish()
            return 0
        }, me)
        if let timer { wl_event_source_timer_update(timer, ControlConnection.timeoutMilliseconds) }
    }

    private func ready(mask: UInt32) {
        if answered { flush(); return }
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                input += buffer[0..<count]
                if input.contains(UInt8(ascii: "\n")) { break }
                if input.count > ControlConnection.maximumRequestBytes { break }
                continue
            }
            if count == 0 { break }  // end of request without a newline: take what came
            if errno == EAGAIN || errno == EWOULDBLOCK { return }
            if errno == EINTR { continue }
            finish()
            return
        }
        let line = input.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false).first ?? []
        let request = String(decoding: line, as: UTF8.self).trimmingCharacters(in: " \r\t")
        let answer = input.count > ControlConnection.maximumRequestBytes && !input.contains(UInt8(ascii: "\n"))
            ? "error: request longer than \(ControlConnection.maximumRequestBytes) bytes"
            : control.respond(to: request, trusted: trusted, peer: peer)
        output = Array((answer + "\n").utf8)
        answered = true
        if let source { wl_event_source_fd_update(source, UInt32(WL_EVENT_WRITABLE)) }
        flush()
    }

    private func flush() {
        while written < output.count {
            let count = output.withUnsafeBytes { send(fd, $0.baseAddress! + written, output.count - written, Int32(MSG_NOSIGNAL)) }
            if count > 0 { written += count; continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
            if count < 0 && errno == EINTR { continue }
            break  // the tool went away
        }
        finish()
    }

    private func finish() {
        close()
        control.finished(self)
    }

    func close() {
        if let source { wl_event_source_remove(source) }
        source = nil
        if let timer { wl_event_source_remove(timer) }
        timer = nil
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }
}

private extension String {
    func trimmingCharacters(in set: String) -> String {
        let skip = Set(set.unicodeScalars)
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, skip.contains(first) { scalars = scalars.dropFirst() }
        while let last = scalars.last, skip.contains(last) { scalars = scalars.dropLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
