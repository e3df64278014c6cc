import CStrataServerProtocol
import CWaylandServer

// The keyboard: keys go to the focused window's client only, with the
// modifiers xkbcommon derives from them whenever they change; while an
// input method grabs the keyboard, to its grab instead (the compositor's
// shortcuts first either way).
extension Seat {
    /// Who a key of the seat's keyboard goes to.
    fileprivate enum KeyReceiver {
        /// A shortcut's key: nobody.
        case compositor
        case focusedClient
        /// An input method's keyboard grab (gone by the release, perhaps).
        case grab(InputMethodKeyboardGrab?)
    }

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
        let grab = activeKeyboardGrab
        let receiver: KeyReceiver
        if kept {
            receiver = .compositor
        } else if pressed {
            receiver = grab.map { .grab($0) } ?? .focusedClient
            if let grab { keysSentToGrab[key] = Weak(grab) }
        } else if let pressedInto = keysSentToGrab.removeValue(forKey: key) {
            // Released where it was pressed; a key pressed before the grab goes on to the client.
            receiver = .grab(pressedInto.object.flatMap { $0 === grab ? $0 : nil })
        } else {
            receiver = .focusedClient
        }
        switch receiver {
        case .compositor: break
        case .grab(let pressedInto): pressedInto?.sendKey(key, pressed: pressed, time: time)
        case .focusedClient: sendKeyToFocusedClient(key, pressed: pressed, time: time)
        }
        guard modifiersChanged else { return }
        // The grab hears every change of the modifiers; the client those of its own keys, and all of them without a grab.
        grab?.sendModifiers(keymap.modifiers)
        if grab == nil || receiver.isFocusedClient { sendModifiersToFocusedClient() }
    }

    /// wl_keyboard.key to the focused client, read with `keymap` (the
    /// seat's, or a virtual keyboard's): its keyboards are sent that keymap
    /// first when the keys before came with another.
    func sendKeyToFocusedClient(_ key: UInt32, pressed: Bool, time: UInt32, keymap: Keymap? = nil) {
        guard let surface = keyboardTarget, surface.resource != nil else { return }
        useKeymapForClients(keymap ?? self.keymap)
        let serial = nextSerial()
        if pressed { rememberGrabSerial(serial, client: surface.client) }
        let state = pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED
        for keyboard in keyboards(of: surface.client) {
            if let resource = keyboard.resource { wl_keyboard_send_key(resource, serial, time, key, state.rawValue) }
        }
    }

    /// The seat's modifiers to the focused client, with the seat's keymap.
    func sendModifiersToFocusedClient() {
        guard let surface = keyboardTarget, surface.resource != nil else { return }
        // Switching keymaps sends the modifiers already.
        if useKeymapForClients(keymap) { return }
        sendModifiers(to: keyboards(of: surface.client), serial: nextSerial())
    }

    /// wl_keyboard.enter with the keys already down, then the modifiers.
    func sendKeyboardEnter(_ surface: Surface, to keyboards: [KeyboardResource], serial: UInt32) {
        guard let surfaceResource = surface.resource else { return }
        var keys = wl_array()
        wl_array_init(&keys)
        for key in keysDownForClients {
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

    /// The keys a client is told are down on enter: the seat's, or the
    /// virtual keyboard's whose keymap the clients have now.
    private var keysDownForClients: [UInt32] {
        if sentKeymap !== keymap {
            return virtualKeyboards.first { $0.keymap === sentKeymap }?.keysDown ?? []
        }
        // A shortcut's key is the compositor's, and a grabbed one the input
        // method's: their release will not be sent, so neither are they here.
        return keysDown.filter { !consumedKeys.contains($0) && keysSentToGrab[$0] == nil }
    }

    /// Reads keys with the keymap `text` from now on (the nested backend's
    /// parent layout): every wl_keyboard and an input method's keyboard
    /// grab get it, and the focused client the new (cleared) modifiers.
    /// Text that does not compile changes nothing.
    func useKeymap(text: String) {
        guard let new = Keymap(text: text) else {
            ServerLog.logger.warning("a keymap that does not compile was ignored")
            return
        }
        keymap = new
        useKeymapForClients(new)
        activeKeyboardGrab?.sendKeymap(new)
    }

    /// Sends `keymap` to every wl_keyboard, unless it is the one they have,
    /// then its modifiers to the focused client: keys from another source
    /// (the seat's keyboard, a virtual keyboard) come next, as wlroots
    /// switches a seat's keyboard. True when it was sent.
    @discardableResult
    func useKeymapForClients(_ keymap: Keymap) -> Bool {
        guard sentKeymap !== keymap else { return false }
        sentKeymap = keymap
        for keyboard in keyboards {
            if let resource = keyboard.resource {
                wl_keyboard_send_keymap(resource, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, keymap.fd, keymap.size)
            }
        }
        if let surface = keyboardTarget, surface.resource != nil {
            sendModifiers(to: keyboards(of: surface.client), serial: nextSerial())
        }
        return true
    }

    /// The modifiers of the keymap the clients have now.
    func sendModifiers(to keyboards: [KeyboardResource], serial: UInt32) {
        let m = sentKeymap.modifiers
        for keyboard in keyboards {
            if let resource = keyboard.resource {
                wl_keyboard_send_modifiers(resource, serial, m.depressed, m.latched, m.locked, m.group)
            }
        }
    }
}

private extension Seat.KeyReceiver {
    var isFocusedClient: Bool { if case .focusedClient = self { true } else { false } }
}
