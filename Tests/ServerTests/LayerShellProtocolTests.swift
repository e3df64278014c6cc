import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import StrataProtocol
import TestSupport
import XCTest

/// zwlr_layer_shell_v1 against a real `strata` (320×240): the size each
/// configure carries, exclusive zones and the windows' usable area, the
/// layers' stacking around the windows, pointer and keyboard on layer
/// surfaces, popups, unmapping, and each error the protocol defines.
final class LayerShellProtocolTests: CompositorTestCase {
    typealias L = RawLayerSurface
    let green = DecodedPNG.Pixel(red: 0, green: 255, blue: 0)
    let red = DecodedPNG.Pixel.opaqueRed
    /// Client objects whose listeners must outlive the test's last event.
    var kept: [AnyObject] = []

    func keep<T: AnyObject>(_ object: T) -> T {
        kept.append(object)
        return object
    }

    override func tearDown() {
        super.tearDown()
        kept = []
    }

    struct Client {
        let raw: RawClient
        let compositor: OpaquePointer
        let shm: OpaquePointer
        let shell: OpaquePointer

        func layerSurface(_ layer: UInt32, namespace: String = "test", commit: Bool = true,
                          setUp: (OpaquePointer) -> Void = { _ in }) -> RawLayerSurface {
            RawLayerSurface(raw, compositor: compositor, shell: shell, layer: layer, namespace: namespace, commit: commit, setUp: setUp)
        }
    }

    func client(version: UInt32 = 4) throws -> Client {
        let raw = try RawClient(strata)
        return Client(raw: raw, compositor: try raw.bind(strata_wl_compositor_interface(), version: 5),
                      shm: try raw.bind(strata_wl_shm_interface(), version: 1),
                      shell: try raw.bind(strata_zwlr_layer_shell_v1_interface(), version: version))
    }

    /// A panel along the top edge, `height` high, reserving as much.
    func topPanel(_ c: Client, height: UInt32 = 30, zone: Int32 = 30, keyboard: UInt32 = 0) -> RawLayerSurface {
        c.layerSurface(L.top, namespace: "panel") { s in
            zwlr_layer_surface_v1_set_anchor(s, L.anchorTop | L.anchorLeft | L.anchorRight)
            zwlr_layer_surface_v1_set_size(s, 0, height)
            zwlr_layer_surface_v1_set_exclusive_zone(s, zone)
            zwlr_layer_surface_v1_set_keyboard_interactivity(s, keyboard)
        }
    }

    func layerSurfaces() throws -> [[String: Any]] {
        try strata.tree()["layer_surfaces"] as? [[String: Any]] ?? []
    }

    func usableArea() throws -> Rect {
        let area = try XCTUnwrap(try strata.tree()["usable_area"] as? [String: Double])
        return Rect(x: area["x"] ?? -1, y: area["y"] ?? -1, width: area["width"] ?? -1, height: area["height"] ?? -1)
    }

    // MARK: Configure and the usable area

