import Foundation
import TestSupport
import XCTest

/// A global hidden from a client does not reveal itself: binding its name,
/// under any interface and at any version, ends the connection with the
/// very error a name no global has gets ("invalid global INTERFACE (NAME)",
/// wl_display.invalid_object on the registry). libwayland alone would say
/// "invalid interface for global N: have …, wanted zwlr_screencopy_manager_v1"
/// or "invalid version for global … have 3", naming what it hides.
/// Read on the wire, where the message is.
final class HiddenGlobalBindTests: XCTestCase {
    /// The launched client's listing (wayland-info, started by strata), as
    /// (interface, name): the names an outsider does not see.
    private func launchedNames(_ directory: String) throws -> (StrataProcess, [String: UInt32]) {
        guard let info = StrataProcess.which("wayland-info") else { throw XCTSkip("wayland-info is not installed (make deps)") }
        let output = directory + "/listing"
        let strata = try StrataProcess(width: 64, height: 64, manualFrames: true, extraArguments: [
            "--restrict-privileged", "--", "sh", "-c", "\(info) > \(output).part; mv \(output).part \(output)",
        ])
        XCTAssertTrue(waitUntil { FileManager.default.fileExists(atPath: output) }, strata.serverLog)
        var names: [String: UInt32] = [:]
        // wayland-info: "interface: 'NAME', version: V, name: N".
        for row in (try String(contentsOfFile: output, encoding: .utf8)).split(separator: "\n") where row.contains("interface: '") {
            let interface = row.split(separator: "'")[1]
            if let name = row.split(separator: ":").last.flatMap({ UInt32($0.trimmingCharacters(in: .whitespaces)) }) {
                names[String(interface)] = name
            }
        }
        return (strata, names)
    }

    func testBindingAHiddenGlobalGetsTheErrorOfANameThatDoesNotExist() throws {
        let directory = NSTemporaryDirectory() + "strata-hidden-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        let (strata, names) = try launchedNames(directory)
        defer { XCTAssertEqual(strata.stop(), 0) }
        let hidden = try XCTUnwrap(names["zwlr_screencopy_manager_v1"], "\(names)")
        let absent = (names.values.max() ?? 0) + 1000

        /// A fresh outsider's bind, and the error that ended it.
        func bindError(_ name: UInt32, _ interface: String, _ version: UInt32) throws -> WireClient.DisplayError {
            let client = try WireClient(path: strata.waylandSocketPath)
            XCTAssertTrue(client.getRegistry())
            XCTAssertFalse(client.globals.contains { $0.name == hidden }, "not announced to an outsider")
            return try XCTUnwrap(client.bindError(name: name, interface: interface, version: version),
                                 "bind of \(name) as \(interface) v\(version) was served")
        }

        for (interface, version) in [("wl_compositor", UInt32(1)), ("zwlr_screencopy_manager_v1", 3),
                                     ("zwlr_screencopy_manager_v1", 99), ("zwlr_screencopy_manager_v1", 0),
                                     ("zwlr_layer_shell_v1", 1), ("no_such_interface", 1)] {
            let ofHidden = try bindError(hidden, interface, version)
            let ofAbsent = try bindError(absent, interface, version)
            XCTAssertEqual(ofAbsent.message, "invalid global \(interface) (\(absent))", "libwayland's own, for a name no global has")
            XCTAssertEqual(ofHidden.message, "invalid global \(interface) (\(hidden))", "\(interface) v\(version)")
            XCTAssertEqual(ofHidden, WireClient.DisplayError(object: ofAbsent.object, code: ofAbsent.code,
                                                             message: ofAbsent.message.replacingOccurrences(of: "(\(absent))", with: "(\(hidden))")),
                           "the same object (the registry), code and text")
            XCTAssertEqual(ofHidden.code, 0, "wl_display.invalid_object")
        }

        // A global the client does see keeps libwayland's messages: only hidden names are touched.
        let compositor = try XCTUnwrap(names["wl_compositor"])
        let visible = try bindError(compositor, "wl_shm", 1)
        XCTAssertTrue(visible.message.hasPrefix("invalid interface for global \(compositor)"), visible.message)
        XCTAssertTrue(try RawClient(strata).roundtrip(), "others go on")
    }
}
