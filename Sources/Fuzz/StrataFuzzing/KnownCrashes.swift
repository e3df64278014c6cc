/// Requests that once killed the compositor with a Swift trap, written in
/// the fuzzer's input format (fuzz/regressions/known-*), so every fuzzing
/// run and the test suite replay them beside what the fuzzer found itself.
/// `strata-fuzz-coverage --write-known-crashes fuzz/regressions` writes them.
public enum KnownCrashes {
    public static func all(driver: FuzzDriver) -> [(name: String, bytes: [UInt8], summary: String)] {
        let inputs: [(String, (SeedBuilder) -> Void)] = [
            ("known-opaque-region-wider-than-int32", opaqueRegionWiderThanInt32),
            ("known-virtual-keycode-past-xkb-offset", virtualKeycodePastXkbOffset),
            ("known-layer-surface-margins-of-minus-2-31", layerSurfaceMarginsOfMinusTwoToThe31),
        ]
        return SeedBuilder.inputs(inputs, driver: driver)
    }

    /// Two in-range rectangles whose union is wider than Int32 (the merged
    /// pixman box's width overflowed), as a window's opaque and input region.
    static func opaqueRegionWiderThanInt32(_ b: SeedBuilder) {
        let window = Seeds.mapWindow(b)
        let region = b.request(b.object("wl_compositor"), "create_region", [.newID])
        b.request(region, "add", [.int(.min), .int(0), .int(.max), .int(30)])
        b.request(region, "add", [.int(-1), .int(0), .int(.max), .int(30)])
        b.request(window.surface, "set_opaque_region", [.object(region)])
        b.request(window.surface, "set_input_region", [.object(region)])
        b.request(window.surface, "commit")
        b.frame()
        b.pump()
    }

    /// A virtual key near UInt32.max after a keymap (the evdev-to-xkb offset
    /// was added in UInt32), with a window focused to receive it.
    static func virtualKeycodePastXkbOffset(_ b: SeedBuilder) {
        b.switchToClient(1)
        _ = Seeds.pointerAndKeyboard(b)
        Seeds.mapWindow(b)
        b.switchToClient(0)
        let keyboard = b.request(b.object("zwp_virtual_keyboard_manager_v1"), "create_virtual_keyboard",
                                 [.object(b.object("wl_seat")), .newID])
        b.request(keyboard, "keymap", [.uint(1), .keymap, .fileSize])
        b.request(keyboard, "key", [.uint(0), .uint(.max - 3), .uint(1)])
        b.pump()
    }

    /// A layer surface anchored to every edge with margins of −2^31 (its
    /// size was converted from Double to UInt32 for the configure).
    static func layerSurfaceMarginsOfMinusTwoToThe31(_ b: SeedBuilder) {
        let surface = b.request(b.object("wl_compositor"), "create_surface", [.newID])
        let layer = b.request(b.object("zwlr_layer_shell_v1"), "get_layer_surface",
                              [.newID, .object(surface), .object(b.object("wl_output")), .uint(2), .string("fuzz")])
        b.request(layer, "set_anchor", [.uint(15)])
        b.request(layer, "set_margin", [.int(.min), .int(.min), .int(.min), .int(.min)])
        b.request(layer, "set_exclusive_zone", [.int(.max)])
        b.request(surface, "commit")
        b.pump()
        b.frame()
        b.pump()
    }
}
