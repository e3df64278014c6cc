import CStrataServerProtocol
import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif

/// A zwp_virtual_keyboard_v1: keys and modifiers a client types, read
/// with the keymap it sent. They go to the seat's focused client as
/// wl_keyboard events, after that client's keyboards are sent this keymap
/// whenever the keys were last read with another (`Seat+VirtualKeyboard`).
///
/// They never go to an input method's keyboard grab, nor trigger the
/// compositor's shortcuts: an input method that hands back keys through a
/// virtual keyboard would otherwise get them again, in a loop. (sway
/// spares only the input method's own virtual keyboards the grab; Strata
/// spares them all.)
final class VirtualKeyboard {
    unowned let seat: Seat
    private(set) var resource: WaylandResource?
    let client: OpaquePointer
    /// The keymap its keys are read with; nil until one is sent.
    private(set) var keymap: Keymap?
    /// Keys it holds down (evdev codes), in the order pressed: released when it goes.
    private(set) var keysDown: [UInt32] = []

    init?(seat: Seat, parent: WaylandResource, id: UInt32) {
        self.seat = seat
        client = wl_resource_get_client(parent)
        guard let resource = makeResource(child: parent, interface: strata_zwp_virtual_keyboard_v1_interface(), id: id,
                                          implementation: VirtualKeyboard.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
    }

    static func from(_ resource: WaylandResource?) -> VirtualKeyboard? {
        resourceObject(resource, as: VirtualKeyboard.self, interface: strata_zwp_virtual_keyboard_v1_interface())
    }

    /// keymap: only xkb_v1; one that cannot be read or does not compile is
    /// ignored (and logged), keeping the one before, as the protocol has no
    /// error for it.
    private func setKeymap(format: UInt32, fd: Int32, size: UInt32) {
        defer { close(fd) }
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue else {
            ServerLog.logger.warning("a virtual keyboard's keymap of format \(format) was ignored: only xkb_v1 is read")
            return
        }
        guard let new = Keymap(clientFD: fd, size: size) else {
            ServerLog.logger.warning("a virtual keyboard's keymap that cannot be read or compiled was ignored")
            return
        }
        keymap = new
    }

    /// Posts no_keymap unless a keymap was set; true when one was.
    private func requireKeymap(_ request: String) -> Bool {
        guard keymap == nil else { return true }
        if let resource {
            strata_resource_post_error(resource, ZWP_VIRTUAL_KEYBOARD_V1_ERROR_NO_KEYMAP.rawValue,
                                       "\(request) before a keymap was set")
        }
        return false
    }

    private func key(_ key: UInt32, state: UInt32, time: UInt32) throws(ProtocolViolation) {
        guard requireKeymap("key"), let keymap, let resource else { return }
        // A key whose xkb code (+ 8) overflows is no key of any keymap, and
        // clients that add the 8 themselves would trap on it: refused.
        _ = try ClientValue.checkedSum(key, Keymap.xkbOffset, "keycode", on: resource, request: "key")
        let pressed: Bool
        switch state {
        case WL_KEYBOARD_KEY_STATE_PRESSED.rawValue: pressed = true
        case WL_KEYBOARD_KEY_STATE_RELEASED.rawValue: pressed = false
        default: return
        }
        // A key is down once, as on the seat's own keyboard: a second press and a stray release are dropped.
        if pressed {
            guard !keysDown.contains(key) else { return }
            keysDown.append(key)
        } else {
            guard let index = keysDown.firstIndex(of: key) else { return }
            keysDown.remove(at: index)
        }
        seat.virtualKey(key, pressed: pressed, time: time, keymap: keymap)
        // A modifier key typed without a `modifiers` request still shifts what follows, as on a real keyboard.
        if keymap.update(key: key, pressed: pressed) { seat.virtualModifiersChanged(keymap: keymap) }
    }

    private func modifiers(_ modifiers: Keymap.Modifiers) {
        guard requireKeymap("modifiers"), let keymap else { return }
        if keymap.set(modifiers) { seat.virtualModifiersChanged(keymap: keymap) }
    }

    /// The keys it held are released, so none stays down in the focused client.
    private func destroyed() {
        resource = nil
        if let keymap {
            for key in keysDown {
                seat.virtualKey(key, pressed: false, time: Seat.now(), keymap: keymap)
                if keymap.update(key: key, pressed: false) { seat.virtualModifiersChanged(keymap: keymap) }
            }
        }
        keysDown = []
        seat.virtualKeyboardDestroyed(self)
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_virtual_keyboard_v1_interface()
        i.keymap = { _, resource, format, fd, size in
            guard let keyboard = VirtualKeyboard.from(resource) else { close(fd); return }
            keyboard.setKeymap(format: format, fd: fd, size: size)
        }
        i.key = { _, resource, time, key, state in
            reportingViolations { () throws(ProtocolViolation) in
                try VirtualKeyboard.from(resource)?.key(key, state: state, time: time)
            }
        }
        i.modifiers = { _, resource, depressed, latched, locked, group in
            VirtualKeyboard.from(resource)?.modifiers(
                Keymap.Modifiers(depressed: depressed, latched: latched, locked: locked, group: group))
        }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
