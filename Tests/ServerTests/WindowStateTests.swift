import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import StrataProtocol
import TestSupport
import XCTest

/// xdg_toplevel's window states against a real `strata` (320×240, windows
/// placed at 32,32 then 64,64): the configures each request brings, where
/// the window goes, what the screen shows, and the errors of the size limits.
final class WindowStateTests: CompositorTestCase {
    func frame() throws { XCTAssertEqual(try strata.control("frame").status, 0) }

    /// The optional wm_capabilities and configure_bounds events stay unsent:
    /// weston 10's clients bind xdg_wm_base v5 without listeners for them
    /// and would abort (weston-presentation-shm does; PresentationRealtimeTests runs it).
    func testFirstConfigureSendsNoOptionalEvents() throws {
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 100, height: 80)
        XCTAssertEqual(window.capabilities, [])
        XCTAssertNil(window.bounds)
        XCTAssertEqual(try strata.states(of: "W"), ["activated"])
    }

    func testMaximizeCoversTheOutputAndUnmaximizeRestoresSizeAndPlace() throws {
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 100, height: 80)
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 32, y: 32))

        xdg_toplevel_set_maximized(window.toplevel)
        client.roundtrip()
        client.roundtrip()
        XCTAssertEqual(window.last?.width, 320)
        XCTAssertEqual(window.last?.height, 240)
        XCTAssertTrue(window.lastHas(XDG_TOPLEVEL_STATE_MAXIMIZED))
        XCTAssertTrue(window.lastHas(XDG_TOPLEVEL_STATE_ACTIVATED))
        XCTAssertTrue(window.lastHas(XDG_TOPLEVEL_STATE_TILED_LEFT) && window.lastHas(XDG_TOPLEVEL_STATE_TILED_BOTTOM),
                      "its edges meet the output's")
        XCTAssertEqual(try strata.origin(of: "W"), .zero)
        XCTAssertEqual(try strata.size(of: "W"), Size(width: 320, height: 240))
        XCTAssertEqual(try strata.states(of: "W"), ["activated", "maximized", "tiled"])
        try frame()
        let shot = try strata.shot("maximized")
        assertPixel(shot, 0, 0, .fill)
        assertPixel(shot, 319, 239, .fill)

        xdg_toplevel_unset_maximized(window.toplevel)
        client.roundtrip()
        client.roundtrip()
        XCTAssertEqual(window.last?.width, 100)
        XCTAssertEqual(window.last?.height, 80)
        XCTAssertFalse(window.lastHas(XDG_TOPLEVEL_STATE_MAXIMIZED))
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 32, y: 32), "back where it was")
        XCTAssertEqual(try strata.states(of: "W"), ["activated"])
        try frame()
        let restored = try strata.shot("unmaximized")
        assertPixel(restored, 0, 0, .desktop)
        assertPixel(restored, 32, 32, .fill)
    }

    func testMaximizeTwiceStillAnswersWithAConfigure() throws {
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 100, height: 80)
        xdg_toplevel_set_maximized(window.toplevel)
        client.roundtrip()
        let count = window.configures.count
        xdg_toplevel_set_maximized(window.toplevel)
        client.roundtrip()
        XCTAssertEqual(window.configures.count, count + 1)
        XCTAssertTrue(window.lastHas(XDG_TOPLEVEL_STATE_MAXIMIZED))
    }

    func testMaximizedBeforeTheFirstCommitMapsMaximized() throws {
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 100, height: 80) { xdg_toplevel_set_maximized($0.toplevel) }
        XCTAssertEqual(window.configures.first?.width, 320)
        XCTAssertTrue(window.configures.first?.states.contains(XDG_TOPLEVEL_STATE_MAXIMIZED.rawValue) ?? false)
        XCTAssertEqual(try strata.origin(of: "W"), .zero)
        xdg_toplevel_unset_maximized(window.toplevel)
        client.roundtrip()
        XCTAssertEqual(window.last?.width, 0, "never shown at a size of its own: the client chooses")
    }

    func testFullscreenCoversTheOutputCenteredOnBlackAndRestores() throws {
        let client = try RawClient(strata)
        let other = try ManagedWindow(client, title: "Other", width: 60, height: 60, pixel: 0xFF_FF_00_00)
        let window = try ManagedWindow(client, title: "W", width: 100, height: 80)
        // Raise the other one: fullscreen must bring W back on top.
        try strata.input("click", "40", "40")
        XCTAssertEqual(try strata.keyboardFocus(), "Other")
        defer { withExtendedLifetime(other) {} }

        window.followsConfigures = false
        xdg_toplevel_set_fullscreen(window.toplevel, nil)
        client.roundtrip()
        client.roundtrip()
        XCTAssertEqual(window.last?.width, 320)
        XCTAssertEqual(window.last?.height, 240)
        XCTAssertTrue(window.lastHas(XDG_TOPLEVEL_STATE_FULLSCREEN))
        XCTAssertEqual(try strata.keyboardFocus(), "W", "fullscreen goes on top with the keyboard")
        XCTAssertEqual(try strata.states(of: "W"), ["activated", "fullscreen"])
        try frame()
        let shot = try strata.shot("fullscreen-small")
        assertPixel(shot, 2, 2, .black, "black around a window smaller than the output")
        assertPixel(shot, 160, 120, .fill, "centered: (110, 80) to (210, 160)")
        assertPixel(shot, 109, 120, .black)
        assertPixel(shot, 110, 80, .fill)
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 110, y: 80))
        try strata.input("click", "40", "40")
        XCTAssertEqual(try strata.keyboardFocus(), "W", "the black hides the window below from the pointer too")

        xdg_toplevel_unset_fullscreen(window.toplevel)
        client.roundtrip()
        client.roundtrip()
        XCTAssertFalse(window.lastHas(XDG_TOPLEVEL_STATE_FULLSCREEN))
        XCTAssertEqual(window.last?.width, 100)
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 64, y: 64))
        try frame()
        assertPixel(try strata.shot("unfullscreen"), 2, 2, .desktop)
    }

    func testFullscreenAtTheOutputsSizeCoversEverything() throws {
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 100, height: 80)
        xdg_toplevel_set_fullscreen(window.toplevel, nil)
        client.roundtrip()
        client.roundtrip()
        XCTAssertEqual(try strata.size(of: "W"), Size(width: 320, height: 240))
        try frame()
        let shot = try strata.shot("fullscreen")
        XCTAssertEqual(shot.count(x: 0, y: 0, width: 320, height: 240) { $0 != .fill }, 0)
    }

    func testMinimizedWindowIsHiddenAndLosesTheKeyboardAndThePointer() throws {
        let client = try RawClient(strata)
        let below = try ManagedWindow(client, title: "Below", width: 100, height: 80, pixel: 0xFF_FF_00_00)
        defer { withExtendedLifetime(below) {} }
        let top = try ManagedWindow(client, title: "Top", width: 100, height: 80)
        XCTAssertEqual(try strata.keyboardFocus(), "Top")
        xdg_toplevel_set_minimized(top.toplevel)
        client.roundtrip()
        XCTAssertEqual(try strata.states(of: "Top"), ["minimized"])
        XCTAssertEqual(try strata.keyboardFocus(), "Below")
        try frame()
        let shot = try strata.shot("minimized")
        assertPixel(shot, 150, 130, .desktop, "Top (64,64 to 164,144) is hidden where Below is not")
        assertPixel(shot, 100, 100, .opaqueRed)
        // A click where it was reaches the window below.
        try strata.input("click", "100", "100")
        XCTAssertEqual(try strata.keyboardFocus(), "Below")
        try strata.input("click", "150", "130")
        XCTAssertEqual(try strata.keyboardFocus(), "Below", "the desktop: the focus stays")
    }

    func testSizeLimitsBoundTheSizesConfigured() throws {
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 160, height: 120)
        xdg_toplevel_set_min_size(window.toplevel, 150, 100)
        xdg_toplevel_set_max_size(window.toplevel, 200, 150)
        wl_surface_commit(window.surface)
        client.roundtrip()
        XCTAssertEqual(try strata.window("W")["min_size"] as? [String: Int], ["width": 150, "height": 100])
        XCTAssertEqual(try strata.window("W")["max_size"] as? [String: Int], ["width": 200, "height": 150])

        XCTAssertEqual(try strata.control("resize", ["--title", "W", "--size", "50x50"]).status, 0)
        client.roundtrip()
        XCTAssertEqual(window.last?.width, 150)
        XCTAssertEqual(window.last?.height, 100)
        XCTAssertEqual(try strata.control("resize", ["--title", "W", "--size", "500x500"]).status, 0)
        client.roundtrip()
        XCTAssertEqual(window.last?.width, 200)
        XCTAssertEqual(window.last?.height, 150)
        xdg_toplevel_set_maximized(window.toplevel)
        client.roundtrip()
        XCTAssertEqual(window.last?.width, 200, "a maximum below the output's size bounds a maximize too")
        XCTAssertEqual(window.last?.height, 150)
    }

    func testLimitsApplyOnlyAtCommit() throws {
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 160, height: 120)
        xdg_toplevel_set_max_size(window.toplevel, 100, 100)
        client.roundtrip()
        XCTAssertEqual(try strata.window("W")["max_size"] as? [String: Int], ["width": 0, "height": 0])
        // A maximum below the minimum is fine while a later request (before the commit) fixes it.
        xdg_toplevel_set_min_size(window.toplevel, 150, 150)
        xdg_toplevel_set_max_size(window.toplevel, 0, 0)
        wl_surface_commit(window.surface)
        XCTAssertTrue(client.roundtrip())
    }

    func testMaximumBelowMinimumIsInvalidSize() throws {
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 160, height: 120)
        xdg_toplevel_set_min_size(window.toplevel, 150, 100)
        xdg_toplevel_set_max_size(window.toplevel, 100, 200)
        wl_surface_commit(window.surface)
        try assertProtocolError(client, interface: "xdg_toplevel", code: XDG_TOPLEVEL_ERROR_INVALID_SIZE.rawValue)
    }

    func testNegativeLimitsAreInvalidSize() throws {
        for maximum in [false, true] {
            let client = try RawClient(strata)
            let window = try ManagedWindow(client, title: "W", width: 160, height: 120)
            if maximum { xdg_toplevel_set_max_size(window.toplevel, -1, 10) } else { xdg_toplevel_set_min_size(window.toplevel, 10, -1) }
            try assertProtocolError(client, interface: "xdg_toplevel", code: XDG_TOPLEVEL_ERROR_INVALID_SIZE.rawValue)
        }
    }
}
