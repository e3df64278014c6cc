/// A protocol's part of the compositor: one type per folder of Protocols/,
/// made with the server (`Server.makeExtensions`, the one list of them),
/// and told of what happens in the core through the hooks below, so the
/// core never names the protocols that care. Every hook does nothing
/// unless the extension says otherwise; extensions hear each event in the
/// list's order.
///
/// Core code that needs one protocol's answer (the seat asking the pointer
/// constraints where a motion leaves the pointer) looks it up by type,
/// `server.extension(PointerConstraintsGlobal.self)`; the protocol's
/// folder names that lookup for its callers (`Server.pointerConstraints`).
protocol ServerExtension: AnyObject {
    /// The keyboard's target changed, or may have (focus moved to another
    /// window, a layer surface or a popup took or gave back the keys).
    func keyboardFocusChanged(_ change: KeyboardFocusChange)
    /// An output left the layout; the layout is already without it. Its
    /// wl_output global is still there, so leave events can still name it.
    func outputRemoved(_ output: Output)
    /// Outputs came, went, moved or changed size: layer surfaces arrange
    /// again, a lock screen covers the new layout.
    func layoutChanged()
    /// An output was turned off or on (`Output.isPoweredOn`), keeping its place.
    func outputPowerChanged(_ output: Output)
    /// Part of describing the outputs to clients, between the wl_output
    /// events that changed and each output's `done` (xdg_output).
    func outputDescriptionsChanged()
    /// Something protocols mirror of a window changed (title, app id,
    /// parent, states, outputs), or it mapped, unmapped or went (its
    /// `resource` is nil then).
    func toplevelChanged(_ toplevel: Toplevel)
    /// The seat handled an input event (a person is there).
    func userActivity()
    /// A client made a wl_surface (it has no role yet).
    func surfaceCreated(_ surface: Surface)
    /// The clipboard or the primary selection changed (set, replaced, or its source gone).
    func selectionChanged(_ kind: SelectionKind)
    /// Before each frame is composited: layers that follow others move.
    func willRenderFrame()
    /// Every output showed the frame just rendered (a DRM page flip
    /// completed; at once for the other backends).
    func outputsPresented()
    /// At shutdown, before clients are disconnected: close what reaches
    /// outside the display (listening sockets).
    func stop()
    /// Its members of the top level of `strata tree`.
    func treeMembers() -> [(String, JSONValue)]
    /// Its members of a surface's entry in `strata tree`.
    func treeMembers(of surface: Surface) -> [(String, JSONValue)]
    /// Counts of what it holds for clients, which must fall back when they
    /// are gone (`Server.harnessCensus`).
    func census() -> [String: Int]
}

extension ServerExtension {
    func keyboardFocusChanged(_ change: KeyboardFocusChange) {}
    func outputRemoved(_ output: Output) {}
    func layoutChanged() {}
    func outputPowerChanged(_ output: Output) {}
    func outputDescriptionsChanged() {}
    func toplevelChanged(_ toplevel: Toplevel) {}
    func userActivity() {}
    func surfaceCreated(_ surface: Surface) {}
    func selectionChanged(_ kind: SelectionKind) {}
    func willRenderFrame() {}
    func outputsPresented() {}
    func stop() {}
    func treeMembers() -> [(String, JSONValue)] { [] }
    func treeMembers(of surface: Surface) -> [(String, JSONValue)] { [] }
    func census() -> [String: Int] { [:] }
}

/// What the keyboard focus did.
struct KeyboardFocusChange {
    /// The surface the keys go to now.
    let target: Surface?
    /// A different surface than before was sent wl_keyboard.enter (so its
    /// client learns the selections again).
    let entered: Bool
}
