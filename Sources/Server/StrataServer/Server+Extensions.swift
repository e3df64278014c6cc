// The protocols beside the core, as extensions (Protocols/ServerExtension):
// the one list of them, their lookup by type, and the core's events told
// to each.

extension Server {
    /// Every extension, in the order their globals are advertised and their
    /// hooks run. Adding a protocol is its folder and one line here.
    func makeExtensions() -> [any ServerExtension] {
        var made: [any ServerExtension] = []
        // Those made later may look up those made before them.
        func add(_ make: (Server) -> (any ServerExtension)?) {
            guard let made1 = make(self) else { return }
            made.append(made1)
            extensionsByType[ObjectIdentifier(type(of: made1))] = made1
        }
        add(DataDeviceManagerGlobal.init)
        add(XdgOutputManagerGlobal.init)
        add(PresentationGlobal.init)
        add(PrimarySelectionManagerGlobal.init)
        add(IdleInhibitManagerGlobal.init)
        add(XdgActivationGlobal.init)
        add(RelativePointerManagerGlobal.init)
        add(PointerConstraintsGlobal.init)
        add(LayerShellGlobal.init)
        add(TextInputRelay.init)
        add(ScreencopyManagerGlobal.init)
        add(ForeignToplevelManagerGlobal.init)
        add(SessionLockManagerGlobal.init)
        add(SecurityContextManagerGlobal.init)
        add(ViewporterGlobal.init)
        add(BlurManagerGlobal.init)
        add(FractionalScaleManagerGlobal.init)
        add(SinglePixelBufferManagerGlobal.init)
        add(DecorationManagerGlobal.init)
        add(TextInputManagerGlobal.init)
        add(TextInputManagerV1Global.init)
        add(InputMethodManagerGlobal.init)
        add(VirtualPointerManagerGlobal.init)
        add(VirtualKeyboardManagerGlobal.init)
        add(IdleNotifierGlobal.init)
        add(KeyboardShortcutsInhibitManagerGlobal.init)
        add(XdgForeignRegistry.init)
        add(DataControlManagerGlobal.init)
        add(GammaControlManagerGlobal.init)
        add(KdeServerDecorationManagerGlobal.init)
        add(PointerGesturesGlobal.init)
        add(Xwayland.init)
        add(OutputManagerGlobal.init)
        add(OutputPowerManagerGlobal.init)
        add(CursorShapeManagerGlobal.init)
        return made
    }

    /// The extension of type `E`, if the server made one.
    func `extension`<E: ServerExtension>(_ type: E.Type) -> E? {
        extensionsByType[ObjectIdentifier(type)] as? E
    }

    // MARK: The core's events

    func keyboardFocusChanged(to target: Surface?, entered: Bool) {
        let change = KeyboardFocusChange(target: target, entered: entered)
        for each in extensions { each.keyboardFocusChanged(change) }
    }

    /// Outputs came, went, moved or changed size (after `outputRemoved`, if one went).
    func layoutChanged() {
        for each in extensions { each.layoutChanged() }
    }

    func outputRemovedFromLayout(_ output: Output) {
        for each in extensions { each.outputRemoved(output) }
    }

    func outputDescriptionsChanged() {
        for each in extensions { each.outputDescriptionsChanged() }
    }

    func toplevelChanged(_ toplevel: Toplevel) {
        for each in extensions { each.toplevelChanged(toplevel) }
    }

    /// The seat handled an input event.
    func userActivity() {
        for each in extensions { each.userActivity() }
    }

    func surfaceCreated(_ surface: Surface) {
        for each in extensions { each.surfaceCreated(surface) }
    }

    func selectionChanged(_ kind: SelectionKind) {
        for each in extensions { each.selectionChanged(kind) }
    }

    /// A backend's outputs showed the latest frame (a page flip completed).
    func outputsPresented() {
        for each in extensions { each.outputsPresented() }
    }
}
