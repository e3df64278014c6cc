import CStrataServerProtocol
import CWaylandServer

/// zwp_keyboard_shortcuts_inhibit_manager_v1, version 1: a virtual machine
/// viewer or a remote desktop gets every key while its surface has the
/// keyboard, Alt+Tab and Alt+F4 included, instead of Strata acting on them.
/// Super+Escape is the way out (as in GNOME): the compositor takes its
/// shortcuts back until the surface has the keyboard again. The window
/// menu, once open, and a locked session keep the keys as before.
final class KeyboardShortcutsInhibitManagerGlobal {
    static let version: Int32 = 1
    unowned let server: Server
    private var global: Global?
    /// Every live inhibitor, each removed when its client destroys it.
    private var inhibitors: [KeyboardShortcutsInhibitor] = []

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_zwp_keyboard_shortcuts_inhibit_manager_v1_interface(),
                        version: KeyboardShortcutsInhibitManagerGlobal.version, object: self,
                        implementation: KeyboardShortcutsInhibitManagerGlobal.implementation)
        if global == nil { return nil }
    }

    /// The inhibitor that holds the shortcuts now: that of the surface with the keys, unless Super+Escape let it go.
    var activeInhibitor: KeyboardShortcutsInhibitor? {
        guard let target = server.seat.keyboardTarget else { return nil }
        return inhibitors.first { $0.isActive && $0.surface === target }
    }

    func remove(_ inhibitor: KeyboardShortcutsInhibitor) { inhibitors.removeAll { $0 === inhibitor } }

    /// The inhibitor of the surface with the keys is active, the others not.
    func update() {
        let target = server.seat.keyboardTarget
        for inhibitor in inhibitors { inhibitor.setActive(inhibitor.surface === target && target != nil) }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_keyboard_shortcuts_inhibit_manager_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.inhibit_shortcuts = { _, resource, id, surfaceResource, _ in
            // One seat: the seat argument needs no lookup.
            guard let resource, let manager = resourceObject(resource, as: KeyboardShortcutsInhibitManagerGlobal.self),
                  let surface = Surface.from(surfaceResource) else { return }
            if manager.inhibitors.contains(where: { $0.surface === surface }) {
                strata_resource_post_error(resource, ZWP_KEYBOARD_SHORTCUTS_INHIBIT_MANAGER_V1_ERROR_ALREADY_INHIBITED.rawValue,
                                           "wl_surface@\(surface.id) has a keyboard shortcuts inhibitor on this seat already")
                return
            }
            guard let inhibitor = KeyboardShortcutsInhibitor(manager: manager, surface: surface, parent: resource, id: id) else { return }
            manager.inhibitors.append(inhibitor)
            manager.update()
        }
        return staticImplementation(i)
    }()
}

extension KeyboardShortcutsInhibitManagerGlobal: ServerExtension {
    /// An inhibitor holds only while its surface has the keys; a new focus also ends a Super+Escape.
    func keyboardFocusChanged(_ change: KeyboardFocusChange) {
        if change.entered { for inhibitor in inhibitors { inhibitor.isReleasedByUser = false } }
        update()
    }

    func treeMembers(of surface: Surface) -> [(String, JSONValue)] {
        guard let inhibitor = inhibitors.first(where: { $0.surface === surface }) else { return [] }
        return [("keyboard_shortcuts_inhibitor", .string(inhibitor.isActive ? "active" : "inactive"))]
    }

    func census() -> [String: Int] { ["keyboardShortcutsInhibitors": inhibitors.count] }
}

extension Server {
    /// The surface with the keys inhibits the compositor's keyboard shortcuts.
    var keyboardShortcutsInhibitor: KeyboardShortcutsInhibitor? {
        `extension`(KeyboardShortcutsInhibitManagerGlobal.self)?.activeInhibitor
    }
}
