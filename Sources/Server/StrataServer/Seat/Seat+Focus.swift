import StrataProtocol

// Which window has the keyboard, and what happens to focus and grabs when
// windows come and go. Clicking or touching a window focuses and raises
// it; the desktop keeps the focus where it was. A newly mapped window gets
// the focus; a window that goes away hands it to the topmost one left.
extension Seat {
    /// Gives `toplevel` the keyboard and raises it (showing it again if it was minimized).
    func focusWindow(_ toplevel: Toplevel) {
        guard !toplevel.isUnmanaged else { return }
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
    /// A layer surface given the keyboard by a click loses it; one that
    /// holds it exclusively keeps it, and the window waits for it to go.
    func setKeyboardFocus(_ toplevel: Toplevel?) {
        guard toplevel !== keyboardFocus || layerKeyboardFocus != nil else { return }
        // Another window takes the keyboard: the menus open end first.
        dismissPopupGrabs()
        let before = keyboardTarget
        let old = keyboardFocus
        keyboardFocus = toplevel
        layerKeyboardFocus = nil
        let after = keyboardTarget
        if after !== before, let before { sendKeyboardLeave(before) }
        if old !== toplevel { old?.setActivated(false) }
        if after !== before, let after, after.resource != nil {
            sendKeyboardEnter(after, to: keyboards(of: after.client), serial: nextSerial())
        }
        toplevel?.setActivated(windowHasKeyboard)
        server.keyboardFocusChanged(to: after, entered: after !== before)
    }

    /// The keyboard target may have changed from `before` (a layer surface
    /// came, went or changed its interactivity): leave and enter, and the
    /// focused window is activated only while it has the keys.
    func keyboardTargetChanged(from before: Surface?) {
        let after = keyboardTarget
        if after !== before {
            if let before { sendKeyboardLeave(before) }
            if let after, after.resource != nil {
                sendKeyboardEnter(after, to: keyboards(of: after.client), serial: nextSerial())
            }
        }
        server.keyboardFocusChanged(to: after, entered: after !== before)
        keyboardFocus?.setActivated(windowHasKeyboard)
    }

    /// A click or touch on a layer surface: it takes the keyboard if it
    /// wants it (on_demand, or exclusive on a layer below the windows).
    func focusLayerSurface(_ layerSurface: LayerSurface) {
        guard layerSurface.current.keyboard != .none, layerKeyboardFocus !== layerSurface else { return }
        dismissPopupGrabs()
        let before = keyboardTarget
        layerKeyboardFocus = layerSurface
        keyboardTargetChanged(from: before)
    }

    /// A layer surface was shown: on the top or overlay layer, one that asks
    /// for the keyboard exclusively holds it (open menus close first), and
    /// one that asks for it on demand is given it; the pointer may be over it.
    func layerSurfaceMapped(_ layerSurface: LayerSurface, keyboardBefore: Surface?) {
        let onDemand = layerSurface.current.layer.isAboveWindows && layerSurface.current.keyboard == .onDemand
        if onDemand { layerKeyboardFocus = layerSurface }
        if onDemand || server.layerShell?.exclusiveKeyboardSurface === layerSurface, !popupGrabs.isEmpty {
            // The grabbing popups are another surface's; they end without taking the keyboard on the way.
            let grabs = popupGrabs
            popupGrabs = []
            grabs.first?.dismiss()
        }
        keyboardTargetChanged(from: keyboardBefore)
        updatePointerFocus()
    }

    /// A layer surface left the screen: its pointer focus and touch points
    /// end, and the keyboard goes back to what is below it.
    func layerSurfaceUnmapped(_ layerSurface: LayerSurface, keyboardBefore: Surface?) {
        if layerKeyboardFocus === layerSurface { layerKeyboardFocus = nil }
        if let surface = layerSurface.surface {
            if let focus = pointerFocus, focus.mainSurface === surface {
                buttonsDown = []
                setPointerFocus(nil, local: nil)
            }
            endTouchPoints(on: surface, andSubsurfaces: true)
        }
        keyboardTargetChanged(from: keyboardBefore)
        updatePointerFocus()
    }

    /// A toplevel was mapped: it gets the keyboard; the pointer may now be over it.
    func windowMapped(_ toplevel: Toplevel) {
        if !toplevel.isUnmanaged { setKeyboardFocus(toplevel) }
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
        if windowMenu?.window === toplevel { dismissWindowMenu() }
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
            let next = server.windows.visibleToplevels.last(where: { $0 !== toplevel && !$0.isUnmanaged })
            if layerKeyboardFocus?.isMapped == true {
                // The layer surface clicked last keeps the keys; the window focus moves on below it, inactive.
                keyboardFocus?.setActivated(false)
                keyboardFocus = next
            } else {
                if keyboardFocus === toplevel { setKeyboardFocus(nil) }
                if let next { setKeyboardFocus(next) }
            }
        }
        updatePointerFocus()
    }
}
