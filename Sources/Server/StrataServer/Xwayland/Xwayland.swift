import CWaylandServer
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// X11 clients through Xwayland, rootless: an X display of Strata's
/// (X11DisplaySockets) whose server is Xwayland, started when the first X
/// client connects (or at once, `XwaylandMode.start`), with Strata as its
/// window manager (XWindowManager). Xwayland is a Wayland client on a
/// connection made for it; X windows are Toplevels like any other. When
/// Xwayland dies its windows go, and the display waits for the next X
/// client to start a new one.
final class Xwayland: ServerExtension {
    unowned let server: Server
    let sockets: X11DisplaySockets
    private let executable: String
    private let logger = Logger(label: "strata.xwayland")
    /// Watching the display's sockets for the first X client.
    private var listeners: [OpaquePointer] = []
    private var process: SpawnedProcess?
    /// Xwayland's Wayland connection, while it runs.
    private(set) var client: OpaquePointer?
    /// Xwayland's connection closed (it died, or broke the protocol): libwayland destroyed the client.
    private lazy var clientGone = Listener { [weak self] _ in self?.clientDestroyed() }
    /// Xwayland writes the display number here once it accepts clients (-displayfd).
    private var readiness: (fd: Int32, source: OpaquePointer)?
    /// Strata's end of Xwayland's -wm connection, until it is ready.
    private var windowManagerEnd: Int32 = -1
    private(set) var windowManager: XWindowManager?
    /// Starts that failed before Xwayland was ready, in a row: after a few the display stays closed.
    private var failedStarts = 0

    /// DISPLAY for the clients Strata starts.
    var displayName: String { sockets.displayName }

    init?(server: Server) {
        let mode = server.configuration.xwayland
        guard mode != .off else { return nil }
        let logger = Logger(label: "strata.xwayland")
        guard let executable = Xwayland.findExecutable() else {
            logger.notice("X11 clients cannot connect: Xwayland is not installed (Debian: apt-get install xwayland)")
            return nil
        }
        do {
            sockets = try X11DisplaySockets()
        } catch {
            logger.error("X11 clients cannot connect: \(error)")
            return nil
        }
        self.server = server
        self.executable = executable
        if mode == .start { start() } else { listen() }
    }

    static func findExecutable() -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/Xwayland"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    // MARK: Starting

    /// Waits for an X client on the display's sockets; Xwayland accepts it.
    private func listen() {
        guard listeners.isEmpty else { return }
        for fd in sockets.descriptors {
            if let source = wl_event_loop_add_fd(server.eventLoop, fd, UInt32(WL_EVENT_READABLE), { _, _, data in
                Unmanaged<Xwayland>.fromOpaque(data!).takeUnretainedValue().start()
                return 0
            }, Unmanaged.passUnretained(self).toOpaque()) {
                listeners.append(source)
            }
        }
    }

    private func stopListening() {
        for source in listeners { wl_event_source_remove(source) }
        listeners = []
    }

