import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import StrataProtocol
import StrataServer
import TestSupport
import XCTest

/// `Seat.handle(_:)` called directly, as a backend or wlcs does, on an
/// in-process server running its loop on a thread of its own (reached
/// through `Server.perform`), with bare libwayland clients in this thread:
/// the events `strata input` has no form for.
final class SeatHandleTests: XCTestCase {
    private final class Running: @unchecked Sendable {
        let server: Server
        let stopped = DispatchSemaphore(value: 0)
        init(_ server: Server) { self.server = server }
    }
    private var running: Running!
    private var runtime: String!

    override func setUpWithError() throws {
        var template = Array((NSTemporaryDirectory() + "strata-seat-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw StrataTestError("mkdtemp failed") }
        runtime = String(cString: made)
        setenv("XDG_RUNTIME_DIR", runtime, 1)
        var configuration = ServerConfiguration(width: 320, height: 240, socketName: "seat-handle", clock: .manual)
        configuration.windowOrigins = StrataProcess.steppedOrigins.map { Point(x: Double($0.x), y: Double($0.y)) }
        let server = Server(configuration: configuration)
        try server.addSocket()
        let running = Running(server)
        self.running = running
        Thread { running.server.run(); running.stopped.signal() }.start()
    }

    override func tearDown() {
        if let running {
            running.server.terminate()
            running.stopped.wait()
            running.server.shutdown()
        }
        running = nil
        if let runtime { try? FileManager.default.removeItem(atPath: runtime) }
    }

    /// Feeds `events` on the server's thread and returns once they are sent.
    func handle(_ events: InputEvent...) {
        let done = DispatchSemaphore(value: 0)
        let server = running.server
        server.perform {
            for event in events { server.seat.handle(event) }
            server.flushClients()
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
    }

    func window(_ title: String) throws -> (RawWindow, SeatRecorder) {
        let client = try RawClient(socket: "seat-handle", runtimeDirectory: runtime)
        let recorder = try SeatRecorder(client)
        let window = try RawWindow(client, title: title, width: 100, height: 100)
        recorder.take()
        return (window, recorder)
    }

    func testTouchCancelReachesEveryClientWithAPointDown() throws {
        let (a, ra) = try window("A")   // at (32, 32)
        let (b, rb) = try window("B")   // at (64, 64), on top
        handle(.touchDown(id: 0, Point(x: 40, y: 40)), .touchDown(id: 1, Point(x: 150, y: 150)))
        XCTAssertEqual(ra.taken("touch"), ["touch.down \(a.surfaceID) 0 8 8"])
        XCTAssertEqual(rb.taken("touch"), ["touch.down \(b.surfaceID) 1 86 86"])
        handle(.touchCancel)
        XCTAssertEqual(ra.taken("touch"), ["touch.cancel"])
        XCTAssertEqual(rb.taken("touch"), ["touch.cancel"])
        handle(.touchUp(id: 0), .touchMotion(id: 1, Point(x: 100, y: 100)))
        XCTAssertEqual(ra.taken("touch"), [], "cancelled points are gone")
        XCTAssertEqual(rb.taken("touch"), [])
        handle(.touchDown(id: 0, Point(x: 40, y: 40)), .touchUp(id: 0))
        XCTAssertEqual(ra.taken("touch"), ["touch.down \(a.surfaceID) 0 8 8", "touch.up 0"], "and ids can be used again")
    }

    func testFingerScrollEndsWithAxisStopAndRepeatedPressesAreDropped() throws {
        let (_, ra) = try window("A")
        handle(.pointerMotion(Point(x: 50, y: 50)))
        ra.take()
        handle(.pointerAxis(vertical: 3, horizontal: 0, source: .finger), .pointerAxis(vertical: 0, horizontal: 0, source: .finger))
        XCTAssertEqual(ra.taken("pointer"), ["pointer.axis_source 1", "pointer.axis 0 3",
                                             "pointer.axis_source 1", "pointer.axis_stop 0", "pointer.axis_stop 1"])
        // A backend's repeated press or stray release does not reach the client twice.
        handle(.key(30, .pressed), .key(30, .pressed), .key(30, .released), .key(30, .released),
               .pointerButton(PointerButton.left, .released), .pointerButton(PointerButton.left, .pressed),
               .pointerButton(PointerButton.left, .pressed), .pointerButton(PointerButton.left, .released))
        XCTAssertEqual(ra.take().filter { $0.hasPrefix("keyboard.key") || $0.hasPrefix("pointer.button") }, [
            "keyboard.key 30 pressed", "keyboard.key 30 released", "pointer.button 272 pressed", "pointer.button 272 released"])
    }

    func testTouchPointsEndWithUpWhenTheirSurfaceIsDestroyed() throws {
        let (a, ra) = try window("A")   // at (32, 32), 100×100
        let subcompositor = try a.client.bind(strata_wl_subcompositor_interface(), version: 1)
        let child = wl_compositor_create_surface(a.compositor)!
        let subsurface = wl_subcompositor_get_subsurface(subcompositor, child, a.surface)!
        wl_subsurface_set_position(subsurface, 10, 10)
        wl_surface_attach(child, try a.client.makeBuffer(shm: a.shm, width: 20, height: 20), 0, 0)
        wl_surface_commit(child)
        wl_surface_commit(a.surface)
        XCTAssertTrue(a.client.roundtrip())
        handle(.touchDown(id: 0, Point(x: 45, y: 45)), .touchDown(id: 1, Point(x: 100, y: 100)), .touchDown(id: 2, Point(x: 300, y: 200)))
        XCTAssertEqual(ra.taken("touch.down").count, 2, "one point on the subsurface, one on the window, one on the desktop")

        wl_subsurface_destroy(subsurface)
        wl_surface_destroy(child)
        XCTAssertEqual(ra.taken("touch"), ["touch.up 0"], "the subsurface's point ends with it")
        xdg_toplevel_destroy(a.toplevel)
        XCTAssertEqual(ra.taken("touch"), ["touch.up 1"], "the window's point ends as it unmaps")
        handle(.touchUp(id: 0), .touchUp(id: 1), .touchUp(id: 2))
        XCTAssertEqual(ra.taken("touch"), [], "lifting the fingers later sends nothing more")
    }

    func testThePointerFocusFollowsWindowsThatMoveOrResizeUnderIt() throws {
        let (a, ra) = try window("A")   // at (32, 32), 100×100
        handle(.pointerMotion(Point(x: 160, y: 160)))
        XCTAssertEqual(ra.taken("pointer.enter"), [], "the pointer starts on the desktop")

        // Bigger under the still pointer: enter; smaller again: leave.
        wl_surface_attach(a.surface, try a.client.makeBuffer(shm: a.shm, width: 200, height: 200), 0, 0)
        wl_surface_commit(a.surface)
        XCTAssertEqual(ra.taken("pointer.enter"), ["pointer.enter \(a.surfaceID) 128 128"])
        wl_surface_attach(a.surface, try a.client.makeBuffer(shm: a.shm, width: 50, height: 50), 0, 0)
        wl_surface_commit(a.surface)
        XCTAssertEqual(ra.taken("pointer.leave"), ["pointer.leave \(a.surfaceID)"])

        // Placed under the pointer: enter; moved while under it: motion.
        let server = running.server
        let surfaceID = a.surfaceID
        func place(_ x: Double, _ y: Double) {
            let done = DispatchSemaphore(value: 0)
            server.perform {
                let client = server.seat.keyboardFocus?.client
                XCTAssertTrue(client.map { server.placeWindow(client: $0, surfaceID: surfaceID, at: Point(x: x, y: y)) } ?? false)
                server.flushClients()
                done.signal()
            }
            XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        }
        place(150, 150)
        XCTAssertEqual(ra.taken("pointer"), ["pointer.enter \(a.surfaceID) 10 10"])
        place(140, 145)
        XCTAssertEqual(ra.taken("pointer"), ["pointer.motion 20 15"])
        place(140, 145)
        XCTAssertEqual(ra.taken("pointer"), [], "nothing moved, nothing is sent")
    }

    /// With two windows, a commit of either keeps the focus on the one on
    /// top under the still pointer, whether it was under the pointer
    /// before, is now, or neither.
    func testTheFocusFollowsTheTopWindowUnderAStillPointerWhicheverWindowCommits() throws {
        let (a, ra) = try window("A")   // at (32, 32), 100×100
        let (b, rb) = try window("B")   // at (64, 64), 100×100
        handle(.pointerMotion(Point(x: 50, y: 50)))
        XCTAssertEqual(ra.taken("pointer.enter"), ["pointer.enter \(a.surfaceID) 18 18"])
        let server = running.server
        // B, mapped last, keeps the keyboard: its client is the focused one.
        func place(_ window: RawWindow, _ x: Double, _ y: Double) {
            let done = DispatchSemaphore(value: 0)
            let surfaceID = window.surfaceID
            server.perform {
                let client = server.seat.keyboardFocus?.client
                XCTAssertTrue(client.map { server.placeWindow(client: $0, surfaceID: surfaceID, at: Point(x: x, y: y)) } ?? false)
                server.flushClients()
                done.signal()
            }
            XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        }
        func recommit(_ window: RawWindow) throws {
            wl_surface_attach(window.surface, try window.client.makeBuffer(shm: window.shm, width: 100, height: 100), 0, 0)
            wl_surface_commit(window.surface)
        }

        // B, on top, comes under the pointer: it takes the focus.
        place(b, 40, 40)
        XCTAssertEqual(ra.taken("pointer"), ["pointer.leave \(a.surfaceID)"])
        XCTAssertEqual(rb.taken("pointer"), ["pointer.enter \(b.surfaceID) 10 10"])
        // A, under B there, commits: nothing changes.
        try recommit(a)
        XCTAssertEqual(ra.taken("pointer"), [])
        XCTAssertEqual(rb.taken("pointer"), [])
        // B leaves: A has the pointer again; B committing far away changes nothing.
        place(b, 200, 130)
        XCTAssertEqual(rb.taken("pointer"), ["pointer.leave \(b.surfaceID)"])
        XCTAssertEqual(ra.taken("pointer"), ["pointer.enter \(a.surfaceID) 18 18"])
        try recommit(b)
        XCTAssertEqual(ra.taken("pointer"), [])
        XCTAssertEqual(rb.taken("pointer"), [])
        // A shrinks away from the pointer: the desktop; grows back: enter.
        wl_surface_attach(a.surface, try a.client.makeBuffer(shm: a.shm, width: 10, height: 10), 0, 0)
        wl_surface_commit(a.surface)
        XCTAssertEqual(ra.taken("pointer"), ["pointer.leave \(a.surfaceID)"])
        try recommit(a)
        XCTAssertEqual(ra.taken("pointer"), ["pointer.enter \(a.surfaceID) 18 18"])
        XCTAssertEqual(rb.taken("pointer"), [])
    }

    func testASubsurfaceMovedAboveAndLeftDoesNotMoveItsWindowsSurface() throws {
        let (a, ra) = try window("A")   // at (32, 32), 100×100, no window geometry set
        let subcompositor = try a.client.bind(strata_wl_subcompositor_interface(), version: 1)
        let child = wl_compositor_create_surface(a.compositor)!
        let subsurface = wl_subcompositor_get_subsurface(subcompositor, child, a.surface)!
        wl_surface_attach(child, try a.client.makeBuffer(shm: a.shm, width: 20, height: 20), 0, 0)
        wl_surface_commit(child)
        wl_surface_commit(a.surface)
        XCTAssertTrue(a.client.roundtrip())
        // The implicit geometry grows up and left; the window's own surface stays at (32, 32).
        wl_subsurface_set_position(subsurface, -20, -10)
        wl_surface_commit(child)
        wl_surface_commit(a.surface)
        XCTAssertTrue(a.client.roundtrip())
        ra.take()
        handle(.pointerMotion(Point(x: 50, y: 50)))
        XCTAssertEqual(ra.taken("pointer.enter"), ["pointer.enter \(a.surfaceID) 18 18"])
        handle(.pointerMotion(Point(x: 25, y: 30)))
        XCTAssertEqual(ra.taken("pointer.enter"), ["pointer.enter \(wl_proxy_get_id(child)) 13 8"], "the subsurface hangs off it")
    }
}
