import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import StrataProtocol
import TestSupport
import XCTest

/// ext_session_lock_manager_v1 against a real `strata` (320×240, manual
/// frames): `locked` after a frame that shows no window, the blank and then
/// the lock surface on screen, the seat taken from the windows and given
/// back on unlock, a lock client that dies leaving the session locked, a
/// second lock finished, each protocol error, and Debian's swaylock.
final class SessionLockProtocolTests: CompositorTestCase {
    let red = DecodedPNG.Pixel.opaqueRed
    /// evdev codes.
    let a: UInt32 = 30

    /// A client with what a lock screen binds.
    struct LockClient {
        let raw: RawClient
        let compositor: OpaquePointer
        let shm: OpaquePointer
        let output: OpaquePointer
        let manager: OpaquePointer
        let seat: SeatRecorder

        func lock() -> RawSessionLock { RawSessionLock(raw, manager: manager) }

        func lockSurface(_ lock: RawSessionLock, autoAck: Bool = true) -> RawLockSurface {
            RawLockSurface(lock, compositor: compositor, output: output, autoAck: autoAck)
        }
    }

    func lockClient() throws -> LockClient {
        let raw = try RawClient(strata)
        return LockClient(raw: raw, compositor: try raw.bind(strata_wl_compositor_interface(), version: 5),
                          shm: try raw.bind(strata_wl_shm_interface(), version: 1),
                          output: try raw.bind(strata_wl_output_interface(), version: 4),
                          manager: try raw.bind(strata_ext_session_lock_manager_v1_interface(), version: 1),
                          seat: try SeatRecorder(raw))
    }

    func isLocked() throws -> Bool { try strata.tree()["locked"] as? Bool ?? false }

    func frame() throws { XCTAssertEqual(try strata.control("frame").status, 0) }

    /// An error on an object the client's destructor request already let go
    /// of (libwayland names no interface then): the code, and the compositor goes on.
    func assertDestructorError(_ client: RawClient, code: UInt32, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertFalse(client.roundtrip(), "expected a protocol error", file: file, line: line)
        XCTAssertEqual(client.protocolError?.code, code, file: file, line: line)
        XCTAssertEqual(try strata.control("frame").status, 0, strata.serverLog, file: file, line: line)
        XCTAssertTrue(try RawClient(strata).roundtrip(), "others are still served", file: file, line: line)
    }

    // MARK: Locking and unlocking

