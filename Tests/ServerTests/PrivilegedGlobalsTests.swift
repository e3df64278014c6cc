import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// `strata run --restrict-privileged`: screencopy, layer shell, the input
/// method manager, the virtual keyboard manager, the window list, the
/// virtual pointer and the session lock manager are offered only to the
/// connections strata made for the clients it started (WAYLAND_SOCKET);
/// by default, to every client.
final class PrivilegedGlobalsTests: XCTestCase {
    static let screencopy = "zwlr_screencopy_manager_v1"
    static let layerShell = "zwlr_layer_shell_v1"
    static let inputMethod = "zwp_input_method_manager_v2"
    static let virtualKeyboard = "zwp_virtual_keyboard_manager_v1"

    /// What wayland-info, started by strata through `sh -c`, lists: sh
    /// makes no Wayland connection, so wayland-info inherits WAYLAND_SOCKET
    /// and takes the connection strata made for the launch.
    private func launchedListing(restricted: Bool) throws -> (strata: StrataProcess, listing: String) {
        guard let info = StrataProcess.which("wayland-info") else { throw XCTSkip("wayland-info is not installed (make deps)") }
        let output = NSTemporaryDirectory() + "strata-privileged-\(getpid())-\(restricted).txt"
        try? FileManager.default.removeItem(atPath: output)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: output) }
        let strata = try StrataProcess(width: 64, height: 64, manualFrames: true,
                                       extraArguments: (restricted ? ["--restrict-privileged"] : [])
                                           + ["--", "sh", "-c", "\(info) > \(output).part; mv \(output).part \(output)"])
        XCTAssertTrue(waitUntil { FileManager.default.fileExists(atPath: output) }, strata.serverLog)
        return (strata, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
    }

    /// An outside client that binds `interface` by the global's name (read
    /// from the launched client's listing, as a client could guess it) is
    /// refused by the compositor: the filter holds on bind, not only on advertising.
    private func assertBindRefused(_ strata: StrataProcess, listing: String, _ interface: UnsafePointer<wl_interface>,
                                   file: StaticString = #filePath, line: UInt = #line) throws {
        let name = String(cString: interface.pointee.name)
        // wayland-info: "interface: 'NAME', version: V, name: N".
        let row = try XCTUnwrap(listing.split(separator: "\n").first { $0.contains("'\(name)'") }, name, file: file, line: line)
        let number = try XCTUnwrap(row.split(separator: ":").last.flatMap { UInt32($0.trimmingCharacters(in: .whitespaces)) },
                                   String(row), file: file, line: line)
        let outsider = try RawClient(strata)
        _ = outsider.bind(name: number, interface, version: 1)
        XCTAssertFalse(outsider.roundtrip(), "\(name) bound from outside", file: file, line: line)
        XCTAssertNotNil(outsider.protocolError, file: file, line: line)
        XCTAssertTrue(try RawClient(strata).roundtrip(), "others go on", file: file, line: line)
    }

    func testRestrictedScreencopyIsForLaunchedClientsOnly() throws {
        let (strata, listing) = try launchedListing(restricted: true)
        defer { XCTAssertEqual(strata.stop(), 0) }
        XCTAssertTrue(listing.contains("'\(Self.screencopy)'"), "the launch's connection is offered it:\n\(listing)")

        let outsider = try RawClient(strata)
        XCTAssertFalse(outsider.globals.contains { $0.interface == Self.screencopy }, "not advertised to others")
        XCTAssertTrue(outsider.globals.contains { $0.interface == "wl_compositor" }, "the rest is")
        try assertBindRefused(strata, listing: listing, strata_zwlr_screencopy_manager_v1_interface())
        XCTAssertTrue(listing.contains("'\(Self.layerShell)'"), "layer shell too:\n\(listing)")
        XCTAssertFalse(outsider.globals.contains { $0.interface == Self.layerShell }, "layer shell is not advertised to others either")
        XCTAssertTrue(listing.contains("'\(Self.inputMethod)'"), "the input method manager too:\n\(listing)")
        XCTAssertFalse(outsider.globals.contains { $0.interface == Self.inputMethod }, "an input method reads every keystroke")
        XCTAssertTrue(listing.contains("'\(Self.virtualKeyboard)'"), "the virtual keyboard manager too:\n\(listing)")
        XCTAssertFalse(outsider.globals.contains { $0.interface == Self.virtualKeyboard }, "a virtual keyboard types into every window")
        try assertBindRefused(strata, listing: listing, strata_zwp_virtual_keyboard_manager_v1_interface())
        try assertBindRefused(strata, listing: listing, strata_zwlr_foreign_toplevel_manager_v1_interface())
        try assertBindRefused(strata, listing: listing, strata_zwlr_virtual_pointer_manager_v1_interface())
        try assertBindRefused(strata, listing: listing, strata_ext_session_lock_manager_v1_interface())
        try assertBindRefused(strata, listing: listing, strata_zwlr_data_control_manager_v1_interface())
        try assertBindRefused(strata, listing: listing, strata_zwlr_gamma_control_manager_v1_interface())
        try assertBindRefused(strata, listing: listing, strata_zwlr_layer_shell_v1_interface())
        try assertBindRefused(strata, listing: listing, strata_zwp_input_method_manager_v2_interface())
        XCTAssertTrue(outsider.globals.contains { $0.interface == "zwp_text_input_manager_v3" }, "text inputs are for everyone")
        try assertBindRefused(strata, listing: listing, strata_zwlr_output_manager_v1_interface())
        try assertBindRefused(strata, listing: listing, strata_zwlr_output_power_manager_v1_interface())
        for privileged in ["zwlr_foreign_toplevel_manager_v1", "zwlr_virtual_pointer_manager_v1", "ext_session_lock_manager_v1",
                           "zwlr_data_control_manager_v1", "zwlr_gamma_control_manager_v1",
                           "zwlr_output_manager_v1", "zwlr_output_power_manager_v1"] {
            XCTAssertTrue(listing.contains("'\(privileged)'"), "\(privileged) for a launched client:\n\(listing)")
            XCTAssertFalse(outsider.globals.contains { $0.interface == privileged }, "\(privileged) not for others")
        }
    }

    func testByDefaultEveryClientGetsLayerShell() throws {
        let strata = try StrataProcess(width: 64, height: 64, manualFrames: true)
        defer { XCTAssertEqual(strata.stop(), 0) }
        let outsider = try RawClient(strata)
        _ = try outsider.bind(strata_zwlr_layer_shell_v1_interface(), version: 4)
        XCTAssertTrue(outsider.roundtrip())
    }

    func testByDefaultEveryClientGetsScreencopy() throws {
        let (strata, listing) = try launchedListing(restricted: false)
        defer { XCTAssertEqual(strata.stop(), 0) }
        XCTAssertTrue(listing.contains("'\(Self.screencopy)'"))
        let outsider = try RawClient(strata)
        XCTAssertTrue(outsider.globals.contains { $0.interface == Self.screencopy })
        _ = try outsider.bind(strata_zwlr_screencopy_manager_v1_interface(), version: 3)
        XCTAssertTrue(outsider.roundtrip())
    }

    func testGrimFromOutsideFindsNoScreencopyWhenRestricted() throws {
        guard let grim = StrataProcess.which("grim") else { throw XCTSkip("grim is not installed") }
        let strata = try StrataProcess(width: 64, height: 64, manualFrames: true, extraArguments: ["--restrict-privileged"])
        defer { XCTAssertEqual(strata.stop(), 0) }
        let shot = NSTemporaryDirectory() + "strata-privileged-grim-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: shot) }
        let result = try runProcess(grim, [shot], environment: strata.clientEnvironment)
        XCTAssertNotEqual(result.status, 0, "grim started from outside the session is refused")
        XCTAssertFalse(FileManager.default.fileExists(atPath: shot))
    }
}

