import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// zwp_keyboard_shortcuts_inhibit_manager_v1 on the real socket. The
/// protocol: the compositor's shortcuts are inhibited for the surface
/// "when it has keyboard focus", `active` is sent when the inhibitor takes
/// effect and `inactive` when it no longer does, and a second inhibitor for
/// a surface and seat is `already_inhibited`. Super+Escape gives the
/// shortcuts back to Strata until the surface is focused again.
final class KeyboardShortcutsInhibitTests: CompositorTestCase {
    /// evdev codes.
    let f4: UInt32 = 62, tab: UInt32 = 15

    /// A zwp_keyboard_shortcuts_inhibitor_v1 and the events it got.
    final class RawInhibitor {
        let inhibitor: OpaquePointer
        private(set) var events: [String] = []
        private let listener = UnsafeMutablePointer<zwp_keyboard_shortcuts_inhibitor_v1_listener>.allocate(capacity: 1)

        init(manager: OpaquePointer, surface: OpaquePointer, seat: OpaquePointer) {
            inhibitor = zwp_keyboard_shortcuts_inhibit_manager_v1_inhibit_shortcuts(manager, surface, seat)!
            listener.initialize(to: zwp_keyboard_shortcuts_inhibitor_v1_listener(
                active: { data, _ in Unmanaged<RawInhibitor>.fromOpaque(data!).takeUnretainedValue().events.append("active") },
                inactive: { data, _ in Unmanaged<RawInhibitor>.fromOpaque(data!).takeUnretainedValue().events.append("inactive") }))
            zwp_keyboard_shortcuts_inhibitor_v1_add_listener(inhibitor, listener, Unmanaged.passUnretained(self).toOpaque())
        }

        deinit { listener.deallocate() }
    }

    struct Scene {
        let client: RawClient
        let seat: SeatRecorder
        let wlSeat: OpaquePointer
        let manager: OpaquePointer
    }

    func scene() throws -> Scene {
        let client = try RawClient(strata)
        return Scene(client: client, seat: try SeatRecorder(client),
                     wlSeat: try client.bind(strata_wl_seat_interface(), version: 7),
                     manager: try client.bind(strata_zwp_keyboard_shortcuts_inhibit_manager_v1_interface(), version: 1))
    }

    func altF4() throws {
        try strata.input("key", "Alt_L", "--down")
        try strata.input("key", "F4")
        try strata.input("key", "Alt_L", "--up")
    }

    func testTheFocusedSurfaceGetsTheShortcutsKeysWhileItsInhibitorIsActive() throws {
        let scene = try scene()
        let window = try ManagedWindow(scene.client, title: "VM", width: 60, height: 60)
        let inhibitor = RawInhibitor(manager: scene.manager, surface: window.surface, seat: scene.wlSeat)
        scene.client.roundtrip()
        XCTAssertEqual(inhibitor.events, ["active"], "the surface has the keys")
        scene.seat.take()

        try altF4()
        scene.client.roundtrip()
        XCTAssertEqual(window.closeRequests, 0, "Alt+F4 is the client's")
        let keys = scene.seat.take().filter { $0.hasPrefix("keyboard.key") }
        XCTAssertTrue(keys.contains("keyboard.key \(f4) pressed") && keys.contains("keyboard.key \(f4) released"), "\(keys)")

        zwp_keyboard_shortcuts_inhibitor_v1_destroy(inhibitor.inhibitor)
        scene.client.roundtrip()
        try altF4()
        scene.client.roundtrip()
        XCTAssertEqual(window.closeRequests, 1, "destroyed: the compositor's again")
    }

    func testItIsInactiveWhileAnotherWindowHasTheKeys() throws {
        let scene = try scene()
        let vm = try ManagedWindow(scene.client, title: "VM", width: 60, height: 60)
        let inhibitor = RawInhibitor(manager: scene.manager, surface: vm.surface, seat: scene.wlSeat)
        let other = try ManagedWindow(scene.client, title: "Other", width: 60, height: 60)
        scene.client.roundtrip()
        XCTAssertEqual(try strata.keyboardFocus(), "Other")
        XCTAssertEqual(inhibitor.events, ["active", "inactive"])
        try altF4()
        scene.client.roundtrip()
        XCTAssertEqual(other.closeRequests, 1, "Other has no inhibitor")

        // Alt+Tab back to the VM: active again, and Tab is its own from then on.
        try strata.input("key", "Alt_L", "--down")
        try strata.input("key", "Tab")
        try strata.input("key", "Alt_L", "--up")
        scene.client.roundtrip()
        XCTAssertEqual(try strata.keyboardFocus(), "VM")
        XCTAssertEqual(inhibitor.events, ["active", "inactive", "active"])
        scene.seat.take()
        try strata.input("key", "Alt_L", "--down")
        try strata.input("key", "Tab")
        try strata.input("key", "Alt_L", "--up")
        XCTAssertEqual(try strata.keyboardFocus(), "VM", "Alt+Tab went to the VM")
        XCTAssertTrue(scene.seat.take().contains("keyboard.key \(tab) pressed"))
        XCTAssertEqual(try strata.windows().first { $0["title"] as? String == "VM" }
            .flatMap { ($0["surface"] as? [String: Any])?["keyboard_shortcuts_inhibitor"] as? String }, "active")
    }

    func testSuperEscapeTakesTheShortcutsBackUntilTheSurfaceIsFocusedAgain() throws {
        let scene = try scene()
        let vm = try ManagedWindow(scene.client, title: "VM", width: 60, height: 60)
        let inhibitor = RawInhibitor(manager: scene.manager, surface: vm.surface, seat: scene.wlSeat)
        scene.client.roundtrip()
        scene.seat.take()
        try strata.input("key", "Super_L", "--down")
        try strata.input("key", "Escape")
        try strata.input("key", "Super_L", "--up")
        scene.client.roundtrip()
        XCTAssertEqual(inhibitor.events, ["active", "inactive"])
        XCTAssertFalse(scene.seat.take().contains("keyboard.key 1 pressed"), "Super+Escape is the compositor's")
        try altF4()
        scene.client.roundtrip()
        XCTAssertEqual(vm.closeRequests, 1, "the shortcuts are Strata's again")

        // Focused anew (by a click elsewhere and back), the inhibitor holds again.
        let other = try ManagedWindow(scene.client, title: "Other", width: 60, height: 60)
        try strata.input("click", "40", "40")
        scene.client.roundtrip()
        XCTAssertEqual(try strata.keyboardFocus(), "VM")
        XCTAssertEqual(inhibitor.events.last, "active")
        withExtendedLifetime(other) {}
    }

    func testASecondInhibitorForTheSameSurfaceIsAlreadyInhibited() throws {
        let scene = try scene()
        let window = try ManagedWindow(scene.client, title: "VM", width: 60, height: 60)
        let first = RawInhibitor(manager: scene.manager, surface: window.surface, seat: scene.wlSeat)
        XCTAssertTrue(scene.client.roundtrip())
        let second = RawInhibitor(manager: scene.manager, surface: window.surface, seat: scene.wlSeat)
        XCTAssertFalse(scene.client.roundtrip())
        withExtendedLifetime((first, second)) {}
        XCTAssertEqual(scene.client.protocolError?.interface, "zwp_keyboard_shortcuts_inhibit_manager_v1")
        XCTAssertEqual(scene.client.protocolError?.code, ZWP_KEYBOARD_SHORTCUTS_INHIBIT_MANAGER_V1_ERROR_ALREADY_INHIBITED.rawValue)
        XCTAssertTrue(try RawClient(strata).roundtrip(), "others are still served")
    }
}