    func testLockHidesTheWindowsAndTakesTheSeatUntilUnlock() throws {
        let apps = try RawClient(strata)
        let appSeat = try SeatRecorder(apps)
        let window = try ManagedWindow(apps, title: "W", width: 100, height: 80)
        let other = try ManagedWindow(apps, title: "V", width: 60, height: 60)
        defer { withExtendedLifetime([window, other]) {} }
        try strata.input("move", "40", "100")
        apps.roundtrip()
        XCTAssertEqual(try strata.keyboardFocus(), "V")
        try frame()
        assertPixel(try strata.shot("session-lock-before"), 120, 100, .fill, "the window, before the lock")
        appSeat.take()

        let locker = try lockClient()
        let lock = locker.lock()
        XCTAssertFalse(lock.locked, "locked waits for a frame without the windows")
        XCTAssertFalse(lock.finished)
        XCTAssertTrue(try isLocked())
        let appEvents = appSeat.take()
        XCTAssertTrue(appEvents.contains("keyboard.leave \(other.surfaceID)"), "\(appEvents)")
        XCTAssertTrue(appEvents.contains { $0.hasPrefix("pointer.leave") }, "\(appEvents)")

        try frame()
        locker.raw.roundtrip()
        XCTAssertTrue(lock.locked)
        let blank = try strata.shot("session-lock-blank")
        for (x, y) in [(120, 100), (80, 70), (5, 5), (319, 239)] { assertPixel(blank, x, y, .black, "blank before the lock surface has a buffer") }

        let surface = locker.lockSurface(lock)
        XCTAssertEqual(surface.lastSize?.width, 320)
        XCTAssertEqual(surface.lastSize?.height, 240)
        XCTAssertTrue(try surface.show(shm: locker.shm))
        try frame()
        let shown = try strata.shot("session-lock-surface")
        for (x, y) in [(120, 100), (80, 70), (5, 5), (319, 239)] { assertPixel(shown, x, y, red, "the lock surface covers the output") }

        // The keyboard and the pointer go to the lock surface.
        let lockEvents = locker.seat.take()
        XCTAssertTrue(lockEvents.contains { $0.hasPrefix("keyboard.enter \(surface.surfaceID)") }, "\(lockEvents)")
        XCTAssertTrue(lockEvents.contains { $0.hasPrefix("pointer.enter \(surface.surfaceID)") }, "\(lockEvents)")
        try strata.input("move", "80", "80")
        XCTAssertEqual(locker.seat.taken("pointer."), ["pointer.motion 80 80"])
        try strata.input("key", "a")
        XCTAssertEqual(locker.seat.taken("keyboard.key"), ["keyboard.key \(a) pressed", "keyboard.key \(a) released"])
        try strata.input("click", "80", "80")
        XCTAssertEqual(locker.seat.taken("pointer.button").count, 2)

        // No shortcut acts: Alt+Tab, Super+Q and Alt+F4 reach the lock client; the windows stay as they are.
        for keys in [["Alt_L", "Tab"], ["Super_L", "q"], ["Alt_L", "F4"], ["Alt_L", "space"]] {
            try strata.input("key", keys[0], "--down")
            try strata.input("key", keys[1])
            try strata.input("key", keys[0], "--up")
        }
        apps.roundtrip()
        XCTAssertEqual(try strata.keyboardFocus(), "V", "Alt+Tab did not switch")
        XCTAssertEqual(window.closeRequests + other.closeRequests, 0, "Super+Q and Alt+F4 closed nothing")
        XCTAssertEqual(try strata.windows().filter { $0["mapped"] as? Bool == true }.count, 2)
        XCTAssertEqual(locker.seat.taken("keyboard.key").count, 16, "every key went to the lock client")
        XCTAssertEqual(appSeat.take().filter { $0.hasPrefix("keyboard.") || $0.hasPrefix("pointer.") }, [],
                       "the windows' client heard nothing")

        lock.unlockAndDestroy()
        XCTAssertFalse(try isLocked())
        apps.roundtrip()
        XCTAssertTrue(appSeat.take().contains { $0.hasPrefix("keyboard.enter \(other.surfaceID)") }, "the keys go back to the window")
        try strata.input("key", "a")
        XCTAssertEqual(appSeat.taken("keyboard.key"), ["keyboard.key \(a) pressed", "keyboard.key \(a) released"])
        XCTAssertEqual(locker.seat.taken("keyboard.key"), [])
        try frame()
        assertPixel(try strata.shot("session-lock-unlocked"), 120, 100, .fill, "the window is shown again")
    }