/// The window list, the virtual pointer and the session lock manager are privileged as screencopy is.
final class PrivilegedWindowControlTests: XCTestCase {
    static let foreignToplevel = "zwlr_foreign_toplevel_manager_v1"
    static let virtualPointer = "zwlr_virtual_pointer_manager_v1"
    static let sessionLock = "ext_session_lock_manager_v1"

    func testRestrictedWindowListAndVirtualPointerAreHiddenFromOutsiders() throws {
        let strata = try StrataProcess(width: 64, height: 64, manualFrames: true, extraArguments: ["--restrict-privileged"])
        defer { XCTAssertEqual(strata.stop(), 0) }
        let outsider = try RawClient(strata)
        XCTAssertFalse(outsider.globals.contains { $0.interface == Self.foreignToplevel }, "a taskbar from outside sees no windows")
        XCTAssertFalse(outsider.globals.contains { $0.interface == Self.virtualPointer }, "nor can it click")
        XCTAssertFalse(outsider.globals.contains { $0.interface == Self.sessionLock }, "nor lock the session")
        XCTAssertTrue(outsider.globals.contains { $0.interface == "wl_seat" })
    }

    func testByDefaultEveryClientGetsThem() throws {
        let strata = try StrataProcess(width: 64, height: 64, manualFrames: true)
        defer { XCTAssertEqual(strata.stop(), 0) }
        let outsider = try RawClient(strata)
        _ = try outsider.bind(strata_zwlr_foreign_toplevel_manager_v1_interface(), version: 3)
        _ = try outsider.bind(strata_zwlr_virtual_pointer_manager_v1_interface(), version: 2)
        _ = try outsider.bind(strata_ext_session_lock_manager_v1_interface(), version: 1)
        XCTAssertTrue(outsider.roundtrip())
    }
}
