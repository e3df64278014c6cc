import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import StrataServer
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// wp_security_context_manager_v1: a sandbox engine hands Strata a
/// listening socket, and every connection accepted there is sandboxed:
/// never offered the privileged globals nor the manager itself, even
/// without --restrict-privileged, and binding them by name reads as
/// binding a name that does not exist.
final class SecurityContextProtocolTests: CompositorTestCase {
    static let privileged = ["zwlr_screencopy_manager_v1", "zwlr_layer_shell_v1", "zwp_input_method_manager_v2",
                             "zwp_virtual_keyboard_manager_v1", "zwlr_foreign_toplevel_manager_v1",
                             "zwlr_virtual_pointer_manager_v1", "ext_session_lock_manager_v1", "zwlr_data_control_manager_v1",
                             "zwlr_gamma_control_manager_v1", "zwlr_output_manager_v1", "zwlr_output_power_manager_v1"]
    static let manager = "wp_security_context_manager_v1"

    /// What a sandbox engine holds: the socket's path, and the write end of
    /// the pipe whose read end is the context's close_fd.
    struct Sandbox {
        let path: String
        let closeWriteEnd: Int32
    }

    /// A listening socket in the compositor's runtime directory.
    private func listeningSocket() throws -> (fd: Int32, path: String) {
        let path = strata.runtimeDirectory + "/sandbox-\(UInt32.random(in: 0...UInt32.max))"
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            bytes.copyBytes(from: path.utf8)
            bytes[path.utf8.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(fd, 8) == 0 else { throw StrataTestError("cannot listen on \(path)") }
        return (fd, path)
    }

    /// `engine` makes a security context with this metadata and commits it,
    /// then closes its copies of the descriptors it handed over, as the
    /// protocol asks.
    private func makeSandbox(_ engine: RawClient, sandboxEngine: String? = "org.example.sandbox",
                             appID: String? = "org.example.App", instanceID: String? = "instance-1") throws -> Sandbox {
        let manager = try engine.bind(strata_wp_security_context_manager_v1_interface(), version: 1)
        let (listenFD, path) = try listeningSocket()
        var pipeFDs: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&pipeFDs), 0)
        let context = try XCTUnwrap(wp_security_context_manager_v1_create_listener(manager, listenFD, pipeFDs[0]))
        if let sandboxEngine { wp_security_context_v1_set_sandbox_engine(context, sandboxEngine) }
        if let appID { wp_security_context_v1_set_app_id(context, appID) }
        if let instanceID { wp_security_context_v1_set_instance_id(context, instanceID) }
        wp_security_context_v1_commit(context)
        XCTAssertTrue(engine.roundtrip(), "the context is committed")
        close(listenFD)
        close(pipeFDs[0])
        return Sandbox(path: path, closeWriteEnd: pipeFDs[1])
    }

    /// A RawClient connected through the sandbox's socket.
    private func sandboxedClient(_ sandbox: Sandbox) throws -> RawClient {
        try RawClient(connectedTo: WireClient.connect(to: sandbox.path))
    }

    func testSandboxedConnectionsAreNeverOfferedPrivilegedGlobalsWithoutTheRestriction() throws {
        let engine = try RawClient(strata)
        let ordinaryGlobals = engine.globals
        for interface in Self.privileged + [Self.manager] {
            XCTAssertTrue(ordinaryGlobals.contains { $0.interface == interface }, "an ordinary client gets \(interface) by default")
        }
        let sandbox = try makeSandbox(engine)
        defer { close(sandbox.closeWriteEnd) }

        let sandboxed = try sandboxedClient(sandbox)
        XCTAssertTrue(sandboxed.roundtrip())
        for interface in Self.privileged + [Self.manager] {
            XCTAssertFalse(sandboxed.globals.contains { $0.interface == interface }, "\(interface) is not offered to a sandboxed client")
        }
        for interface in ["wl_compositor", "wl_shm", "xdg_wm_base", "wl_seat", "strata_layers_v1", "wl_output"] {
            XCTAssertTrue(sandboxed.globals.contains { $0.interface == interface }, "\(interface) is")
        }
        // Nor bound by a name it learned elsewhere, under any interface: it is as if it did not exist.
        for interface in Self.privileged + [Self.manager] {
            let name = try XCTUnwrap(ordinaryGlobals.first { $0.interface == interface }?.name)
            for asked in [interface, "wl_compositor"] {
                let wire = WireClient(connectedTo: try WireClient.connect(to: sandbox.path))
                XCTAssertTrue(wire.getRegistry())
                let error = try XCTUnwrap(wire.bindError(name: name, interface: asked, version: 1), "\(interface) bound from a sandbox")
                XCTAssertEqual(error.message, "invalid global \(asked) (\(name))")
            }
        }

        // Its window says where it came from.
        let window = try ManagedWindow(sandboxed, title: "sandboxed", width: 40, height: 30)
        let clients = try strata.tree()["clients"] as? [[String: Any]] ?? []
        let entry = try XCTUnwrap(clients.first { ($0["windows"] as? [[String: Any]])?.first?["title"] as? String == "sandboxed" },
                                  "\(clients)")
        XCTAssertEqual(entry["standing"] as? String, "sandboxed")
        let metadata = entry["sandbox"] as? [String: Any]
        XCTAssertEqual(metadata?["engine"] as? String, "org.example.sandbox")
        XCTAssertEqual(metadata?["app_id"] as? String, "org.example.App")
        XCTAssertEqual(metadata?["instance_id"] as? String, "instance-1")
        withExtendedLifetime(window) {}

        // The engine's own connection is untouched.
        XCTAssertTrue(engine.roundtrip())
        XCTAssertTrue(try RawClient(strata).globals.contains { $0.interface == "zwlr_screencopy_manager_v1" })
    }

    func testTheListenerOutlivesItsMakerAndClosesWhenCloseFDHangsUp() throws {
        var engine: RawClient? = try RawClient(strata)
        let sandbox = try makeSandbox(engine!)
        engine = nil
        let early = try sandboxedClient(sandbox)
        XCTAssertTrue(early.roundtrip(), "accepted after the engine disconnected")
        XCTAssertFalse(early.globals.contains { $0.interface == "zwlr_screencopy_manager_v1" })
        XCTAssertTrue(early.globals.contains { $0.interface == "wl_compositor" })

        close(sandbox.closeWriteEnd)
        XCTAssertTrue(waitUntil {
            // Strata held the last copy of the listening socket: once it closes it, connecting is refused.
            guard let fd = try? WireClient.connect(to: sandbox.path) else { return true }
            close(fd)
            return false
        }, "the listener closed when close_fd hung up")
        XCTAssertTrue(early.roundtrip(), "a client accepted before goes on")
    }

    // MARK: Errors

    func testAListenFDThatIsNotAListeningSocketIsInvalid() throws {
        for makeFD in [{ () -> Int32 in var p: [Int32] = [-1, -1]; pipe(&p); close(p[1]); return p[0] },
                       { socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0) }] {
            let client = try RawClient(strata)
            let manager = try client.bind(strata_wp_security_context_manager_v1_interface(), version: 1)
            let listenFD = makeFD()
            var p: [Int32] = [-1, -1]
            pipe(&p)
            _ = wp_security_context_manager_v1_create_listener(manager, listenFD, p[0])
            try assertProtocolError(client, interface: Self.manager, code: WP_SECURITY_CONTEXT_MANAGER_V1_ERROR_INVALID_LISTEN_FD.rawValue)
            close(listenFD)
            close(p[0])
            close(p[1])
        }
    }

    /// A context whose requests `body` makes, after which the client should get `code`.
    private func assertContextError(_ code: wp_security_context_v1_error, line: UInt = #line,
                                    _ body: (OpaquePointer) -> Void) throws {
        let client = try RawClient(strata)
        let manager = try client.bind(strata_wp_security_context_manager_v1_interface(), version: 1)
        let (listenFD, _) = try listeningSocket()
        var p: [Int32] = [-1, -1]
        pipe(&p)
        defer { close(listenFD); close(p[0]); close(p[1]) }
        let context = try XCTUnwrap(wp_security_context_manager_v1_create_listener(manager, listenFD, p[0]))
        body(context)
        try assertProtocolError(client, interface: "wp_security_context_v1", code: code.rawValue, line: line)
    }

    func testMetadataIsSetOnceAndNothingButDestroyFollowsCommit() throws {
        try assertContextError(WP_SECURITY_CONTEXT_V1_ERROR_ALREADY_SET) {
            wp_security_context_v1_set_app_id($0, "a")
            wp_security_context_v1_set_app_id($0, "b")
        }
        try assertContextError(WP_SECURITY_CONTEXT_V1_ERROR_ALREADY_SET) {
            wp_security_context_v1_set_sandbox_engine($0, "org.example")
            wp_security_context_v1_set_sandbox_engine($0, "org.example")
        }
        try assertContextError(WP_SECURITY_CONTEXT_V1_ERROR_ALREADY_USED) {
            wp_security_context_v1_commit($0)
            wp_security_context_v1_set_instance_id($0, "1")
        }
        try assertContextError(WP_SECURITY_CONTEXT_V1_ERROR_ALREADY_USED) {
            wp_security_context_v1_commit($0)
            wp_security_context_v1_commit($0)
        }
    }

    func testInvalidMetadataIsRefusedAtCommit() throws {
        try assertContextError(WP_SECURITY_CONTEXT_V1_ERROR_INVALID_METADATA) {
            wp_security_context_v1_set_app_id($0, "")
            wp_security_context_v1_commit($0)
        }
        try assertContextError(WP_SECURITY_CONTEXT_V1_ERROR_INVALID_METADATA) {
            wp_security_context_v1_set_instance_id($0, "line\nbreak")
            wp_security_context_v1_commit($0)
        }
        // Flatpak always sets both ids (wayland-protocols' engines.md).
        try assertContextError(WP_SECURITY_CONTEXT_V1_ERROR_INVALID_METADATA) {
            wp_security_context_v1_set_sandbox_engine($0, "org.flatpak")
            wp_security_context_v1_set_app_id($0, "org.example.App")
            wp_security_context_v1_commit($0)
        }
        // The metadata is optional otherwise: a bare context commits.
        let client = try RawClient(strata)
        let sandbox = try makeSandbox(client, sandboxEngine: nil, appID: nil, instanceID: nil)
        defer { close(sandbox.closeWriteEnd) }
        XCTAssertTrue(try sandboxedClient(sandbox).roundtrip())
    }
}