    /// A window that maps (and would take the keyboard) while the screen
    /// is locked does not have it at unlock: the window that had it before
    /// the lock gets it back, on top, so what the user types after
    /// unlocking goes where it went before.
    func testAWindowMappedWhileLockedDoesNotGetTheKeyboardAtUnlock() throws {
        let apps = try RawClient(strata)
        let appSeat = try SeatRecorder(apps)
        let window = try ManagedWindow(apps, title: "W", width: 100, height: 80)
        XCTAssertEqual(try strata.keyboardFocus(), "W")
        let locker = try lockClient()
        let lock = locker.lock()
        try frame()
        locker.raw.roundtrip()
        XCTAssertTrue(lock.locked)

        let intruder = try RawClient(strata)
        let intruderSeat = try SeatRecorder(intruder)
        let fake = try ManagedWindow(intruder, title: "fake", width: 100, height: 80)
        appSeat.take()
        intruderSeat.take()

        lock.unlockAndDestroy()
        XCTAssertFalse(try isLocked())
        apps.roundtrip()
        intruder.roundtrip()
        XCTAssertEqual(try strata.keyboardFocus(), "W", "the window that had the keys before the lock")
        XCTAssertTrue(appSeat.take().contains { $0.hasPrefix("keyboard.enter \(window.surfaceID)") })
        XCTAssertFalse(intruderSeat.take().contains { $0.hasPrefix("keyboard.enter") }, "the window mapped while locked")
        try strata.input("key", "a")
        XCTAssertEqual(appSeat.taken("keyboard.key"), ["keyboard.key \(a) pressed", "keyboard.key \(a) released"])
        XCTAssertEqual(intruderSeat.taken("keyboard.key"), [])
        XCTAssertEqual(try strata.windows().filter { $0["mapped"] as? Bool == true }.last?["title"] as? String, "W",
                       "and it is on top")
        withExtendedLifetime(fake) {}
    }

    func testALockClientThatDiesLeavesTheSessionLockedAndANewLockTakesOver() throws {
        let apps = try RawClient(strata)
        let appSeat = try SeatRecorder(apps)
        let window = try ManagedWindow(apps, title: "W", width: 100, height: 80)
        defer { withExtendedLifetime(window) {} }
        do {
            let locker = try lockClient()
            let lock = locker.lock()
            let surface = locker.lockSurface(lock)
            try surface.show(shm: locker.shm)
            try frame()
            locker.raw.roundtrip()
            XCTAssertTrue(lock.locked)
            appSeat.take()
            // The lock client goes without unlocking (its connection closes here).
        }
        XCTAssertTrue(waitUntil { self.strata.serverLog.contains("without unlocking") }, strata.serverLog)
        XCTAssertTrue(try isLocked(), "the session stays locked")
        try frame()
        let shot = try strata.shot("session-lock-abandoned")
        assertPixel(shot, 120, 100, .black, "blank, not the window")
        try strata.input("key", "a")
        try strata.input("click", "40", "100")
        XCTAssertEqual(appSeat.take().filter { $0.hasPrefix("keyboard.") || $0.hasPrefix("pointer.") }, [],
                       "no key or click reaches the window")

        // A new lock client takes the session over, and may unlock it.
        let next = try lockClient()
        let nextLock = next.lock()
        XCTAssertFalse(nextLock.finished)
        try frame()
        next.raw.roundtrip()
        XCTAssertTrue(nextLock.locked)
        let nextSurface = next.lockSurface(nextLock)
        try nextSurface.show(shm: next.shm, pixel: 0xFF_00_FF_00)
        try frame()
        assertPixel(try strata.shot("session-lock-taken-over"), 120, 100, DecodedPNG.Pixel(red: 0, green: 255, blue: 0))
        nextLock.unlockAndDestroy()
        XCTAssertFalse(try isLocked())
        try frame()
        assertPixel(try strata.shot("session-lock-taken-over-unlocked"), 120, 100, .fill)
        withExtendedLifetime(nextSurface) {}
    }

    func testASecondLockIsFinishedAndTheFirstStaysInCharge() throws {
        let first = try lockClient()
        let lock = first.lock()
        try frame()
        first.raw.roundtrip()
        XCTAssertTrue(lock.locked)
        let second = try lockClient()
        let other = second.lock()
        XCTAssertTrue(other.finished, "the session is locked already")
        XCTAssertFalse(other.locked)
        // A lock still waiting for its frame is in charge too.
        ext_session_lock_v1_destroy(other.lock)
        XCTAssertTrue(second.raw.roundtrip(), "destroy after finished is allowed")
        try frame()
        second.raw.roundtrip()
        XCTAssertFalse(other.locked, "never locked")
        lock.unlockAndDestroy()
        XCTAssertFalse(try isLocked())

        let third = try lockClient()
        let pending = third.lock()
        let fourth = try lockClient()
        let late = fourth.lock()
        XCTAssertTrue(late.finished, "a lock is pending")
        try frame()
        third.raw.roundtrip()
        XCTAssertTrue(pending.locked)
        XCTAssertFalse(late.locked)
    }