    /// Starts Xwayland on the display's sockets: rootless, drawing into
    /// shared memory (Strata composites wl_shm buffers), with a Wayland
    /// connection (WAYLAND_SOCKET) and a window manager connection (-wm)
    /// made here.
    private func start() {
        stopListening()
        guard process == nil else { return }
        do {
            let (waylandEnd, xwaylandWaylandEnd) = try Server.socketPair(type: SOCK_STREAM)
            let (wmEnd, xwaylandWmEnd) = try Server.socketPair(type: SOCK_STREAM)
            var pipeEnds: [Int32] = [-1, -1]
            guard pipe(&pipeEnds) == 0 else { throw X11DisplaySockets.Failure(description: "pipe: \(String(cString: strerror(errno)))") }
            for fd in pipeEnds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            defer { for fd in [xwaylandWaylandEnd, xwaylandWmEnd, pipeEnds[1]] { close(fd) } }
            guard let client = wl_client_create(server.display, waylandEnd) else {
                for fd in [waylandEnd, wmEnd, pipeEnds[0]] { close(fd) }
                throw X11DisplaySockets.Failure(description: "cannot serve Xwayland's Wayland connection")
            }
            self.client = client
            clientGone.listen(toDestroyOfClient: client)
            windowManagerEnd = wmEnd
            let inherited: [Int32: Int32] = [3: xwaylandWaylandEnd, 4: sockets.descriptors[0], 5: sockets.descriptors[1],
                                             6: xwaylandWmEnd, 7: pipeEnds[1]]
            var environment = Xwayland.environment()
            environment["WAYLAND_SOCKET"] = "3"
            environment["DISPLAY"] = nil
            let arguments = [displayName, "-rootless", "-shm", "-listenfd", "4", "-listenfd", "5",
                             "-wm", "6", "-displayfd", "7"]
            process = try SpawnedProcess(loop: server.eventLoop, executable: executable, arguments: arguments,
                                         environment: environment, inherited: inherited) { [weak self] _, status in
                self?.exited(status: status)
            }
            let readFd = pipeEnds[0]
            if let source = wl_event_loop_add_fd(server.eventLoop, readFd, UInt32(WL_EVENT_READABLE), { _, _, data in
                Unmanaged<Xwayland>.fromOpaque(data!).takeUnretainedValue().becameReady()
                return 0
            }, Unmanaged.passUnretained(self).toOpaque()) {
                readiness = (readFd, source)
            } else {
                close(readFd)
            }
            logger.info("starting Xwayland on \(displayName)")
        } catch {
            logger.error("cannot start Xwayland: \(error)")
            endStart()
            failedStarts += 1
            if failedStarts < 3 { listen() }
        }
    }

    /// Xwayland wrote its display number and a newline: it accepts X
    /// clients, and the window manager connects. It writes the two apart,
    /// so the pipe stays open until the newline (closed early, the second
    /// write would fail, and Xwayland with it).
    private func becameReady() {
        var byte: UInt8 = 0
        let count = read(readiness?.fd ?? -1, &byte, 1)
        if count > 0, byte != UInt8(ascii: "\n") { return }
        endReadiness()
        // An end without the newline: Xwayland is failing, and its exit is handled.
        guard count > 0, let client, windowManagerEnd >= 0 else { return }
        let fd = windowManagerEnd
        windowManagerEnd = -1
        guard let manager = XWindowManager(server: server, fd: fd, xwaylandClient: client) else {
            logger.error("cannot connect the X11 window manager to Xwayland")
            return
        }
        manager.onConnectionLost = { [weak self] in self?.windowManager = nil }
        windowManager = manager
        failedStarts = 0
        logger.info("Xwayland is serving \(displayName)")
    }

    private func endReadiness() {
        if let readiness {
            wl_event_source_remove(readiness.source)
            close(readiness.fd)
        }
        readiness = nil
    }

    private func endStart() {
        endReadiness()
        if windowManagerEnd >= 0 { close(windowManagerEnd) }
        windowManagerEnd = -1
        windowManager?.stop()
        windowManager = nil
        clientGone.remove()
        if let client { wl_client_destroy(client) }
        client = nil
        process = nil
    }

    /// Its windows' surfaces are gone with the connection; the process's end follows.
    private func clientDestroyed() {
        client = nil
        windowManager?.stop()
        windowManager = nil
    }

    /// Xwayland ended: its windows went with it; the next X client starts another.
    private func exited(status: Int32) {
        let wasReady = windowManager != nil
        logger.notice("Xwayland exited with status \(status)")
        endStart()
        failedStarts = wasReady ? 0 : failedStarts + 1
        guard failedStarts < 3 else {
            logger.error("Xwayland failed to start three times; X11 clients cannot connect")
            return
        }
        listen()
    }

    private static func environment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    // MARK: ServerExtension

    func surfaceCreated(_ surface: Surface) {
        windowManager?.surfaceCreated(surface)
    }

    func selectionChanged(_ kind: SelectionKind) {
        windowManager?.selectionChanged(kind)
    }

    func stop() {
        stopListening()
        let running = process
        endStart()
        if let running { kill(running.pid, SIGTERM) }
    }

    func treeMembers() -> [(String, JSONValue)] {
        [("xwayland", .object([("display", .string(displayName)), ("running", .bool(windowManager != nil)),
                               ("pid", process.map { .int(Int($0.pid)) } ?? .null)]))]
    }
}

extension Server {
    /// DISPLAY for X11 clients of this session, while Xwayland serves one.
    public var xwaylandDisplay: String? { self.extension(Xwayland.self)?.displayName }
}