    func testATopPanelIsConfiguredOutputWideAndAMaximizedWindowTakesTheRest() throws {
        let c = try client()
        let panel = topPanel(c)
        XCTAssertEqual(panel.configures.count, 1, "the initial commit is answered with a configure")
        XCTAssertEqual(panel.lastSize?.width, 320)
        XCTAssertEqual(panel.lastSize?.height, 30)
        XCTAssertTrue(try panel.show(shm: c.shm, pixel: 0xFF_FF_00_00))
        XCTAssertEqual(try usableArea(), Rect(x: 0, y: 30, width: 320, height: 210))
        let surfaces = try layerSurfaces()
        XCTAssertEqual(surfaces.count, 1)
        XCTAssertEqual(surfaces.first?["namespace"] as? String, "panel")
        XCTAssertEqual(surfaces.first?["mapped"] as? Bool, true)
        XCTAssertEqual(surfaces.first?["layer"] as? String, "top")

        let window = try ManagedWindow(c.raw, title: "W", width: 100, height: 80)
        xdg_toplevel_set_maximized(window.toplevel)
        c.raw.roundtrip()
        c.raw.roundtrip()
        XCTAssertEqual(window.last?.width, 320)
        XCTAssertEqual(window.last?.height, 210, "the output's height less the panel's zone")
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 0, y: 30), "placed below the panel")
        XCTAssertEqual(try strata.control("frame").status, 0)
        let shot = try strata.shot("layer-shell-panel")
        assertPixel(shot, 5, 5, red, "the panel")
        assertPixel(shot, 5, 29, red)
        assertPixel(shot, 5, 30, .fill, "the window right below it")

        // The panel goes: the window grows to the whole output.
        panel.unmap()
        c.raw.roundtrip()
        c.raw.roundtrip()
        XCTAssertEqual(try usableArea(), Rect(x: 0, y: 0, width: 320, height: 240))
        XCTAssertEqual(window.last?.height, 240)
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 0, y: 0))
    }

    /// Margins of −2^31 between left and right anchors: clamped to −2^29
    /// (ClientValue), the box is the output and 2^30 more, which a
    /// configure carries; nothing traps.
    func testHugeNegativeMarginsAreClampedNotATrap() throws {
        let c = try client()
        let stretched = c.layerSurface(L.top) { s in
            zwlr_layer_surface_v1_set_anchor(s, L.anchorLeft | L.anchorRight | L.anchorTop | L.anchorBottom)
            zwlr_layer_surface_v1_set_margin(s, Int32.min, Int32.min, Int32.min, Int32.min)
        }
        XCTAssertEqual(stretched.lastSize?.width, 320 + (1 << 30))
        XCTAssertEqual(stretched.lastSize?.height, 240 + (1 << 30))
        XCTAssertEqual(try strata.control("frame").status, 0, "the compositor still answers")
    }

    /// A zone of 10 beside a margin of −2^31 at its edge reserves nothing,
    /// and gives the windows no room past the output; a zone of 2^31 − 1
    /// would leave them nothing, and is ignored as such zones are.
    func testZonesPlusHugeMarginsStayWithinTheOutput() throws {
        let c = try client()
        let panel = c.layerSurface(L.top) { s in
            zwlr_layer_surface_v1_set_anchor(s, L.anchorTop | L.anchorLeft | L.anchorRight)
            zwlr_layer_surface_v1_set_size(s, 0, 10)
            zwlr_layer_surface_v1_set_exclusive_zone(s, 10)
            zwlr_layer_surface_v1_set_margin(s, Int32.min, 0, 0, 0)
        }
        XCTAssertTrue(try panel.show(shm: c.shm))
        XCTAssertEqual(try usableArea(), Rect(x: 0, y: 0, width: 320, height: 240))
        let dock = c.layerSurface(L.top) { s in
            zwlr_layer_surface_v1_set_anchor(s, L.anchorLeft | L.anchorTop | L.anchorBottom)
            zwlr_layer_surface_v1_set_size(s, 10, 0)
            zwlr_layer_surface_v1_set_exclusive_zone(s, Int32.max)
            zwlr_layer_surface_v1_set_margin(s, 0, 0, 0, Int32.max)
        }
        XCTAssertTrue(try dock.show(shm: c.shm))
        XCTAssertEqual(try usableArea(), Rect(x: 0, y: 0, width: 320, height: 240))
        XCTAssertEqual(try strata.control("frame").status, 0, "the compositor still answers")
    }

    func testAnchorsMarginsAndZonesPlaceEachSurface() throws {
        let c = try client()
        // A dock on the left, 40 wide with a margin of 4, reserving 40 (and its margin).
        let dock = c.layerSurface(L.bottom, namespace: "dock") { s in
            zwlr_layer_surface_v1_set_anchor(s, L.anchorLeft | L.anchorTop | L.anchorBottom)
            zwlr_layer_surface_v1_set_size(s, 40, 0)
            zwlr_layer_surface_v1_set_margin(s, 0, 0, 0, 4)
            zwlr_layer_surface_v1_set_exclusive_zone(s, 40)
        }
        XCTAssertEqual(dock.lastSize?.width, 40)
        XCTAssertEqual(dock.lastSize?.height, 240)
        try dock.show(shm: c.shm)
        XCTAssertEqual(try usableArea(), Rect(x: 44, y: 0, width: 276, height: 240))
        // A notification in the bottom right corner, with zone 0: it keeps out of the dock's zone.
        let note = c.layerSurface(L.overlay, namespace: "note") { s in
            zwlr_layer_surface_v1_set_anchor(s, L.anchorBottom | L.anchorRight)
            zwlr_layer_surface_v1_set_size(s, 50, 20)
            zwlr_layer_surface_v1_set_margin(s, 0, 6, 8, 0)
        }
        XCTAssertEqual(note.lastSize?.width, 50)
        XCTAssertEqual(note.lastSize?.height, 20)
        try note.show(shm: c.shm)
        // Unanchored: centered in the usable area.
        let centered = c.layerSurface(L.top, namespace: "centered") { s in zwlr_layer_surface_v1_set_size(s, 20, 10) }
        try centered.show(shm: c.shm)
        // A wallpaper with zone -1 stretches over the dock's zone.
        let wallpaper = c.layerSurface(L.background, namespace: "wallpaper") { s in
            zwlr_layer_surface_v1_set_anchor(s, L.anchorAll)
            zwlr_layer_surface_v1_set_exclusive_zone(s, -1)
        }
        XCTAssertEqual(wallpaper.lastSize?.width, 320)
        XCTAssertEqual(wallpaper.lastSize?.height, 240)
        try wallpaper.show(shm: c.shm)
        // Stretched with zone 0, a surface fills the usable area.
        let filler = c.layerSurface(L.bottom, namespace: "filler") { s in zwlr_layer_surface_v1_set_anchor(s, L.anchorAll) }
        XCTAssertEqual(filler.lastSize?.width, 276)
        XCTAssertEqual(filler.lastSize?.height, 240)

        let frames = Dictionary(uniqueKeysWithValues: try layerSurfaces().map { surface in
            (surface["namespace"] as? String ?? "", surface["frame"] as? [String: Double] ?? [:])
        })
        func frame(_ name: String) -> Rect {
            let f = frames[name] ?? [:]
            return Rect(x: f["x"] ?? -1, y: f["y"] ?? -1, width: f["width"] ?? -1, height: f["height"] ?? -1)
        }
        XCTAssertEqual(frame("dock"), Rect(x: 4, y: 0, width: 40, height: 240))
        XCTAssertEqual(frame("note"), Rect(x: 264, y: 212, width: 50, height: 20))
        XCTAssertEqual(frame("centered"), Rect(x: 44 + 128, y: 115, width: 20, height: 10))
        XCTAssertEqual(frame("wallpaper"), Rect(x: 0, y: 0, width: 320, height: 240))
    }

    /// As in wlroots' compositors and Mir: the box's origin, not centered in it.
    func testASurfaceThatTakesASmallerSizeStaysAtItsBoxsOrigin() throws {
        let c = try client()
        let bar = c.layerSurface(L.top, namespace: "bar") { s in
            zwlr_layer_surface_v1_set_anchor(s, L.anchorTop | L.anchorLeft | L.anchorRight)
            zwlr_layer_surface_v1_set_size(s, 0, 20)
            zwlr_layer_surface_v1_set_margin(s, 2, 0, 0, 3)
        }
        try bar.show(shm: c.shm, width: 100, height: 20)
        let frame = try XCTUnwrap(try layerSurfaces().first?["frame"] as? [String: Double])
        XCTAssertEqual(frame["x"], 3)
        XCTAssertEqual(frame["y"], 2)
        XCTAssertEqual(frame["width"], 100)
    }

    func testChangingTheAnchorsOfAnUnmappedSurfaceConfiguresItAgain() throws {
        let c = try client()
        let surface = c.layerSurface(L.top) { s in zwlr_layer_surface_v1_set_size(s, 50, 40) }
        XCTAssertEqual(surface.lastSize?.width, 50)
        zwlr_layer_surface_v1_set_size(surface.layerSurface, 0, 0)
        zwlr_layer_surface_v1_set_anchor(surface.layerSurface, L.anchorAll)
        wl_surface_commit(surface.surface)
        c.raw.roundtrip()
        XCTAssertEqual(surface.configures.count, 2)
        XCTAssertEqual(surface.lastSize?.width, 320)
        XCTAssertEqual(surface.lastSize?.height, 240)
    }

    func testSetLayerMovesASurfaceAcrossTheWindows() throws {
        let c = try client()
        let surface = c.layerSurface(L.background) { s in
            zwlr_layer_surface_v1_set_anchor(s, L.anchorAll)
            zwlr_layer_surface_v1_set_exclusive_zone(s, -1)
        }
        try surface.show(shm: c.shm, pixel: 0xFF_FF_00_00)
        _ = keep(try ManagedWindow(c.raw, title: "W", width: 100, height: 80))
        XCTAssertEqual(try strata.control("frame").status, 0)
        assertPixel(try strata.shot("layer-shell-set-layer-below"), 50, 50, .fill)
        zwlr_layer_surface_v1_set_layer(surface.layerSurface, L.overlay)
        wl_surface_commit(surface.surface)
        c.raw.roundtrip()
        XCTAssertEqual(try layerSurfaces().first?["layer"] as? String, "overlay")
        XCTAssertEqual(try strata.control("frame").status, 0)
        assertPixel(try strata.shot("layer-shell-set-layer-above"), 50, 50, red)
    }

    // MARK: Stacking

    func testBackgroundIsDrawnUnderTheWindowsAndOverlayAbove() throws {
        let c = try client()
        let wallpaper = c.layerSurface(L.background, namespace: "wallpaper") { s in
            zwlr_layer_surface_v1_set_anchor(s, L.anchorAll)
            zwlr_layer_surface_v1_set_exclusive_zone(s, -1)
        }
        try wallpaper.show(shm: c.shm, pixel: 0xFF_FF_00_00)
        _ = keep(try ManagedWindow(c.raw, title: "W", width: 100, height: 80))
        let overlay = c.layerSurface(L.overlay, namespace: "osd") { s in
            zwlr_layer_surface_v1_set_anchor(s, L.anchorTop | L.anchorLeft)
            zwlr_layer_surface_v1_set_size(s, 20, 20)
            zwlr_layer_surface_v1_set_margin(s, 40, 0, 0, 40)
        }
        try overlay.show(shm: c.shm, pixel: 0xFF_00_FF_00)
        // A window mapped after the overlay still goes below it.
        _ = keep(try ManagedWindow(c.raw, title: "V", width: 100, height: 80))
        XCTAssertEqual(try strata.control("frame").status, 0)
        let shot = try strata.shot("layer-shell-stacking")
        assertPixel(shot, 10, 10, red, "the wallpaper over the desktop")
        assertPixel(shot, 100, 100, .fill, "the window over the wallpaper")
        assertPixel(shot, 45, 45, green, "the overlay over the window")
        assertPixel(shot, 70, 70, .fill, "the second window")
        assertPixel(shot, 300, 230, red)
    }

    func testAFullscreenWindowCoversTheTopLayerButNotTheOverlay() throws {
        let c = try client()
        let recorder = try SeatRecorder(c.raw)
        let panel = topPanel(c)
        try panel.show(shm: c.shm, pixel: 0xFF_FF_00_00)
        let osd = c.layerSurface(L.overlay, namespace: "osd") { s in
            zwlr_layer_surface_v1_set_anchor(s, L.anchorBottom | L.anchorRight)
            zwlr_layer_surface_v1_set_size(s, 20, 20)
        }
        try osd.show(shm: c.shm, pixel: 0xFF_00_FF_00)
        let window = try ManagedWindow(c.raw, title: "W", width: 100, height: 80)
        xdg_toplevel_set_fullscreen(window.toplevel, nil)
        c.raw.roundtrip()
        c.raw.roundtrip()
        XCTAssertEqual(window.last?.width, 320, "fullscreen takes the whole output, the panel's zone too")
        XCTAssertEqual(window.last?.height, 240)
        XCTAssertEqual(try strata.control("frame").status, 0)
        var shot = try strata.shot("layer-shell-fullscreen")
        assertPixel(shot, 5, 5, .fill, "the fullscreen window over the panel")
        assertPixel(shot, 310, 230, green, "the overlay over the fullscreen window")
        recorder.take()
        try strata.input("move", "5", "5")
        XCTAssertEqual(recorder.taken("pointer.enter"), ["pointer.enter \(window.surfaceID) 5 5"])

        xdg_toplevel_unset_fullscreen(window.toplevel)
        c.raw.roundtrip()
        c.raw.roundtrip()
        XCTAssertEqual(try strata.control("frame").status, 0)
        shot = try strata.shot("layer-shell-fullscreen-ended")
        assertPixel(shot, 300, 10, red, "the panel again (the cursor is at 5, 5)")
    }

    // MARK: Input

    func testPointerClicksOnAPanelReachIt() throws {
        let c = try client()
        let recorder = try SeatRecorder(c.raw)
        let panel = topPanel(c)
        try panel.show(shm: c.shm)
        _ = keep(try ManagedWindow(c.raw, title: "W", width: 100, height: 80))
        recorder.take()
        try strata.input("move", "100", "10")
        XCTAssertEqual(recorder.take(), ["pointer.enter \(panel.surfaceID) 100 10", "pointer.motion 100 10"])
        try strata.input("click", "100", "10")
        XCTAssertEqual(recorder.take(), ["pointer.motion 100 10", "pointer.button 272 pressed", "pointer.button 272 released"],
                       "a panel without keyboard interactivity does not take the keyboard")
        try strata.input("move", "100", "50")
        XCTAssertEqual(recorder.taken("pointer.leave"), ["pointer.leave \(panel.surfaceID)"])
    }

    func testTouchOnALayerSurfaceReachesIt() throws {
        let c = try client()
        let recorder = try SeatRecorder(c.raw)
        let panel = topPanel(c)
        try panel.show(shm: c.shm)
        try strata.input("touch", "down", "0", "30", "12")
        XCTAssertEqual(recorder.taken("touch.down"), ["touch.down \(panel.surfaceID) 0 30 12"])
    }

    func testExclusiveKeyboardInteractivityTakesTheKeyboardWhileMapped() throws {
        let c = try client()
        let recorder = try SeatRecorder(c.raw)
        let window = try ManagedWindow(c.raw, title: "W", width: 100, height: 80)
        recorder.take()
        XCTAssertTrue(window.lastHas(XDG_TOPLEVEL_STATE_ACTIVATED))
        let lock = c.layerSurface(L.overlay, namespace: "lock") { s in
            zwlr_layer_surface_v1_set_anchor(s, L.anchorAll)
            zwlr_layer_surface_v1_set_exclusive_zone(s, -1)
            zwlr_layer_surface_v1_set_keyboard_interactivity(s, 1)
        }
        try lock.show(shm: c.shm)
        XCTAssertEqual(recorder.take(), ["keyboard.leave \(window.surfaceID)", "keyboard.enter \(lock.surfaceID) []",
                                         "keyboard.modifiers 0 0 0 0"])
        XCTAssertFalse(window.lastHas(XDG_TOPLEVEL_STATE_ACTIVATED), "the window is no longer active")
        try strata.input("key", "a")
        XCTAssertEqual(recorder.taken("keyboard.key"), ["keyboard.key 30 pressed", "keyboard.key 30 released"])
        XCTAssertEqual(try layerSurfaces().first?["keyboard_focus"] as? Bool, true)
        XCTAssertEqual((try strata.tree()["seat"] as? [String: Any])?["keyboard_layer_surface"] as? String, "lock")
        // A click on the window does not take the keyboard from it.
        let window2 = try ManagedWindow(c.raw, title: "V", width: 60, height: 60)
        recorder.take()
        XCTAssertFalse(window2.lastHas(XDG_TOPLEVEL_STATE_ACTIVATED))
        // Unmapped: the keyboard goes back to the window.
        lock.unmap()
        XCTAssertEqual(recorder.taken("keyboard.")[..<2], ["keyboard.leave \(lock.surfaceID)", "keyboard.enter \(window2.surfaceID) []"])
        c.raw.roundtrip()
        XCTAssertTrue(window2.lastHas(XDG_TOPLEVEL_STATE_ACTIVATED))
    }

    func testOnDemandKeyboardInteractivityFollowsClicks() throws {
        let c = try client()
        let recorder = try SeatRecorder(c.raw)
        let window = try ManagedWindow(c.raw, title: "W", width: 100, height: 80)
        recorder.take()
        let panel = topPanel(c, keyboard: 2)
        try panel.show(shm: c.shm)
        XCTAssertEqual(recorder.taken("keyboard."), ["keyboard.leave \(window.surfaceID)", "keyboard.enter \(panel.surfaceID) []",
                                                     "keyboard.modifiers 0 0 0 0"], "shown on the top layer, it is given the keyboard")
        // Clicking the window takes it back.
        let origin = try strata.origin(of: "W")
        try strata.input("click", "\(origin.x + 5)", "\(origin.y + 5)")
        XCTAssertEqual(recorder.taken("keyboard.")[..<2], ["keyboard.leave \(panel.surfaceID)", "keyboard.enter \(window.surfaceID) []"])
        XCTAssertEqual(try strata.keyboardFocus(), "W")
        // Clicking the panel gives it the keyboard again.
        try strata.input("click", "10", "10")
        XCTAssertEqual(recorder.taken("keyboard.")[..<2], ["keyboard.leave \(window.surfaceID)", "keyboard.enter \(panel.surfaceID) []"])
    }

    // MARK: Popups

    func testGetPopupParentsAnXdgPopupToALayerSurface() throws {
        let c = try client()
        let base = try c.raw.bind(strata_xdg_wm_base_interface(), version: 5)
        let panel = topPanel(c)
        try panel.show(shm: c.shm)
        let positioner = RawPopup.positioner(base, width: 40, height: 50, anchorRect: (10, 0, 20, 30), anchor: 2, gravity: 2)
        let popup = RawPopup(c.raw, compositor: c.compositor, base: base, parent: nil, positioner: positioner) { popup in
            zwlr_layer_surface_v1_get_popup(panel.layerSurface, popup)
        }
        XCTAssertTrue(c.raw.roundtrip(), String(describing: c.raw.protocolError))
        XCTAssertEqual(popup.take(), ["configure 0 30 40 50"])
        try popup.show(shm: c.shm, width: 40, height: 50, pixel: 0xFF_00_FF_00)
        let popups = try XCTUnwrap(try layerSurfaces().first?["popups"] as? [[String: Any]])
        XCTAssertEqual(popups.count, 1)
        XCTAssertEqual(try strata.control("frame").status, 0)
        let shot = try strata.shot("layer-shell-popup")
        assertPixel(shot, 15, 40, green, "the popup below the panel")
        let recorder = try SeatRecorder(c.raw)
        try strata.input("move", "15", "40")
        XCTAssertEqual(recorder.taken("pointer.enter"), ["pointer.enter \(popup.surfaceID) 15 10"])
    }

    func testAGrabbingPopupOfAPanelDeactivatesTheWindowUntilItCloses() throws {
        // A panel that never takes the keyboard (waybar's kind) opens a menu
        // with a grab: the menu has the keys, so the window is not active.
        let c = try client()
        let base = try c.raw.bind(strata_xdg_wm_base_interface(), version: 5)
        let recorder = try SeatRecorder(c.raw)
        let window = try ManagedWindow(c.raw, title: "W", width: 100, height: 80)
        let panel = topPanel(c)
        try panel.show(shm: c.shm)
        try strata.input("click", "15", "10")
        c.raw.roundtrip()
        XCTAssertTrue(window.lastHas(XDG_TOPLEVEL_STATE_ACTIVATED), "a click on a panel without keyboard interactivity keeps the window active")
        recorder.take()
        let positioner = RawPopup.positioner(base, width: 40, height: 50, anchorRect: (10, 0, 20, 30), anchor: 2, gravity: 2)
        let popup = keep(RawPopup(c.raw, compositor: c.compositor, base: base, parent: nil, positioner: positioner) { popup in
            zwlr_layer_surface_v1_get_popup(panel.layerSurface, popup)
            xdg_popup_grab(popup, recorder.seat, recorder.lastInputSerial)
        })
        try popup.show(shm: c.shm, width: 40, height: 50, pixel: 0xFF_00_FF_00)
        c.raw.roundtrip()
        XCTAssertEqual(recorder.taken("keyboard.")[..<2], ["keyboard.leave \(window.surfaceID)", "keyboard.enter \(popup.surfaceID) []"])
        XCTAssertFalse(window.lastHas(XDG_TOPLEVEL_STATE_ACTIVATED), "the panel's menu has the keys")
        XCTAssertEqual(try strata.states(of: "W"), [])
        // A click outside dismisses the menu; the window has the keys and is active again.
        try strata.input("click", "300", "200")
        c.raw.roundtrip()
        XCTAssertEqual(popup.take().last, "popup_done")
        XCTAssertTrue(window.lastHas(XDG_TOPLEVEL_STATE_ACTIVATED))
        XCTAssertEqual(try strata.states(of: "W"), ["activated"])
    }

    func testAPopupWithoutAParentIsStillAnErrorWithoutGetPopup() throws {
        let c = try client()
        let base = try c.raw.bind(strata_xdg_wm_base_interface(), version: 5)
        let positioner = RawPopup.positioner(base, width: 40, height: 50, anchorRect: (10, 0, 20, 30))
        _ = keep(RawPopup(c.raw, compositor: c.compositor, base: base, parent: nil, positioner: positioner))
        try assertProtocolError(c.raw, interface: "xdg_wm_base", code: XDG_WM_BASE_ERROR_INVALID_POPUP_PARENT.rawValue)
    }

    // MARK: Mapping

    func testANullBufferUnmapsAndTheHandshakeStartsOver() throws {
        let c = try client()
        let panel = topPanel(c)
        try panel.show(shm: c.shm)
        panel.unmap()
        XCTAssertEqual(try layerSurfaces().first?["mapped"] as? Bool, false)
        XCTAssertEqual(try usableArea(), Rect(x: 0, y: 0, width: 320, height: 240), "its zone went with it")
        wl_surface_commit(panel.surface)
        c.raw.roundtrip()
        XCTAssertEqual(panel.configures.count, 2, "the next commit is a new initial commit")
        try panel.show(shm: c.shm)
        XCTAssertEqual(try layerSurfaces().first?["mapped"] as? Bool, true)
        XCTAssertEqual(try usableArea(), Rect(x: 0, y: 30, width: 320, height: 210))
    }

    func testABufferAfterUnmappingWithoutANewConfigureIsAnError() throws {
        let c = try client()
        let panel = topPanel(c)
        try panel.show(shm: c.shm)
        panel.unmap()
        try panel.show(shm: c.shm, width: 320, height: 30)
        try assertProtocolError(c.raw, interface: "zwlr_layer_surface_v1",
                                code: ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_SURFACE_STATE.rawValue)
    }

    func testDestroyingALayerSurfaceRemovesItAndItsZone() throws {
        let c = try client()
        let panel = topPanel(c)
        try panel.show(shm: c.shm)
        zwlr_layer_surface_v1_destroy(panel.layerSurface)
        c.raw.roundtrip()
        XCTAssertEqual(try layerSurfaces().count, 0)
        XCTAssertEqual(try usableArea(), Rect(x: 0, y: 0, width: 320, height: 240))
        XCTAssertEqual(try strata.control("frame").status, 0)
    }

    func testLayerSurfacesAreNotWindows() throws {
        let c = try client()
        let panel = topPanel(c, keyboard: 2)
        try panel.show(shm: c.shm)
        XCTAssertEqual(try strata.windows().count, 0, "not in the window list (nor Alt+Tab's round)")
        XCTAssertNil(try strata.keyboardFocus())
    }

    // MARK: Errors

    func testZeroWidthWithoutBothSideAnchorsIsInvalidSize() throws {
        let c = try client()
        _ = keep(c.layerSurface(L.top) { s in
            zwlr_layer_surface_v1_set_anchor(s, L.anchorTop | L.anchorLeft)
            zwlr_layer_surface_v1_set_size(s, 0, 30)
        })
        try assertProtocolError(c.raw, interface: "zwlr_layer_surface_v1", code: ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_SIZE.rawValue)
    }

    func testZeroHeightWithoutBothAnchorsIsInvalidSize() throws {
        let c = try client()
        _ = keep(c.layerSurface(L.top) { s in zwlr_layer_surface_v1_set_size(s, 30, 0) })
        try assertProtocolError(c.raw, interface: "zwlr_layer_surface_v1", code: ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_SIZE.rawValue)
    }

    func testABufferBeforeTheFirstConfigureIsAnError() throws {
        let c = try client()
        let surface = c.layerSurface(L.top, commit: false) { s in zwlr_layer_surface_v1_set_size(s, 30, 30) }
        try surface.show(shm: c.shm, width: 30, height: 30)
        try assertProtocolError(c.raw, interface: "zwlr_layer_surface_v1",
                                code: ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_SURFACE_STATE.rawValue)
    }

    func testAcknowledgingAnUnknownSerialIsAnError() throws {
        let c = try client()
        let surface = c.layerSurface(L.top) { s in zwlr_layer_surface_v1_set_size(s, 30, 30) }
        zwlr_layer_surface_v1_ack_configure(surface.layerSurface, 12345)
        try assertProtocolError(c.raw, interface: "zwlr_layer_surface_v1",
                                code: ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_SURFACE_STATE.rawValue)
    }

    func testInvalidAnchorIsAnError() throws {
        let c = try client()
        _ = keep(c.layerSurface(L.top, commit: false) { s in zwlr_layer_surface_v1_set_anchor(s, 16) })
        try assertProtocolError(c.raw, interface: "zwlr_layer_surface_v1", code: ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_ANCHOR.rawValue)
    }

    func testInvalidKeyboardInteractivityIsAnError() throws {
        let c = try client()
        _ = keep(c.layerSurface(L.top, commit: false) { s in zwlr_layer_surface_v1_set_keyboard_interactivity(s, 3) })
        try assertProtocolError(c.raw, interface: "zwlr_layer_surface_v1",
                                code: ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_KEYBOARD_INTERACTIVITY.rawValue)
    }

    func testInvalidLayerIsAnError() throws {
        let c = try client()
        _ = keep(c.layerSurface(4, commit: false))
        try assertProtocolError(c.raw, interface: "zwlr_layer_shell_v1", code: ZWLR_LAYER_SHELL_V1_ERROR_INVALID_LAYER.rawValue)
    }

    func testASurfaceWithARoleOrABufferCannotBecomeALayerSurface() throws {
        let c = try client()
        let base = try c.raw.bind(strata_xdg_wm_base_interface(), version: 5)
        let surface = wl_compositor_create_surface(c.compositor)!
        _ = xdg_surface_get_toplevel(xdg_wm_base_get_xdg_surface(base, surface)!)
        _ = zwlr_layer_shell_v1_get_layer_surface(c.shell, surface, nil, L.top, "x")
        try assertProtocolError(c.raw, interface: "zwlr_layer_shell_v1", code: ZWLR_LAYER_SHELL_V1_ERROR_ROLE.rawValue)

        let d = try client()
        let attached = wl_compositor_create_surface(d.compositor)!
        wl_surface_attach(attached, try d.raw.makeBuffer(shm: d.shm, width: 4, height: 4), 0, 0)
        _ = zwlr_layer_shell_v1_get_layer_surface(d.shell, attached, nil, L.top, "x")
        try assertProtocolError(d.raw, interface: "zwlr_layer_shell_v1", code: ZWLR_LAYER_SHELL_V1_ERROR_ALREADY_CONSTRUCTED.rawValue)
    }
}