    func testAnOutputAddedWhileLockedIsBlankUntilItsLockSurfaceComes() throws {
        let apps = try RawClient(strata)
        let window = try ManagedWindow(apps, title: "W", width: 100, height: 80)
        defer { withExtendedLifetime(window) {} }
        let locker = try lockClient()
        let lock = locker.lock()
        let surface = locker.lockSurface(lock)
        try surface.show(shm: locker.shm)
        try frame()
        XCTAssertEqual(try strata.control("output", ["add", "--size", "200x100"]).status, 0)
        try frame()
        let shot = try strata.shot("session-lock-output-added")
        assertPixel(shot, 70, 70, red)
        assertPixel(shot, 330, 50, .black, "the new output is blank")
        // Its lock surface comes through a second wl_output binding.
        locker.raw.roundtrip()
        let outputs = locker.raw.bindAll(strata_wl_output_interface(), version: 4)
        XCTAssertEqual(outputs.count, 2)
        let second = RawLockSurface(lock, compositor: locker.compositor, output: outputs[1])
        XCTAssertEqual(second.lastSize?.width, 200)
        XCTAssertEqual(second.lastSize?.height, 100)
        try second.show(shm: locker.shm, pixel: 0xFF_00_FF_00)
        try frame()
        assertPixel(try strata.shot("session-lock-second-output"), 330, 50, DecodedPNG.Pixel(red: 0, green: 255, blue: 0))
        // The output goes: the first lock surface stays.
        XCTAssertEqual(try strata.control("output", ["remove", "HEADLESS-2"]).status, 0)
        try frame()
        assertPixel(try strata.shot("session-lock-output-removed"), 70, 70, red)
        XCTAssertTrue(try isLocked())
    }

