import StrataProtocol

// Which window has the keyboard, and what happens to focus and grabs when
// windows come and go. Clicking or touching a window focuses and raises
// it; the desktop keeps the focus where it was. A newly mapped window gets
// the focus; a window that goes away hands it to the topmost one left.
extension Seat {
    /// Gives `toplevel` the keyboard and raises it (showing it again if it was minimized).
    func focusWindow(_ toplevel: Toplevel) {
        toplevel.unminimize()
        if server.windows.toplevels.last !== toplevel {
            server.windows.raise(toplevel)
            server.scheduleFrame()
            // A touch raised it: the pointer may now be over it instead.
            updatePointerFocus()
        }
        setKeyboardFocus(toplevel)
    }

    /// Moves the keyboard focus: leave and deactivate the old window,
    /// enter and activate the new one (xdg_toplevel's activated state).
    func setKeyboardFocus(_ toplevel: Toplevel?) {
        guard toplevel !== keyboardFocus else { return }
        // Another window takes the keyboard: the menus open end first.
        dismissPopupGrabs()
        if let old = keyboardFocus {
            if let surface = old.surface { sendKeyboardLeave(surface) }
            old.setActivated(false)
        }
        keyboardFocus = toplevel
        // A pointer constraint holds only while its window has the keyboard.
        defer { server.pointerConstraints?.update() }
        if let toplevel, let surface = toplevel.surface, surface.resource != nil {
            sendKeyboardEnter(surface, to: keyboards(of: surface.client), serial: nextSerial())
            toplevel.setActivated(true)
            server.dataDeviceManager?.slot.offerSelectionToFocusedClient()
            server.primarySelectionManager?.slot.offerSelectionToFocusedClient()
        }
    }

    /// A toplevel was mapped: it gets the keyboard; the pointer may now be over it.
    func windowMapped(_ toplevel: Toplevel) {
        setKeyboardFocus(toplevel)
        updatePointerFocus()
    }

    /// A toplevel was unmapped or destroyed: its focus, grab and touch
    /// points end, and the keyboard goes to the topmost window left.
    func windowUnmapped(_ toplevel: Toplevel) {
        windowHidden(toplevel)
        switcher?.windows.removeAll { $0.object == nil || $0.object === toplevel }
    }

    /// A toplevel left the screen (unmapped, destroyed or minimized).
    func windowHidden(_ toplevel: Toplevel) {
        if windowGrab?.window === toplevel { endWindowGrab() }
        if titleBarPress?.window === toplevel { titleBarPress = nil }
        let surface = toplevel.surface
        if let surface {
            if let focus = pointerFocus, focus.mainSurface === surface {
                // The grab ends with its surface; buttons still down are forgotten, so their release goes nowhere.
                buttonsDown = []
                setPointerFocus(nil, local: nil)
            }
            endTouchPoints(on: surface, andSubsurfaces: true)
        }
        if keyboardFocus === toplevel || keyboardFocus == nil {
            if keyboardFocus === toplevel { setKeyboardFocus(nil) }
            if let next = server.windows.visibleToplevels.last(where: { $0 !== toplevel }) { setKeyboardFocus(next) }
        }
        updatePointerFocus()
    }
}
