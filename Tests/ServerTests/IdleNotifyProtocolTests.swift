import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// ext_idle_notifier_v1 on the real socket: a notification becomes idle
/// after its timeout without input, resumes at the next input (the
/// protocol: "When user activity starts again, the notification object
/// stops being idle, a resumed event is sent and the timeout is
/// restarted"), never becomes idle while an idle inhibitor's surface is
/// shown ("the compositor must not make the notification object idle"),
/// and swayidle runs its command after a timeout.
final class IdleNotifyProtocolTests: CompositorTestCase {
    /// An ext_idle_notification_v1 and the events it got, in order.
    final class RawIdleNotification {
        let client: RawClient
        let notification: OpaquePointer
        private(set) var events: [String] = []
        private let listener = UnsafeMutablePointer<ext_idle_notification_v1_listener>.allocate(capacity: 1)

        init(_ client: RawClient, notifier: OpaquePointer, seat: OpaquePointer, timeout: UInt32) {
            self.client = client
            notification = ext_idle_notifier_v1_get_idle_notification(notifier, timeout, seat)!
            listener.initialize(to: ext_idle_notification_v1_listener(
                idled: { data, _ in Unmanaged<RawIdleNotification>.fromOpaque(data!).takeUnretainedValue().events.append("idled") },
                resumed: { data, _ in Unmanaged<RawIdleNotification>.fromOpaque(data!).takeUnretainedValue().events.append("resumed") }))
            ext_idle_notification_v1_add_listener(notification, listener, Unmanaged.passUnretained(self).toOpaque())
            client.roundtrip()
        }

        deinit { listener.deallocate() }

        /// Waits (dispatching) until `count` events came; the events.
        func waitForEvents(_ count: Int, timeout: TimeInterval = 10) -> [String] {
            _ = waitUntil(timeout: timeout) {
                client.roundtrip()
                return events.count >= count
            }
            return events
        }
    }

    struct Scene {
        let client: RawClient
        let notifier: OpaquePointer
        let seat: OpaquePointer

        func notification(timeout: UInt32) -> RawIdleNotification {
            RawIdleNotification(client, notifier: notifier, seat: seat, timeout: timeout)
        }
    }

    func scene() throws -> Scene {
        let client = try RawClient(strata)
        return Scene(client: client, notifier: try client.bind(strata_ext_idle_notifier_v1_interface(), version: 1),
                     seat: try client.bind(strata_wl_seat_interface(), version: 7))
    }

    func idleStates() throws -> [Bool] {
        let list = try XCTUnwrap(strata.tree()["idle_notifications"] as? [[String: Any]])
        return list.compactMap { $0["idle"] as? Bool }
    }

    func testIdleAfterTheTimeoutAndResumedAtTheNextInput() throws {
        let scene = try scene()
        let notification = scene.notification(timeout: 150)
        XCTAssertEqual(notification.waitForEvents(1), ["idled"])
        XCTAssertEqual(try idleStates(), [true])

        try strata.input("move", "10", "10")
        XCTAssertEqual(notification.waitForEvents(2), ["idled", "resumed"])
        XCTAssertEqual(try idleStates(), [false], "the timeout is counted again from the input")
        XCTAssertEqual(notification.waitForEvents(3), ["idled", "resumed", "idled"])

        // Keys are input as well.
        try strata.input("key", "a")
        XCTAssertEqual(notification.waitForEvents(4), ["idled", "resumed", "idled", "resumed"])
    }

    func testEachNotificationKeepsItsOwnTimeout() throws {
        let scene = try scene()
        let soon = scene.notification(timeout: 0)
        let later = scene.notification(timeout: 3_600_000)
        XCTAssertEqual(soon.waitForEvents(1), ["idled"], "a zero timeout is idle as soon as the seat is")
        scene.client.roundtrip()
        XCTAssertEqual(later.events, [], "an hour has not passed")
        XCTAssertEqual(try idleStates(), [true, false])

        try strata.input("move", "10", "10")
        XCTAssertEqual(Array(soon.waitForEvents(2).prefix(2)), ["idled", "resumed"], "(and idle again at once)")
        XCTAssertEqual(later.events, [], "resumed only after idled")
    }

    func testAShownInhibitorKeepsItFromIdlingUntilItGoes() throws {
        let scene = try scene()
        let window = try RawWindow(scene.client, title: "video", width: 40, height: 40)
        let manager = try scene.client.bind(strata_zwp_idle_inhibit_manager_v1_interface(), version: 1)
        let inhibitor = zwp_idle_inhibit_manager_v1_create_inhibitor(manager, window.surface)!
        scene.client.roundtrip()
        XCTAssertEqual(try strata.tree()["idle_inhibited"] as? Bool, true)

        let notification = scene.notification(timeout: 100)
        // Well past the timeout, and past a recheck of the inhibitor.
        _ = notification.waitForEvents(1, timeout: 1.5)
        XCTAssertEqual(notification.events, [], "inhibited")
        XCTAssertEqual(try idleStates(), [false])

        zwp_idle_inhibitor_v1_destroy(inhibitor)
        XCTAssertEqual(notification.waitForEvents(1), ["idled"], "idle once the inhibitor is gone")
        withExtendedLifetime(window) {}
    }