    func testTheWindowMenuAndAMoveEndAtLockAndTouchReachesOnlyTheLockSurface() throws {
        let apps = try RawClient(strata)
        let appSeat = try SeatRecorder(apps)
        let window = try ManagedWindow(apps, title: "W", width: 100, height: 80)
        defer { withExtendedLifetime(window) {} }
        // Alt+Space opens the window menu.
        try strata.input("key", "Alt_L", "--down")
        try strata.input("key", "space")
        try strata.input("key", "Alt_L", "--up")
        XCTAssertNotNil((try strata.tree()["seat"] as? [String: Any])?["window_menu"] as? [String: Any])
        let locker = try lockClient()
        let lock = locker.lock()
        XCTAssertNil((try strata.tree()["seat"] as? [String: Any])?["window_menu"] as? [String: Any], "the menu closed at lock")
        let surface = locker.lockSurface(lock)
        try surface.show(shm: locker.shm)
        try frame()
        locker.raw.roundtrip()
        XCTAssertTrue(lock.locked)
        lock.unlockAndDestroy()

        // Super+drag moves the window until the lock; the rest of the drag moves nothing.
        let origin = try strata.origin(of: "W")
        try strata.input("move", "50", "50")
        try strata.input("key", "Super_L", "--down")
        try strata.input("press")
        try strata.input("move", "60", "60")
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: origin.x + 10, y: origin.y + 10))
        let second = locker.lock()
        try strata.input("move", "100", "100")
        try strata.input("release")
        try strata.input("key", "Super_L", "--up")
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: origin.x + 10, y: origin.y + 10), "the move ended at lock")
        let secondSurface = locker.lockSurface(second)
        try secondSurface.show(shm: locker.shm)
        appSeat.take()
        locker.seat.take()

        // Super+drag and a title bar press do nothing while locked: the press is the lock client's.
        try strata.input("key", "Super_L", "--down")
        try strata.input("drag", "60", "60", "120", "120")
        try strata.input("key", "Super_L", "--up")
        try strata.input("click", "\(Int(origin.x) + 40)", "\(Int(origin.y) + 5)")
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: origin.x + 10, y: origin.y + 10))
        XCTAssertEqual(locker.seat.taken("pointer.button").count, 4)

        // Touch reaches the lock surface alone.
        try strata.input("tap", "60", "60")
        XCTAssertEqual(locker.seat.taken("touch.").filter { $0.hasPrefix("touch.down") || $0.hasPrefix("touch.up") },
                       ["touch.down \(secondSurface.surfaceID) 0 60 60", "touch.up 0"])
        XCTAssertEqual(appSeat.take().filter { $0.hasPrefix("touch.") || $0.hasPrefix("pointer.button") || $0.hasPrefix("keyboard.key") }, [])
        withExtendedLifetime(surface) {}
    }

    // MARK: Errors

    func testGetLockSurfaceErrors() throws {
        // role: a window's surface.
        do {
            let c = try lockClient()
            let window = try ManagedWindow(c.raw, title: "W", width: 50, height: 50)
            let lock = c.lock()
            _ = ext_session_lock_v1_get_lock_surface(lock.lock, window.surface, c.output)
            try assertProtocolError(c.raw, interface: "ext_session_lock_v1", code: EXT_SESSION_LOCK_V1_ERROR_ROLE.rawValue)
        }
        // duplicate_output: two lock surfaces on one output.
        do {
            let c = try lockClient()
            let lock = c.lock()
            let first = c.lockSurface(lock)
            _ = ext_session_lock_v1_get_lock_surface(lock.lock, wl_compositor_create_surface(c.compositor), c.output)
            try assertProtocolError(c.raw, interface: "ext_session_lock_v1", code: EXT_SESSION_LOCK_V1_ERROR_DUPLICATE_OUTPUT.rawValue)
            withExtendedLifetime(first) {}
        }
        // already_constructed: a surface with a buffer.
        do {
            let c = try lockClient()
            let lock = c.lock()
            let surface = wl_compositor_create_surface(c.compositor)!
            wl_surface_attach(surface, try c.raw.makeBuffer(shm: c.shm, width: 10, height: 10), 0, 0)
            wl_surface_commit(surface)
            _ = ext_session_lock_v1_get_lock_surface(lock.lock, surface, c.output)
            try assertProtocolError(c.raw, interface: "ext_session_lock_v1", code: EXT_SESSION_LOCK_V1_ERROR_ALREADY_CONSTRUCTED.rawValue)
        }
        XCTAssertTrue(try isLocked(), "the clients went without unlocking")
    }

    func testLockSurfaceCommitErrors() throws {
        typealias E = ext_session_lock_surface_v1_error
        let cases: [(String, E, (LockClient, RawLockSurface) throws -> Void)] = [
            ("commit before the first ack", EXT_SESSION_LOCK_SURFACE_V1_ERROR_COMMIT_BEFORE_FIRST_ACK, { c, s in
                wl_surface_attach(s.surface, try c.raw.makeBuffer(shm: c.shm, width: 320, height: 240), 0, 0)
                wl_surface_commit(s.surface)
            }),
            ("a commit without a buffer", EXT_SESSION_LOCK_SURFACE_V1_ERROR_NULL_BUFFER, { c, s in
                ext_session_lock_surface_v1_ack_configure(s.lockSurface, s.configures[0].serial)
                wl_surface_commit(s.surface)
            }),
            ("a null buffer after a real one", EXT_SESSION_LOCK_SURFACE_V1_ERROR_NULL_BUFFER, { c, s in
                ext_session_lock_surface_v1_ack_configure(s.lockSurface, s.configures[0].serial)
                XCTAssertTrue(try s.show(shm: c.shm))
                wl_surface_attach(s.surface, nil, 0, 0)
                wl_surface_commit(s.surface)
            }),
            ("a buffer of another size", EXT_SESSION_LOCK_SURFACE_V1_ERROR_DIMENSIONS_MISMATCH, { c, s in
                ext_session_lock_surface_v1_ack_configure(s.lockSurface, s.configures[0].serial)
                try s.show(shm: c.shm, width: 300, height: 240)
            }),
            ("a buffer of the size at the wrong scale", EXT_SESSION_LOCK_SURFACE_V1_ERROR_DIMENSIONS_MISMATCH, { c, s in
                ext_session_lock_surface_v1_ack_configure(s.lockSurface, s.configures[0].serial)
                wl_surface_set_buffer_scale(s.surface, 2)
                try s.show(shm: c.shm, width: 320, height: 240)
            }),
            ("a serial never sent", EXT_SESSION_LOCK_SURFACE_V1_ERROR_INVALID_SERIAL, { c, s in
                ext_session_lock_surface_v1_ack_configure(s.lockSurface, s.configures[0].serial &+ 1000)
            }),
            ("a serial acknowledged twice", EXT_SESSION_LOCK_SURFACE_V1_ERROR_INVALID_SERIAL, { c, s in
                ext_session_lock_surface_v1_ack_configure(s.lockSurface, s.configures[0].serial)
                ext_session_lock_surface_v1_ack_configure(s.lockSurface, s.configures[0].serial)
            }),
        ]
        for (name, error, body) in cases {
            let c = try lockClient()
            let lock = c.lock()
            let surface = c.lockSurface(lock, autoAck: false)
            XCTAssertEqual(surface.configures.count, 1, name)
            try body(c, surface)
            try assertProtocolError(c.raw, interface: "ext_session_lock_surface_v1", code: error.rawValue)
        }
        // A buffer twice the size at scale 2 matches.
        let c = try lockClient()
        let lock = c.lock()
        let scaled = c.lockSurface(lock)
        XCTAssertTrue(try scaled.show(shm: c.shm, scale: 2))
        withExtendedLifetime(scaled) {}
    }

    func testDestroyAfterLockedAndUnlockBeforeLockedAreErrors() throws {
        do {
            let c = try lockClient()
            let lock = c.lock()
            try frame()
            c.raw.roundtrip()
            XCTAssertTrue(lock.locked)
            ext_session_lock_v1_destroy(lock.lock)
            try assertDestructorError(c.raw, code: EXT_SESSION_LOCK_V1_ERROR_INVALID_DESTROY.rawValue)
        }
        XCTAssertTrue(try isLocked(), "the lock client was ended without unlocking")
        do {
            // Taking over the locked session, it unlocks before its locked came.
            let c = try lockClient()
            let lock = c.lock()
            XCTAssertFalse(lock.locked)
            ext_session_lock_v1_unlock_and_destroy(lock.lock)
            try assertDestructorError(c.raw, code: EXT_SESSION_LOCK_V1_ERROR_INVALID_UNLOCK.rawValue)
        }
        XCTAssertTrue(try isLocked())
    }

    // MARK: swaylock

    func testSwaylockLocksTheSessionAndItStaysLockedWhenSwaylockIsKilled() throws {
        guard let path = StrataProcess.which("swaylock") else { throw XCTSkip("swaylock is not installed (make deps)") }
        let apps = try RawClient(strata)
        let appSeat = try SeatRecorder(apps)
        let window = try ManagedWindow(apps, title: "W", width: 100, height: 80)
        defer { withExtendedLifetime(window) {} }
        appSeat.take()
        let swaylock = try strata.startClient(path, ["-c", "336699"])
        let colour = DecodedPNG.Pixel(red: 0x33, green: 0x66, blue: 0x99)
        // Frames are manual: each turn draws one, which `locked` and swaylock's drawing wait for.
        var shot: DecodedPNG?
        let drawn = waitUntil(timeout: 20, interval: 0.1) {
            _ = try? self.strata.control("frame")
            guard (try? self.isLocked()) == true, let image = try? self.strata.shot("session-lock-swaylock") else { return false }
            shot = image
            return image[120, 100].isClose(to: colour) && image[5, 5].isClose(to: colour)
        }
        XCTAssertTrue(drawn, "swaylock's colour covers the output: \(shot.map { "\($0[120, 100])" } ?? "no shot") \(strata.serverLog)")
        XCTAssertTrue(try isLocked())

        kill(swaylock.processIdentifier, SIGKILL)
        swaylock.waitUntilExit()
        try frame()
        XCTAssertTrue(try isLocked(), "killed without unlocking: still locked")
        assertPixel(try strata.shot("session-lock-swaylock-killed"), 120, 100, .black)
        try strata.input("key", "a")
        XCTAssertEqual(appSeat.taken("keyboard.key"), [])
    }
}

