import CStrataServerProtocol
import CWaylandServer

/// A zwp_keyboard_shortcuts_inhibitor_v1: `active` while its surface has
/// the keys (and the shortcuts are the client's), `inactive` when it loses
/// them or Super+Escape takes the shortcuts back. Inert once its surface
/// is gone; it lives until its client destroys it.
final class KeyboardShortcutsInhibitor {
    unowned let manager: KeyboardShortcutsInhibitManagerGlobal
    private(set) weak var surface: Surface?
    private var resource: WaylandResource?
    private(set) var isActive = false
    /// Super+Escape: inactive until the surface has the keyboard again.
    var isReleasedByUser = false

    init?(manager: KeyboardShortcutsInhibitManagerGlobal, surface: Surface, parent: WaylandResource, id: UInt32) {
        self.manager = manager
        self.surface = surface
        guard let resource = makeResource(child: parent, interface: strata_zwp_keyboard_shortcuts_inhibitor_v1_interface(), id: id,
                                          implementation: KeyboardShortcutsInhibitor.implementation, object: self,
                                          onDestroy: { [unowned self] _ in
                                              self.resource = nil
                                              self.manager.remove(self)
                                          })
        else { return nil }
        self.resource = resource
    }

    func setActive(_ wanted: Bool) {
        let active = wanted && !isReleasedByUser && surface?.resource != nil
        guard active != isActive, let resource else { return }
        isActive = active
        if active {
            zwp_keyboard_shortcuts_inhibitor_v1_send_active(resource)
        } else {
            zwp_keyboard_shortcuts_inhibitor_v1_send_inactive(resource)
        }
    }

    /// Super+Escape: the compositor's shortcuts are back until the surface is focused anew.
    func releaseByUser() {
        isReleasedByUser = true
        setActive(false)
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_keyboard_shortcuts_inhibitor_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
