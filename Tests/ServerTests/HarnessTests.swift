import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import StrataProtocol
import StrataServer
import TestSupport
import XCTest

/// What the wlcs integration (Sources/Conformance) relies on, on an
/// in-process server whose loop runs on a thread of its own: the globals
/// it lists to wlcs, clients handed over as socket pairs, and windows shown
/// without a configure when `showsUnconfiguredBuffers` is set.
final class HarnessTests: XCTestCase {
    private final class Running: @unchecked Sendable {
        let server: Server
        let stopped = DispatchSemaphore(value: 0)
        init(_ server: Server) { self.server = server }
    }
    private var running: Running?

    override func tearDown() {
        if let running {
            running.server.perform { running.server.terminate() }
            running.stopped.wait()
        }
        running = nil
    }

    /// Starts a server with no socket: clients come through `addClient(fd:)`.
    private func start(_ configure: (inout ServerConfiguration) -> Void = { _ in }) -> Server {
        var configuration = ServerConfiguration(width: 320, height: 240, socketName: "harness", clock: .manual)
        configure(&configuration)
        let running = Running(Server(configuration: configuration))
        self.running = running
        Thread { running.server.run(); running.server.shutdown(); running.stopped.signal() }.start()
        return running.server
    }

    /// Runs `body` on the server's thread and returns what it returned.
    private func onServer<T>(_ server: Server, _ body: @escaping () -> T) -> T? {
        let done = DispatchSemaphore(value: 0)
        var result: T?
        server.perform {
            result = body()
            server.flushClients()
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        return result
    }

    /// A RawClient on a socket pair whose other end the server serves.
    private func connect(_ server: Server) throws -> RawClient {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw StrataTestError("socketpair failed")
        }
        let serverFD = fds[1]
        XCTAssertNotNil(onServer(server) { server.addClient(fd: serverFD) } ?? nil)
        return try RawClient(connectedTo: fds[0])
    }

    func testServedGlobalsAreExactlyWhatTheRegistryAdvertises() throws {
        let client = try connect(start())
        let advertised = client.globals.map { "\($0.interface) v\($0.version)" }.sorted()
        let served = Server.servedGlobals.map { "\($0.interface) v\($0.version)" }.sorted()
        XCTAssertFalse(advertised.isEmpty)
        XCTAssertEqual(advertised, served)
    }

    func testAWindowThatNeverAcknowledgesAConfigureMapsWhenAllowed() throws {
        let server = start { $0.showsUnconfiguredBuffers = true }
        let client = try connect(server)
        let recorder = try SeatRecorder(client)
        let compositor = try client.bind(strata_wl_compositor_interface(), version: 5)
        let shm = try client.bind(strata_wl_shm_interface(), version: 1)
        let base = try client.bind(strata_xdg_wm_base_interface(), version: 5)
        let surface = wl_compositor_create_surface(compositor)!
        let toplevel = xdg_surface_get_toplevel(xdg_wm_base_get_xdg_surface(base, surface)!)!
        xdg_toplevel_set_title(toplevel, "unconfigured")
        // As wlcs 1.5 does: a buffer on the very first commit, and no ack_configure ever.
        wl_surface_attach(surface, try client.makeBuffer(shm: shm, width: 40, height: 30), 0, 0)
        wl_surface_commit(surface)
        XCTAssertTrue(client.roundtrip(), "no protocol error: \(String(describing: client.protocolError))")
        XCTAssertEqual(onServer(server) { server.seat.keyboardFocus?.title } ?? nil, "unconfigured",
                       "the window is mapped (a mapped window takes the keyboard focus)")

        // Placed by the harness; the pointer finds it there.
        let surfaceID = wl_proxy_get_id(surface)
        let placed = onServer(server) { () -> Bool in
            guard let owner = server.seat.keyboardFocus?.client else { return false }
            return server.placeWindow(client: owner, surfaceID: surfaceID, at: Point(x: 200, y: 100))
        }
        XCTAssertEqual(placed, true)
        recorder.take()
        _ = onServer(server) { server.seat.handle(.pointerMotion(Point(x: 210, y: 105))) }
        XCTAssertEqual(recorder.taken("pointer.enter"), ["pointer.enter \(surfaceID) 10 5"])
        XCTAssertEqual(onServer(server) { server.placeWindow(client: server.seat.keyboardFocus!.client!, surfaceID: 9999, at: .zero) },
                       false, "an id that is no window's surface is refused")
    }
}