/// A lock surface follows its output's size: a nested Strata (whose output
/// is a window on a headless parent) locked, then its window resized.
final class SessionLockOutputResizeTests: XCTestCase {
    private var parent: StrataProcess!
    private var nested: StrataProcess!

    override func setUpWithError() throws {
        parent = try StrataProcess(width: 640, height: 480, windowOrigins: [(x: 40, y: 30)])
        nested = try StrataProcess(width: 320, height: 240, socketName: "nested", nestedIn: parent.waylandSocketPath)
    }

    override func tearDown() {
        nested?.stop()
        parent?.stop()
    }

    func testALockSurfaceIsConfiguredAgainWhenItsOutputChangesSize() throws {
        XCTAssertTrue(try waitUntil {
            try self.parent.windows().contains { $0["title"] as? String == "Strata — nested" && $0["mapped"] as? Bool == true }
        }, parent.serverLog + nested.serverLog)
        let raw = try RawClient(nested)
        let compositor = try raw.bind(strata_wl_compositor_interface(), version: 5)
        let shm = try raw.bind(strata_wl_shm_interface(), version: 1)
        let output = try raw.bind(strata_wl_output_interface(), version: 4)
        let manager = try raw.bind(strata_ext_session_lock_manager_v1_interface(), version: 1)
        let lock = RawSessionLock(raw, manager: manager)
        let surface = RawLockSurface(lock, compositor: compositor, output: output)
        XCTAssertEqual(surface.lastSize?.width, 320)
        XCTAssertEqual(surface.lastSize?.height, 240)
        XCTAssertTrue(try surface.show(shm: shm))
        XCTAssertTrue(waitUntil { raw.roundtrip() && lock.locked }, "locked after the next frame")

        XCTAssertEqual(try parent.control("resize", ["--title", "Strata — nested", "--size", "400x300"]).status, 0)
        XCTAssertTrue(waitUntil { raw.roundtrip() && surface.configures.count == 2 }, nested.serverLog)
        XCTAssertEqual(surface.lastSize?.width, 400)
        XCTAssertEqual(surface.lastSize?.height, 300)
        XCTAssertTrue(try surface.show(shm: shm, pixel: 0xFF_00_FF_00), "the new size, acknowledged, is accepted")
        let green = DecodedPNG.Pixel(red: 0, green: 255, blue: 0)
        XCTAssertTrue(try waitUntil {
            let shot = try self.nested.screenshot(to: NSTemporaryDirectory() + "session-lock-resized.png")
            return shot.width == 400 && shot[399, 299].isClose(to: green) && shot[5, 5].isClose(to: green)
        }, "the lock surface covers the resized output")
        XCTAssertEqual(try nested.tree()["locked"] as? Bool, true)
    }
}
