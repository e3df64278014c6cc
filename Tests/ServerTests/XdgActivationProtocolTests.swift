import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// xdg_activation_v1 on the real socket: a token made by the focused
/// client with a recent input serial focuses and raises another client's
/// window, once; tokens without one, from a background client, or spent
/// are ignored; and already_used.
final class XdgActivationProtocolTests: CompositorTestCase {
    override func makeStrata() throws -> StrataProcess {
        try StrataProcess(width: 640, height: 480, manualFrames: true)
    }

    /// A client with a window, a seat and xdg_activation_v1 bound.
    final class Activating {
        let client: RawClient
        let recorder: SeatRecorder
        let window: RawWindow
        let activation: OpaquePointer
        init(_ strata: StrataProcess, title: String) throws {
            client = try RawClient(strata)
            recorder = try SeatRecorder(client)
            window = try RawWindow(client, title: title, width: 100, height: 100)
            activation = try client.bind(strata_xdg_activation_v1_interface(), version: 1)
            client.roundtrip()
        }

        /// Asks for a token: `configure` sets its serial, app_id and surface; nil if no done came.
        func token(_ configure: (OpaquePointer) -> Void = { _ in }) -> String? {
            let token = xdg_activation_v1_get_activation_token(activation)!
            configure(token)
            var received: String?
            var listener = xdg_activation_token_v1_listener(done: { data, _, token in
                data!.assumingMemoryBound(to: String?.self).pointee = String(cString: token!)
            })
            withUnsafeMutablePointer(to: &received) { pointer in
                xdg_activation_token_v1_add_listener(token, &listener, pointer)
                xdg_activation_token_v1_commit(token)
                client.roundtrip()
            }
            xdg_activation_token_v1_destroy(token)
            return received
        }

        /// A token quoting the latest input serial this client got.
        func tokenWithSerial() -> String? {
            token { xdg_activation_token_v1_set_serial($0, self.recorder.lastInputSerial, self.recorder.seat) }
        }

        func activate(_ token: String, _ surface: OpaquePointer) {
            xdg_activation_v1_activate(activation, token, surface)
            client.roundtrip()
        }
    }

    func focusedTitle() throws -> String? {
        try strata.windows().first { $0["focused"] as? Bool == true }?["title"] as? String
    }

    /// Titles bottom to top.
    func stacking() throws -> [String] {
        try strata.windows().compactMap { $0["title"] as? String }
    }

    /// Clicks a window where no other covers it: windows are 100 points
    /// wide and step 32 down and right, so the first one's top left
    /// corner and the others' bottom right ones are always bare.
    func click(_ title: String) throws {
        let windows = try strata.windows()
        let index = try XCTUnwrap(windows.firstIndex { $0["title"] as? String == title })
        let origin = try XCTUnwrap(windows[index]["origin"] as? [String: Any])
        let inset = (origin["x"] as? Int) == StrataProcess.steppedOrigins[0].x ? 5 : 95
        try strata.input("click", "\(try XCTUnwrap(origin["x"] as? Int) + inset)", "\(try XCTUnwrap(origin["y"] as? Int) + inset)")
    }

    func testValidTokenFocusesAndRaisesAnotherClientsWindow() throws {
        let target = try Activating(strata, title: "target")
        let launcher = try Activating(strata, title: "launcher")
        try click("launcher")
        launcher.client.roundtrip()
        XCTAssertEqual(try focusedTitle(), "launcher")
        let token = try XCTUnwrap(launcher.token {
            xdg_activation_token_v1_set_serial($0, launcher.recorder.lastInputSerial, launcher.recorder.seat)
            xdg_activation_token_v1_set_app_id($0, "org.example.target")
            xdg_activation_token_v1_set_surface($0, launcher.window.surface)
        })
        XCTAssertEqual(token.count, 32)
        target.activate(token, target.window.surface)
        XCTAssertEqual(try focusedTitle(), "target")
        XCTAssertEqual(try stacking().last, "target", "raised")

        // Spent: it does not activate twice.
        try click("launcher")
        target.activate(token, target.window.surface)
        XCTAssertEqual(try focusedTitle(), "launcher")
    }

