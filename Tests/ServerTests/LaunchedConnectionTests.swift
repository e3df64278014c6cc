import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Trust follows connections: under `--restrict-privileged` a client Strata
/// starts gets a connection Strata made for it (WAYLAND_SOCKET), which is
/// offered the privileged globals, and a channel to the control socket
/// (STRATA_CONTROL_SOCKET). What the client's own children get is what
/// Sources/Server/README.md says: the connection was the client's (libwayland
/// took it, unset WAYLAND_SOCKET and closed it on exec), so they connect
/// through WAYLAND_DISPLAY as ordinary clients; the channel is an
/// inherited descriptor like any other, so they keep the control socket.
///
/// The launched client is this test bundle run again by Strata, with the
/// test's name and a directory in its environment: it connects with
/// libwayland, writes what it finds, and starts a shell as a C program does
/// (posix_spawn with `environ`).
final class LaunchedConnectionTests: XCTestCase {
    static let helperKey = "STRATA_TEST_LAUNCHED_CLIENT"
    static let screencopy = "zwlr_screencopy_manager_v1"

    private func read(_ directory: String, _ name: String) -> String? {
        try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)
    }

    func testALaunchedClientsConnectionIsTrustedAndItsChildrenConnectAsOrdinaryClientsButKeepTheControlSocket() throws {
        if let directory = ProcessInfo.processInfo.environment[Self.helperKey] { Self.actAsLaunchedClient(in: directory) }
        guard let info = StrataProcess.which("wayland-info") else { throw XCTSkip("wayland-info is not installed (make deps)") }
        let directory = NSTemporaryDirectory() + "strata-launched-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let strata = try StrataProcess(width: 64, height: 64, manualFrames: true, extraArguments: [
            "--restrict-privileged", "--", "env", "\(Self.helperKey)=\(directory)", "WAYLAND_INFO=\(info)",
            "STRATA=\(try StrataBinary.path())", executable,
            "ServerTests.LaunchedConnectionTests/testALaunchedClientsConnectionIsTrustedAndItsChildrenConnectAsOrdinaryClientsButKeepTheControlSocket",
        ])
        defer { XCTAssertEqual(strata.stop(), 0) }
        XCTAssertTrue(waitUntil(timeout: 30) { read(directory, "done") != nil }, strata.serverLog)

        // The launched client: its connection is the one Strata made, and it is trusted.
        XCTAssertEqual(read(directory, "socket-before"), "3", "WAYLAND_SOCKET names descriptor 3")
        XCTAssertEqual(read(directory, "socket-after"), "<unset>", "libwayland took it")
        XCTAssertEqual(read(directory, "descriptor-3"), "close-on-exec", "libwayland keeps it from the client's children")
        let globals = read(directory, "globals")?.split(separator: "\n").map(String.init) ?? []
        XCTAssertTrue(globals.contains(Self.screencopy), "offered to the launched client: \(globals)")
        XCTAssertTrue(globals.contains("zwlr_layer_shell_v1"))
        XCTAssertEqual(read(directory, "bound"), "screencopy bound", "and bound")

        // Its child: no WAYLAND_SOCKET, WAYLAND_DISPLAY and the channel as they were.
        let environment = read(directory, "child-environment")?.split(separator: "\n").map(String.init) ?? []
        XCTAssertFalse(environment.contains { $0.hasPrefix("WAYLAND_SOCKET=") }, "\(environment)")
        XCTAssertTrue(environment.contains("WAYLAND_DISPLAY=\(strata.socketName)"), "\(environment)")
        XCTAssertTrue(environment.contains("STRATA_CONTROL_SOCKET=4:\(strata.controlSocketPath)"), "\(environment)")
        // It connects through the Wayland socket, as an ordinary client…
        let listing = read(directory, "child-globals") ?? ""
        XCTAssertTrue(listing.contains("'wl_compositor'"), listing)
        XCTAssertFalse(listing.contains("'\(Self.screencopy)'"), "the child's connection is not trusted:\n\(listing)")
        XCTAssertFalse(listing.contains("'zwlr_layer_shell_v1'"), listing)
        // …and reaches the control socket through the channel it inherited.
        XCTAssertEqual(read(directory, "child-screenshot-status"), "0\n", read(directory, "child-screenshot") ?? "")
        XCTAssertEqual(try DecodedPNG(contentsOf: directory + "/child.png").width, 64)

        // A process Strata did not start gets neither.
        XCTAssertFalse(try RawClient(strata).globals.contains { $0.interface == Self.screencopy })
        XCTAssertEqual(try strata.control("screenshot", ["--output", directory + "/outside.png"]).status, 1)
    }

    /// What the launched client does (in the process Strata started), then exits.
    private static func actAsLaunchedClient(in directory: String) -> Never {
        func write(_ text: String, to name: String) {
            try? text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
        }
        let environment = ProcessInfo.processInfo.environment
        write(getenv("WAYLAND_SOCKET").map { String(cString: $0) } ?? "<unset>", to: "socket-before")
        // WAYLAND_SOCKET comes first in wl_display_connect, whatever the name.
        guard let client = try? RawClient(socket: environment["WAYLAND_DISPLAY"] ?? "", runtimeDirectory: environment["XDG_RUNTIME_DIR"] ?? "")
        else {
            write("no connection", to: "done")
            exit(1)
        }
        write(getenv("WAYLAND_SOCKET").map { String(cString: $0) } ?? "<unset>", to: "socket-after")
        write(fcntl(3, F_GETFD) & FD_CLOEXEC != 0 ? "close-on-exec" : "inherited", to: "descriptor-3")
        write(client.globals.map(\.interface).joined(separator: "\n"), to: "globals")
        let bound = (try? client.bind(strata_zwlr_screencopy_manager_v1_interface(), version: 3)) != nil && client.roundtrip()
        write(bound ? "screencopy bound" : "refused", to: "bound")

        // A child started as a C program starts one: the process's environment as libwayland left it.
        let strata = environment["STRATA"] ?? "strata", info = environment["WAYLAND_INFO"] ?? "wayland-info"
        let socket = environment["WAYLAND_DISPLAY"] ?? ""
        let script = "env > \(directory)/child-environment; \(info) > \(directory)/child-globals 2>&1; "
            + "\(strata) screenshot --socket \(socket) --output \(directory)/child.png > \(directory)/child-screenshot 2>&1; "
            + "echo $? > \(directory)/child-screenshot-status"
        let words: [String] = ["/bin/sh", "-c", script]
        let argv = words.map { strdup($0) } + [nil]
        var pid: pid_t = 0
        if posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ) == 0 {
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        withExtendedLifetime(client) {}
        write("", to: "done")
        exit(0)
    }

    /// Without the restriction launched clients connect through WAYLAND_DISPLAY
    /// as before: no WAYLAND_SOCKET, no channel, and one command may start
    /// several clients side by side.
    func testWithoutTheRestrictionLaunchedClientsConnectThroughTheDisplay() throws {
        guard let info = StrataProcess.which("wayland-info") else { throw XCTSkip("wayland-info is not installed (make deps)") }
        let directory = NSTemporaryDirectory() + "strata-launched-plain-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        let script = "env > \(directory)/environment; \(info) > \(directory)/a & \(info) > \(directory)/b; wait; touch \(directory)/done"
        let strata = try StrataProcess(width: 64, height: 64, manualFrames: true, extraArguments: ["--", "sh", "-c", script])
        defer { XCTAssertEqual(strata.stop(), 0) }
        XCTAssertTrue(waitUntil { read(directory, "done") != nil }, strata.serverLog)
        let environment = read(directory, "environment") ?? ""
        XCTAssertFalse(environment.contains("WAYLAND_SOCKET="), environment)
        XCTAssertFalse(environment.contains("STRATA_CONTROL_SOCKET="), environment)
        XCTAssertTrue(environment.contains("WAYLAND_DISPLAY=\(strata.socketName)\n"), environment)
        XCTAssertTrue(read(directory, "a")?.contains("'\(Self.screencopy)'") == true, read(directory, "a") ?? "")
        XCTAssertTrue(read(directory, "b")?.contains("'\(Self.screencopy)'") == true, read(directory, "b") ?? "")
    }
}
