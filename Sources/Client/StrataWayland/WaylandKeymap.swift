import CXkbCommon
#if canImport(Glibc)
import Glibc
#endif

/// A key as the compositor's keymap resolves it.
public struct Key: Equatable, Sendable {
    /// The evdev key code (wl_keyboard.key's `key`).
    public var code: UInt32
    /// The keysym with the modifiers that were held.
    public var keysym: UInt32
    /// The text the key produces with the modifiers that were held.
    public var text: String
    /// The text the key produces with no modifier held (on the same layout).
    public var unmodifiedText: String
    public var modifiers: Modifiers
    /// Whether the keymap says the key repeats while held.
    public var repeats: Bool
}

/// The modifiers in effect, by their xkb names.
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let shift = Modifiers(rawValue: 1 << 0)
    public static let capsLock = Modifiers(rawValue: 1 << 1)
    public static let control = Modifiers(rawValue: 1 << 2)
    public static let alt = Modifiers(rawValue: 1 << 3)
    public static let logo = Modifiers(rawValue: 1 << 4)
    public static let numLock = Modifiers(rawValue: 1 << 5)

    static let xkbNames: [(Modifiers, String)] = [
        (.shift, XKB_MOD_NAME_SHIFT), (.capsLock, XKB_MOD_NAME_CAPS), (.control, XKB_MOD_NAME_CTRL),
        (.alt, XKB_MOD_NAME_ALT), (.logo, XKB_MOD_NAME_LOGO), (.numLock, XKB_MOD_NAME_NUM),
    ]
}

/// The keymap the compositor sent (wl_keyboard.keymap) and the state its
/// modifier events keep, turning key codes into keysyms and text.
final class WaylandKeymap {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer
    /// A state with no modifier held, for `unmodifiedText`.
    private let plainState: OpaquePointer

    /// Compiles the xkb_v1 text keymap in `fd` (mapped privately, as
    /// wl_keyboard v7 requires). Takes ownership of `fd`.
    init?(fd: Int32, size: UInt32) {
        defer { close(fd) }
        guard size > 0, let map = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else { return nil }
        defer { munmap(map, Int(size)) }
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        // The keymap string ends with a NUL inside `size`.
        guard let keymap = xkb_keymap_new_from_string(context, map.assumingMemoryBound(to: CChar.self),
                                                       XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS),
              let state = xkb_state_new(keymap), let plainState = xkb_state_new(keymap) else {
            xkb_context_unref(context)
            return nil
        }
        (self.context, self.keymap, self.state, self.plainState) = (context, keymap, state, plainState)
    }

    /// The keymap as xkb_v1 text, as wl_keyboard.keymap carries it.
    var text: String? {
        guard let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else { return nil }
        defer { free(text) }
        return String(cString: text)
    }

    deinit {
        xkb_state_unref(plainState)
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// wl_keyboard.modifiers.
    func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
        xkb_state_update_mask(plainState, 0, 0, 0, 0, 0, group)
    }

    var modifiers: Modifiers {
        var held: Modifiers = []
        for (modifier, name) in Modifiers.xkbNames
        where xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) > 0 {
            held.insert(modifier)
        }
        return held
    }

    /// The key with evdev code `code`, as the current state resolves it.
    func key(code: UInt32) -> Key {
        // xkb key codes are evdev codes + 8, as X11's were. A code with no
        // room for the 8 (a compositor may pass on anything) is no key at all.
        let (sum, overflow) = code.addingReportingOverflow(8)
        let xkbCode = overflow ? UInt32.max : sum
        return Key(code: code, keysym: xkb_state_key_get_one_sym(state, xkbCode),
                   text: WaylandKeymap.text(state, xkbCode), unmodifiedText: WaylandKeymap.text(plainState, xkbCode),
                   modifiers: modifiers, repeats: xkb_keymap_key_repeats(keymap, xkbCode) != 0)
    }

    private static func text(_ state: OpaquePointer, _ code: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = xkb_state_key_get_utf8(state, code, &buffer, buffer.count)
        guard count > 0 else { return "" }
        return String(cString: buffer)
    }
}