    func testADestroyedNotificationIsForgotten() throws {
        let scene = try scene()
        let notification = scene.notification(timeout: 50)
        ext_idle_notification_v1_destroy(notification.notification)
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertEqual(try idleStates(), [])
        try strata.input("move", "10", "10")
        XCTAssertTrue(scene.client.roundtrip(), "input after it went is no error")
        ext_idle_notifier_v1_destroy(scene.notifier)
        XCTAssertTrue(scene.client.roundtrip())
    }

    // MARK: KDE's idle protocol

    /// org_kde_kwin_idle_timeout: "idle" when "there has not been any user
    /// activity in the requested idle time interval", "resumed" "on the
    /// first user activity after an idle event"; simulate_user_activity
    /// counts as activity.
    func testKDEIdleTimeoutsIdleAndResumeAndSimulatedActivityCounts() throws {
        let client = try RawClient(strata)
        let idle = try client.bind(strata_org_kde_kwin_idle_interface(), version: 1)
        let seat = try client.bind(strata_wl_seat_interface(), version: 7)
        let timeout = org_kde_kwin_idle_get_idle_timeout(idle, seat, 150)!
        final class Events { var list: [String] = [] }
        let events = Events()
        // libwayland keeps the listener's address: it must outlive the dispatching.
        let listener = UnsafeMutablePointer<org_kde_kwin_idle_timeout_listener>.allocate(capacity: 1)
        defer { listener.deallocate() }
        listener.initialize(to: org_kde_kwin_idle_timeout_listener(
            idle: { data, _ in Unmanaged<Events>.fromOpaque(data!).takeUnretainedValue().list.append("idle") },
            resumed: { data, _ in Unmanaged<Events>.fromOpaque(data!).takeUnretainedValue().list.append("resumed") }))
        org_kde_kwin_idle_timeout_add_listener(timeout, listener, Unmanaged.passUnretained(events).toOpaque())
        func wait(for count: Int) -> [String] {
            _ = waitUntil { client.roundtrip(); return events.list.count >= count }
            return events.list
        }
        XCTAssertEqual(wait(for: 1), ["idle"])
        XCTAssertEqual((try strata.tree()["idle_notifications"] as? [[String: Any]])?.first?["protocol"] as? String, "org_kde_kwin_idle")
        try strata.input("move", "10", "10")
        XCTAssertEqual(wait(for: 2), ["idle", "resumed"])
        XCTAssertEqual(wait(for: 3), ["idle", "resumed", "idle"])
        org_kde_kwin_idle_timeout_simulate_user_activity(timeout)
        XCTAssertEqual(wait(for: 4), ["idle", "resumed", "idle", "resumed"])
        org_kde_kwin_idle_timeout_release(timeout)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(try idleStates(), [])
    }

    // MARK: swayidle

    func testSwayidleRunsItsTimeoutCommandAndItsResumeCommand() throws {
        guard let path = StrataProcess.which("swayidle") else { throw XCTSkip("swayidle is not installed (make deps)") }
        let marks = NSTemporaryDirectory() + "strata-swayidle-\(getpid())"
        try? FileManager.default.removeItem(atPath: marks)
        defer { try? FileManager.default.removeItem(atPath: marks) }
        let swayidle = try strata.startClient(path, ["-w", "timeout", "1", "echo idle >> \(marks)", "resume", "echo resumed >> \(marks)"])
        defer { swayidle.terminate(); swayidle.waitUntilExit() }
        func lines() -> [String] {
            ((try? String(contentsOfFile: marks, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        XCTAssertTrue(waitUntil(timeout: 15) { lines() == ["idle"] }, "swayidle's timeout command ran: \(lines()) \(strata.serverLog)")
        try strata.input("move", "30", "30")
        XCTAssertTrue(waitUntil(timeout: 15) { lines() == ["idle", "resumed"] }, "and its resume command: \(lines())")
    }

    /// What a user's config does: lock the screen after a while without input.
    func testSwayidleLocksTheScreenWithSwaylockAfterItsTimeout() throws {
        guard let swayidlePath = StrataProcess.which("swayidle") else { throw XCTSkip("swayidle is not installed (make deps)") }
        guard let swaylockPath = StrataProcess.which("swaylock") else { throw XCTSkip("swaylock is not installed (make deps)") }
        // swaylock runs until the compositor goes, holding what it inherited
        // from swayidle (Process waits on that too): its pid is written down
        // to end it with the test.
        let pidFile = NSTemporaryDirectory() + "strata-swaylock-\(getpid()).pid"
        try? FileManager.default.removeItem(atPath: pidFile)
        let swayidle = try strata.startClient(swayidlePath, ["timeout", "1", "\(swaylockPath) -c 336699 & echo $! > \(pidFile)"])
        defer {
            if let pid = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap({ pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) {
                kill(pid, SIGKILL)
            }
            try? FileManager.default.removeItem(atPath: pidFile)
            swayidle.terminate()
            swayidle.waitUntilExit()
        }
        XCTAssertEqual(try strata.tree()["locked"] as? Bool, false)
        // Frames are manual: each turn draws one, which swaylock's `locked` and drawing wait for.
        let colour = DecodedPNG.Pixel(red: 0x33, green: 0x66, blue: 0x99)
        let locked = waitUntil(timeout: 20, interval: 0.1) {
            _ = try? self.strata.control("frame")
            guard (try? self.strata.tree()["locked"] as? Bool) == true,
                  let image = try? self.strata.shot("idle-swaylock") else { return false }
            return image[160, 120].isClose(to: colour)
        }
        XCTAssertTrue(locked, "swaylock locked the session and covers the output \(strata.serverLog)")
    }
}
