import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// `strata run` as a session: the clients it starts, how it ends, its log.
final class SessionTests: XCTestCase {
    private func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "strata-session-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// The kiosk use, as cage does: the session ends with its client, with the client's status.
    func testExitsWithTheClientsStatus() throws {
        let runtime = try temporaryDirectory()
        let result = try StrataBinary.run(["run", "--headless", "--no-startup", "--socket", "kiosk", "--exit-with-client",
                                           "--", "sh", "-c", "test \"$WAYLAND_DISPLAY\" = kiosk && exit 3"],
                                          environment: ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": nil])
        XCTAssertEqual(result.status, 3, result.standardError)
        // The client found the session's socket named in WAYLAND_DISPLAY (else it exits 1).
        let missing = try StrataBinary.run(["run", "--headless", "--no-startup", "--socket", "kiosk", "--exit-with-client",
                                            "--", "no-such-program-anywhere"],
                                           environment: ["XDG_RUNTIME_DIR": runtime])
        XCTAssertEqual(missing.status, 127, missing.standardError)
    }

    /// `--appearance dark` asks the apps Strata starts for dark appearance
    /// through STRATA_APPEARANCE (StrataKit's trait collections follow it).
    func testAppearanceReachesTheClients() throws {
        let runtime = try temporaryDirectory()
        let result = try StrataBinary.run(["run", "--headless", "--no-startup", "--socket", "dusk", "--exit-with-client",
                                           "--appearance", "dark", "--", "sh", "-c", "test \"$STRATA_APPEARANCE\" = dark && exit 4"],
                                          environment: ["XDG_RUNTIME_DIR": runtime, "STRATA_APPEARANCE": "light"])
        XCTAssertEqual(result.status, 4, result.standardError)
    }

    /// A client that crashes leaves the session running; SIGTERM then ends it cleanly (status 0).
    func testCrashingClientDoesNotEndTheSession() throws {
        let log = try temporaryDirectory() + "/strata.log"
        let strata = try StrataProcess(width: 64, height: 64, manualFrames: true,
                                       extraArguments: ["--log-file", log, "--", "sh", "-c", "kill -SEGV $$"])
        XCTAssertTrue(waitUntil { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("ended with status 139") },
                      (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
        XCTAssertTrue(strata.process.isRunning)
        XCTAssertEqual(try strata.control("tree").status, 0)
        XCTAssertEqual(strata.stop(), 0)
    }

    /// The startup file starts each of its lines with WAYLAND_DISPLAY set;
    /// comments and blank lines are skipped.
    func testStartupFileStartsItsClients() throws {
        let directory = try temporaryDirectory()
        let startup = directory + "/startup"
        try """
            # the session's clients
            echo "first $WAYLAND_DISPLAY" > \(directory)/first

            echo second > \(directory)/second
            """.write(toFile: startup, atomically: true, encoding: .utf8)
        let strata = try StrataProcess(width: 64, height: 64, manualFrames: true, extraArguments: ["--startup", startup])
        defer { strata.stop() }
        XCTAssertTrue(waitUntil { FileManager.default.fileExists(atPath: directory + "/second") })
        XCTAssertTrue(waitUntil {
            (try? String(contentsOfFile: directory + "/first", encoding: .utf8)) == "first \(strata.socketName)\n"
        })
        XCTAssertFalse(strata.serverLog.contains("the session's clients"), strata.serverLog)
    }

    /// One log line per client connection and disconnection, with its pid,
    /// and one per protocol error, naming the client.
    func testLogNamesClientsAndProtocolErrors() throws {
        let log = try temporaryDirectory() + "/strata.log"
        let strata = try StrataProcess(width: 64, height: 64, manualFrames: true, extraArguments: ["--log-file", log])
        defer { strata.stop() }
        func text() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        XCTAssertTrue(text().contains("output: headless 64x64 at scale 1"), text())

        let client = try RawClient(strata)
        let pid = getpid()
        XCTAssertTrue(waitUntil { text().contains("client connected: pid \(pid)") }, text())
        // A positioner of zero size is xdg_positioner's invalid_input.
        let base = try client.bind(strata_xdg_wm_base_interface(), version: 5)
        xdg_positioner_set_size(xdg_wm_base_create_positioner(base)!, 0, 10)
        XCTAssertFalse(client.roundtrip())
        XCTAssertTrue(waitUntil {
            text().contains("protocol error \(XDG_POSITIONER_ERROR_INVALID_INPUT.rawValue) on xdg_positioner@")
                && text().contains("of pid \(pid)")
        }, text())
        XCTAssertTrue(waitUntil { text().contains("client disconnected: pid \(pid)") }, text())
        // Every line: a timestamp, "strata", the level.
        for line in text().split(separator: "\n") {
            XCTAssertNotNil(line.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z strata (info|notice|warning): "#,
                                       options: .regularExpression), String(line))
        }
        XCTAssertFalse(strata.serverLog.contains("client connected"), "the log went to the file, not stderr")
    }

    /// STRATA_LOG sets the level; --log-level overrides it.
    func testLogLevelFromEnvironment() throws {
        let runtime = try temporaryDirectory()
        let quiet = try StrataBinary.run(["run", "--headless", "--no-startup", "--socket", "quiet", "--exit-with-client", "--", "true"],
                                         environment: ["XDG_RUNTIME_DIR": runtime, "STRATA_LOG": "error"])
        XCTAssertEqual(quiet.status, 0)
        XCTAssertFalse(quiet.standardError.contains("info:"), quiet.standardError)
        let told = try StrataBinary.run(["run", "--headless", "--no-startup", "--socket", "told", "--log-level", "info",
                                         "--exit-with-client", "--", "true"],
                                        environment: ["XDG_RUNTIME_DIR": runtime, "STRATA_LOG": "error"])
        XCTAssertTrue(told.standardError.contains("strata info: output: headless"), told.standardError)
    }

    /// The drm backend where there is no GPU or no seat (as in CI): one line naming what failed, exit 1.
    func testDrmBackendWithoutGPUOrSeatIsOneLine() throws {
        let result = try StrataBinary.run(["run", "--backend", "drm", "--no-startup", "--socket", "drm"],
                                          environment: ["XDG_RUNTIME_DIR": try temporaryDirectory()])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardErrorLines.count, 1, result.standardError)
        XCTAssertTrue(result.standardError.hasPrefix("strata: no GPU: ") || result.standardError.hasPrefix("strata: cannot take the seat: "),
                      result.standardError)
        let named = try StrataBinary.run(["run", "--backend", "drm", "--drm-device", "/nonexistent/card9", "--no-startup",
                                          "--socket", "drm"], environment: ["XDG_RUNTIME_DIR": try temporaryDirectory()])
        XCTAssertEqual(named.status, 1)
        XCTAssertEqual(named.standardError, "strata: no GPU: /nonexistent/card9: No such file or directory\n")
    }

    /// A tty login session picks the drm backend by itself, and says so when it cannot start.
    func testAutomaticDrmBackendSaysWhyItWasChosen() throws {
        let result = try StrataBinary.run(["run", "--no-startup", "--socket", "tty", "--drm-device", "/nonexistent/card9"],
                                          environment: ["XDG_RUNTIME_DIR": try temporaryDirectory(), "XDG_SESSION_TYPE": "tty",
                                                        "WAYLAND_DISPLAY": nil])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardError, "strata: no GPU: /nonexistent/card9: No such file or directory"
                       + " (the drm backend, chosen because this is a virtual terminal)\n")
    }
}
