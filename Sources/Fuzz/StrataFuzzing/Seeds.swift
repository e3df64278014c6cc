/// The hand-made seed corpus (fuzz/corpus/seed-*): a few inputs that each
/// reach deep into one part of the compositor with well-formed requests,
/// so mutations start from mapped windows, layer trees, popups, grabs…
public enum Seeds {
    public static func all(driver: FuzzDriver) -> [(name: String, bytes: [UInt8])] {
        [
            ("seed-window-shm", window(driver)),
        ]
    }

    /// A mapped xdg_toplevel with a 64×64 wl_shm buffer; returns its wl_surface, xdg_surface and toplevel.
    @discardableResult
    static func mapWindow(_ b: SeedBuilder, size: Int32 = 64, title: String = "fuzz") -> (surface: UInt32, xdgSurface: UInt32, toplevel: UInt32) {
        let surface = b.request(b.object("wl_compositor"), "create_surface", [.newID])
        let xdgSurface = b.request(b.object("xdg_wm_base"), "get_xdg_surface", [.newID, .object(surface)])
        let toplevel = b.request(xdgSurface, "get_toplevel", [.newID])
        b.request(toplevel, "set_title", [.string(title)])
        b.request(toplevel, "set_app_id", [.string("org.strata.fuzz")])
        b.request(surface, "commit")
        b.pump()
        b.request(xdgSurface, "ack_configure", [.recent(b.latest("xdg_surface.configure")[0])])
        let buffer = shmBuffer(b, width: size, height: size)
        b.request(surface, "attach", [.object(buffer), .int(0), .int(0)])
        b.request(surface, "damage_buffer", [.int(0), .int(0), .int(size), .int(size)])
        b.request(surface, "frame", [.newID])
        b.request(surface, "commit")
        b.pump()
        b.frame()
        b.pump()
        return (surface, xdgSurface, toplevel)
    }

    /// A wl_buffer of `width`×`height` ARGB8888 pixels in a new 64 KiB pool.
    static func shmBuffer(_ b: SeedBuilder, width: Int32, height: Int32) -> UInt32 {
        let pool = b.request(b.object("wl_shm"), "create_pool", [.newID, .file(size: 65536), .fileSize])
        return b.request(pool, "create_buffer", [.newID, .int(0), .int(width), .int(height), .int(width * 4), .uint(0)])
    }

    /// A window, clicked and typed in, scrolled, touched.
    static func window(_ driver: FuzzDriver) -> [UInt8] {
        let b = SeedBuilder(driver: driver)
        mapWindow(b)
        b.move(to: 160, 120)
        b.click()
        b.keyDown(10)
        b.keyUp(10)
        b.scroll()
        b.touchDown(0, at: 150, 110)
        b.touchUp(0)
        b.frame()
        b.pump()
        return b.finish()
    }
}
