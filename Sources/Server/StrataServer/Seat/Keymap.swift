import CStrataServerProtocol
import CXkbCommon
#if canImport(Glibc)
import Glibc
#endif

/// The seat's xkbcommon keymap and the modifier state it tracks.
///
/// The keymap comes from RMLVO names: with NULL names and environment
/// names enabled, xkbcommon reads XKB_DEFAULT_RULES / MODEL / LAYOUT /
/// VARIANT / OPTIONS and falls back to its built-in default (evdev, pc105, us).
/// Its text is kept in one sealed memfd that every wl_keyboard is given.
final class Keymap {
    private let context: OpaquePointer
    let keymap: OpaquePointer
    private let state: OpaquePointer
    /// The keymap text, NUL-terminated, sealed read-only.
    let fd: Int32
    let size: UInt32

    /// The modifiers as wl_keyboard.modifiers sends them.
    struct Modifiers: Equatable {
        var depressed: UInt32 = 0, latched: UInt32 = 0, locked: UInt32 = 0, group: UInt32 = 0
    }

    /// From XKB_DEFAULT_* (the US layout if they name nothing xkbcommon knows).
    convenience init?() {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        guard let keymap = xkb_keymap_new_from_names(context, nil, XKB_KEYMAP_COMPILE_NO_FLAGS)
            ?? Keymap.fallbackUS(context) else {
            xkb_context_unref(context)
            return nil
        }
        self.init(context: context, keymap: keymap)
    }

    /// From a keymap's text, as another compositor sends it (the nested
    /// backend takes its parent's layout); nil when it does not compile.
    convenience init?(text: String) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        guard let keymap = xkb_keymap_new_from_string(context, text, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS) else {
            xkb_context_unref(context)
            return nil
        }
        self.init(context: context, keymap: keymap)
    }

    /// Takes both references; releases them when it fails.
    private init?(context: OpaquePointer, keymap: OpaquePointer) {
        guard let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else {
            xkb_keymap_unref(keymap); xkb_context_unref(context)
            return nil
        }
        let length = strlen(text) + 1
        fd = strata_sealed_memfd("strata-keymap", text, length)
        free(text)
        guard fd >= 0, let state = xkb_state_new(keymap) else {
            if fd >= 0 { close(fd) }
            xkb_keymap_unref(keymap); xkb_context_unref(context)
            return nil
        }
        (self.context, self.keymap, self.state, size) = (context, keymap, state, UInt32(length))
    }

    /// Bad XKB_DEFAULT_* values must not leave the seat without a keyboard.
    private static func fallbackUS(_ context: OpaquePointer) -> OpaquePointer? {
        var names = xkb_rule_names()
        return "evdev".withCString { rules in
            "us".withCString { layout in
                names.rules = rules
                names.layout = layout
                return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
            }
        }
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
        close(fd)
    }

    /// Feeds a key (evdev code) to the state; true when the modifiers changed.
    func update(key: UInt32, pressed: Bool) -> Bool {
        guard let code = Self.xkbKeycode(key) else { return false }
        let before = modifiers
        xkb_state_update_key(state, code, pressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        return modifiers != before
    }

    /// What xkb keycodes add to evdev codes (the X11 offset).
    static let xkbOffset: UInt32 = 8

    /// The xkb keycode of evdev code `key`; nil when the sum overflows,
    /// which is no key of any keymap (a virtual keyboard's client is
    /// refused such a key before it gets here).
    static func xkbKeycode(_ key: UInt32) -> UInt32? { ClientValue.exactSum(key, xkbOffset) }

    /// Sets the modifiers as a virtual keyboard states them; true when the
    /// state, read back through xkbcommon (which drops bits the keymap
    /// lacks), changed.
    func set(_ wanted: Modifiers) -> Bool {
        let before = modifiers
        xkb_state_update_mask(state, wanted.depressed, wanted.latched, wanted.locked, 0, 0, wanted.group)
        return modifiers != before
    }

    /// Whether a modifier (XKB_MOD_NAME_ALT, _LOGO, _CTRL, _SHIFT) is in effect now.
    func isActive(_ name: String) -> Bool {
        xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) > 0
    }

    /// The keysym `key` (evdev) gives with the modifiers in effect now.
    func keysym(of key: UInt32) -> UInt32 {
        guard let code = Self.xkbKeycode(key) else { return 0 }  // XKB_KEY_NoSymbol
        return xkb_state_key_get_one_sym(state, code)
    }

    var modifiers: Modifiers {
        Modifiers(depressed: xkb_state_serialize_mods(state, XKB_STATE_MODS_DEPRESSED),
                  latched: xkb_state_serialize_mods(state, XKB_STATE_MODS_LATCHED),
                  locked: xkb_state_serialize_mods(state, XKB_STATE_MODS_LOCKED),
                  group: xkb_state_serialize_layout(state, XKB_STATE_LAYOUT_EFFECTIVE))
    }

    // MARK: From keysyms to keys, for `strata input key` and `type`

    /// How to produce a keysym: the evdev key, and whether Shift must be held.
    struct Stroke: Equatable {
        var key: UInt32
        var shift: Bool
    }

    /// The key that produces `keysym` in the first layout, without
    /// modifiers or with Shift alone (the lowest keycode wins).
    func stroke(for keysym: UInt32) -> Stroke? {
        guard keysym != 0 else { return nil }
        let shiftIndex = xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_SHIFT)
        let shiftMask: xkb_mod_mask_t = shiftIndex == XKB_MOD_INVALID ? 0 : 1 << shiftIndex
        var best: Stroke?
        let minimum = xkb_keymap_min_keycode(keymap), maximum = xkb_keymap_max_keycode(keymap)
        guard minimum >= 8 else { return nil }
        for code in minimum...maximum {
            let levels = xkb_keymap_num_levels_for_key(keymap, code, 0)
            for level in 0..<levels {
                var syms: UnsafePointer<xkb_keysym_t>?
                let count = xkb_keymap_key_get_syms_by_level(keymap, code, 0, level, &syms)
                guard count == 1, syms?.pointee == keysym else { continue }
                var masks = [xkb_mod_mask_t](repeating: 0, count: 8)
                let maskCount = xkb_keymap_key_get_mods_for_level(keymap, code, 0, level, &masks, masks.count)
                let usable = masks.prefix(maskCount)
                if usable.contains(0) { return Stroke(key: code - 8, shift: false) }
                if shiftMask != 0, usable.contains(shiftMask), best == nil { best = Stroke(key: code - 8, shift: true) }
            }
        }
        return best
    }

    /// A keysym by its xkb name (`a`, `Return`, `BackSpace`), or nil.
    static func keysym(named name: String) -> UInt32? {
        let sym = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
        return sym == 0 ? nil : sym
    }

    /// The keysym that types a Unicode scalar; newline and tab are Return and Tab.
    static func keysym(for scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "\n", "\r": return 0xff0d  // XKB_KEY_Return
        case "\t": return 0xff09        // XKB_KEY_Tab
        default:
            let sym = xkb_utf32_to_keysym(scalar.value)
            return sym == 0 ? nil : sym
        }
    }

    /// The evdev code of Shift_L, held around shifted strokes.
    var shiftKey: UInt32 { stroke(for: 0xffe1 /* XKB_KEY_Shift_L */)?.key ?? 42 }
}