    func testTokensAreUnique() throws {
        let launcher = try Activating(strata, title: "launcher")
        let tokens = (0..<5).compactMap { _ in launcher.token() }
        XCTAssertEqual(tokens.count, 5, "every commit is answered with done")
        XCTAssertEqual(Set(tokens).count, 5)
    }

    func testTokenWithoutASerialIsIgnored() throws {
        let target = try Activating(strata, title: "target")
        let launcher = try Activating(strata, title: "launcher")
        try click("launcher")
        let token = try XCTUnwrap(launcher.token { xdg_activation_token_v1_set_surface($0, launcher.window.surface) })
        target.activate(token, target.window.surface)
        XCTAssertEqual(try focusedTitle(), "launcher")
    }

    func testTokenWithAnotherClientsSerialIsIgnored() throws {
        let target = try Activating(strata, title: "target")
        let launcher = try Activating(strata, title: "launcher")
        try click("target")
        target.client.roundtrip()
        let foreign = target.recorder.lastInputSerial
        try click("launcher")
        let token = try XCTUnwrap(launcher.token { xdg_activation_token_v1_set_serial($0, foreign, launcher.recorder.seat) })
        target.activate(token, target.window.surface)
        XCTAssertEqual(try focusedTitle(), "launcher")
    }

    func testTokenFromABackgroundClientIsIgnored() throws {
        let background = try Activating(strata, title: "background")
        try click("background")
        background.client.roundtrip()
        let serial = background.recorder.lastInputSerial
        let focused = try Activating(strata, title: "focused")
        XCTAssertEqual(try focusedTitle(), "focused")
        // Its serial is its own and recent, but it no longer has the focus.
        let token = try XCTUnwrap(background.token { xdg_activation_token_v1_set_serial($0, serial, background.recorder.seat) })
        background.activate(token, background.window.surface)
        XCTAssertEqual(try focusedTitle(), "focused")
        withExtendedLifetime(focused) {}
    }

    func testUnknownTokenIsIgnored() throws {
        let target = try Activating(strata, title: "target")
        let other = try Activating(strata, title: "other")
        target.activate("not-a-token", target.window.surface)
        XCTAssertTrue(target.client.roundtrip())
        XCTAssertEqual(try focusedTitle(), "other")
    }

    func testAClientMayActivateItsOwnWindowLater() throws {
        // Made while focused, used after another window took the focus (a
        // notification's action, say).
        let app = try Activating(strata, title: "app")
        try click("app")
        app.client.roundtrip()
        let token = try XCTUnwrap(app.tokenWithSerial())
        let other = try Activating(strata, title: "other")
        XCTAssertEqual(try focusedTitle(), "other")
        app.activate(token, app.window.surface)
        XCTAssertEqual(try focusedTitle(), "app")
        XCTAssertEqual(try stacking().last, "app")
        withExtendedLifetime(other) {}
    }

    func testSurfaceWithoutAWindowIsIgnored() throws {
        let launcher = try Activating(strata, title: "launcher")
        try click("launcher")
        launcher.client.roundtrip()
        let token = try XCTUnwrap(launcher.tokenWithSerial())
        let bare = wl_compositor_create_surface(launcher.window.compositor)!
        launcher.activate(token, bare)
        XCTAssertTrue(launcher.client.roundtrip())
        XCTAssertEqual(try focusedTitle(), "launcher")
    }

    func testRequestsAfterCommitAreAlreadyUsed() throws {
        for request in ["set_serial", "set_app_id", "set_surface", "commit"] {
            let launcher = try Activating(strata, title: "launcher")
            let token = xdg_activation_v1_get_activation_token(launcher.activation)!
            xdg_activation_token_v1_commit(token)
            switch request {
            case "set_serial": xdg_activation_token_v1_set_serial(token, 1, launcher.recorder.seat)
            case "set_app_id": xdg_activation_token_v1_set_app_id(token, "late")
            case "set_surface": xdg_activation_token_v1_set_surface(token, launcher.window.surface)
            default: xdg_activation_token_v1_commit(token)
            }
            try assertProtocolError(launcher.client, interface: "xdg_activation_token_v1",
                                    code: XDG_ACTIVATION_TOKEN_V1_ERROR_ALREADY_USED.rawValue)
        }
    }
}
