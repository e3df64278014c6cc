import CWaylandServer
import Dispatch
import StrataProtocol
import StrataServer
#if canImport(Glibc)
import Glibc
#endif

/// One wlcs display server: a real Strata compositor, headless, whose
/// event loop runs on a thread of its own between `start` and `stop`.
/// wlcs calls everything else from its test thread; each call does its
/// work on the server's thread and returns once it is done, so what it
/// caused is on the clients' sockets when wlcs looks.
final class WlcsHost {
    /// The output wlcs's coordinates are in: one pixel per point.
    static let configuration: ServerConfiguration = {
        var configuration = ServerConfiguration(width: 1920, height: 1080, scale: 1,
                                                socketName: "wlcs", clock: .realtime(hz: 60))
        // Debian's wlcs (1.5) attaches buffers without waiting for a configure.
        configuration.showsUnconfiguredBuffers = true
        return configuration
    }()

    private(set) var server: Server?
    private var loopThread: pthread_t?
    /// The server's wl_client for each fd create_client_socket handed out
    /// (wlcs names a client by the wl_display connected to that fd).
    private var clients: [Int32: OpaquePointer] = [:]
    private var clientsLock = pthread_mutex_t()
    private var nextTouchID: Int32 = 0

    init() { pthread_mutex_init(&clientsLock, nil) }
    deinit { pthread_mutex_destroy(&clientsLock) }

    func start() {
        guard server == nil else { return }
        let server = Server(configuration: WlcsHost.configuration)
        self.server = server
        var thread = pthread_t()
        let box = Unmanaged.passRetained(server).toOpaque()
        pthread_create(&thread, nil, { box in
            let server = Unmanaged<Server>.fromOpaque(box!).takeRetainedValue()
            server.run()
            server.shutdown()
            return nil
        }, box)
        loopThread = thread
    }

    /// Ends the loop, disconnects every client and frees the display
    /// before returning, so nothing outlives the test.
    func stop() {
        guard let server, let loopThread else { return }
        server.perform { server.terminate() }
        pthread_join(loopThread, nil)
        self.loopThread = nil
        self.server = nil
        pthread_mutex_lock(&clientsLock)
        clients = [:]
        pthread_mutex_unlock(&clientsLock)
    }

    /// Runs `body` on the server's thread and waits for it.
    func sync<T>(_ body: @escaping (Server) -> T) -> T? {
        guard let server else { return nil }
        let done = DispatchSemaphore(value: 0)
        var result: T?
        server.perform {
            result = body(server)
            server.flushClients()
            done.signal()
        }
        done.wait()
        return result
    }

    /// A socket pair: the server serves one end, the other goes to wlcs
    /// (which owns it from then on). -1 when the pair cannot be made.
    func createClientSocket() -> Int32 {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else { return -1 }
        let (clientFD, serverFD) = (fds[0], fds[1])
        guard let client = sync({ $0.addClient(fd: serverFD) }) ?? nil else {
            close(clientFD)
            return -1
        }
        pthread_mutex_lock(&clientsLock)
        clients[clientFD] = client
        pthread_mutex_unlock(&clientsLock)
        return clientFD
    }

    func placeWindow(clientFD: Int32, surfaceID: UInt32, x: Int32, y: Int32) {
        pthread_mutex_lock(&clientsLock)
        let client = clients[clientFD]
        pthread_mutex_unlock(&clientsLock)
        guard let client else { return }
        _ = sync { $0.placeWindow(client: client, surfaceID: surfaceID, at: Point(x: Double(x), y: Double(y))) }
    }

    /// Feeds `event` to the seat on the server's thread; returns once the
    /// clients' events are flushed.
    func handle(_ event: @escaping (Server) -> InputEvent) {
        _ = sync { server in server.seat.handle(event(server)) }
    }

    /// Each WlcsTouch is one finger: its own touch point id.
    func makeTouchID() -> Int32 {
        defer { nextTouchID += 1 }
        return nextTouchID
    }
}
