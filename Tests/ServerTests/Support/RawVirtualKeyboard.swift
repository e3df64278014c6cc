import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport

/// A zwp_virtual_keyboard_v1 of a RawClient.
final class RawVirtualKeyboard {
    let client: RawClient
    let keyboard: OpaquePointer

    /// A French (AZERTY) layout whose sections Strata keeps the name of, so
    /// a client can tell it from the seat's: "strata-virtual".
    static let azerty = """
        xkb_keymap {
            xkb_keycodes "strata-virtual" { include "evdev+aliases(azerty)" };
            xkb_types "strata-virtual" { include "complete" };
            xkb_compat "strata-virtual" { include "complete" };
            xkb_symbols "strata-virtual" { include "pc+fr+inet(evdev)" };
        };
        """

    init(_ client: RawClient, seat: OpaquePointer) throws {
        self.client = client
        let manager = try client.bind(strata_zwp_virtual_keyboard_manager_v1_interface(), version: 1)
        keyboard = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(manager, seat)!
    }

    /// Sends `text` as the keymap, in a file of its own with the NUL after it.
    func sendKeymap(_ text: String = RawVirtualKeyboard.azerty,
                    format: UInt32 = WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue) throws {
        let bytes = Array(text.utf8) + [0]
        let (fd, memory) = try RawClient.sharedMemory(size: bytes.count)
        memory.copyMemory(from: bytes, byteCount: bytes.count)
        munmap(memory, bytes.count)
        zwp_virtual_keyboard_v1_keymap(keyboard, format, fd, UInt32(bytes.count))
        client.roundtrip()
        close(fd)
    }

    func key(_ key: UInt32, pressed: Bool) {
        zwp_virtual_keyboard_v1_key(keyboard, 0, key, pressed ? 1 : 0)
        client.roundtrip()
    }

    func modifiers(depressed: UInt32, latched: UInt32 = 0, locked: UInt32 = 0, group: UInt32 = 0) {
        zwp_virtual_keyboard_v1_modifiers(keyboard, depressed, latched, locked, group)
        client.roundtrip()
    }

    func destroy() {
        zwp_virtual_keyboard_v1_destroy(keyboard)
        client.roundtrip()
    }
}
