import CStrataServerProtocol
import CWaylandServer

// Keys from virtual keyboards (zwp_virtual_keyboard_v1): to the focused
// client, read with the virtual keyboard's keymap, which the clients are
// sent first whenever the keys came last from elsewhere. Neither the
// compositor's shortcuts nor an input method's keyboard grab see them
// (Protocols/VirtualKeyboard/VirtualKeyboard.swift says why).
extension Seat {
    func virtualKey(_ key: UInt32, pressed: Bool, time: UInt32, keymap: Keymap) {
        server.userActivity()
        sendKeyToFocusedClient(key, pressed: pressed, time: time, keymap: keymap)
    }

    /// A virtual keyboard's modifiers changed: the focused client hears them, with its keymap.
    func virtualModifiersChanged(keymap: Keymap) {
        guard let surface = keyboardTarget, surface.resource != nil else { return }
        // Switching keymaps sends the modifiers already.
        if useKeymapForClients(keymap) { return }
        sendModifiers(to: keyboards(of: surface.client), serial: nextSerial())
    }

    /// A virtual keyboard went (its keys released already): if the clients
    /// read keys with a keymap no virtual keyboard has now, they get the
    /// seat's back.
    func virtualKeyboardDestroyed(_ keyboard: VirtualKeyboard) {
        virtualKeyboards.removeAll { $0 === keyboard }
        if sentKeymap !== self.keymap, !virtualKeyboards.contains(where: { $0.keymap === sentKeymap }) {
            useKeymapForClients(self.keymap)
        }
    }
}
