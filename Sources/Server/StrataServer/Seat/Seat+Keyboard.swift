import CStrataServerProtocol
import CWaylandServer

// The keyboard: keys go to the focused window's client only, with the
// modifiers xkbcommon derives from them whenever they change.
extension Seat {
    func key(_ key: UInt32, pressed: Bool, time: UInt32) {
        // A key is down once: repeats from a backend and stray releases are dropped.
        if pressed {
            guard !keysDown.contains(key) else { return }
            keysDown.append(key)
        } else {
            guard let index = keysDown.firstIndex(of: key) else { return }
            keysDown.remove(at: index)
        }
        // Shortcuts are read with the modifiers held before this key.
        let kept = handleBinding(key: key, pressed: pressed)
        // The state follows every key, focused or not, so modifiers are right when focus comes.
        let modifiersChanged = keymap.update(key: key, pressed: pressed)
        if modifiersChanged {
            modifiersChangedForBindings()
            dragModifiersChanged()
        }
        guard let surface = keyboardTarget, surface.resource != nil else { return }
        if kept {
            // The client hears nothing of a shortcut's key (the modifiers it changed excepted).
            if modifiersChanged { sendModifiers(to: keyboards(of: surface.client), serial: nextSerial()) }
            return
        }
        let focused = keyboards(of: surface.client)
        let serial = nextSerial()
        if pressed { rememberGrabSerial(serial, client: surface.client) }
        for keyboard in focused {
            guard let resource = keyboard.resource else { continue }
            let state = pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED
            wl_keyboard_send_key(resource, serial, time, key, state.rawValue)
        }
        if modifiersChanged { sendModifiers(to: focused, serial: nextSerial()) }
    }

    /// wl_keyboard.enter with the keys already down, then the modifiers.
    func sendKeyboardEnter(_ surface: Surface, to keyboards: [KeyboardResource], serial: UInt32) {
        guard let surfaceResource = surface.resource else { return }
        var keys = wl_array()
        wl_array_init(&keys)
        // A shortcut's key is the compositor's: its release will not be sent, so neither is it here.
        for key in keysDown where !consumedKeys.contains(key) {
            wl_array_add(&keys, MemoryLayout<UInt32>.size)?.storeBytes(of: key, as: UInt32.self)
        }
        for keyboard in keyboards {
            if let resource = keyboard.resource { wl_keyboard_send_enter(resource, serial, surfaceResource, &keys) }
        }
        wl_array_release(&keys)
        sendModifiers(to: keyboards, serial: nextSerial())
    }

    func sendKeyboardLeave(_ surface: Surface) {
        guard let surfaceResource = surface.resource else { return }
        let serial = nextSerial()
        for keyboard in keyboards(of: surface.client) {
            if let resource = keyboard.resource { wl_keyboard_send_leave(resource, serial, surfaceResource) }
        }
    }

    /// Reads keys with the keymap `text` from now on (the nested backend's
    /// parent layout): every wl_keyboard gets it, and the focused client the
    /// new (cleared) modifiers. Text that does not compile changes nothing.
    func useKeymap(text: String) {
        guard let new = Keymap(text: text) else {
            ServerLog.logger.warning("a keymap that does not compile was ignored")
            return
        }
        keymap = new
        for keyboard in keyboards {
            if let resource = keyboard.resource {
                wl_keyboard_send_keymap(resource, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, new.fd, new.size)
            }
        }
        if let surface = keyboardTarget, surface.resource != nil {
            sendModifiers(to: keyboards(of: surface.client), serial: nextSerial())
        }
    }

    private func sendModifiers(to keyboards: [KeyboardResource], serial: UInt32) {
        let m = keymap.modifiers
        for keyboard in keyboards {
            if let resource = keyboard.resource {
                wl_keyboard_send_modifiers(resource, serial, m.depressed, m.latched, m.locked, m.group)
            }
        }
    }
}
