import CXcb
#if canImport(Glibc)
import Glibc
#endif

/// The atoms the window manager reads and writes, interned once at start.
/// Those X predefines (WM_NAME, WM_CLASS, …) are xcb's constants instead.
struct XAtoms {
    static let names = [
        "WL_SURFACE_ID", "UTF8_STRING", "WM_PROTOCOLS", "WM_DELETE_WINDOW", "WM_TAKE_FOCUS", "WM_STATE",
        "WM_CHANGE_STATE", "WM_S0", "_NET_WM_CM_S0", "_NET_WM_NAME", "_NET_WM_PID", "_NET_SUPPORTED",
        "_NET_SUPPORTING_WM_CHECK", "_NET_ACTIVE_WINDOW", "_NET_CLIENT_LIST", "_NET_WM_STATE",
        "_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ", "_NET_WM_STATE_FULLSCREEN",
        "_NET_WM_STATE_HIDDEN", "_NET_WM_STATE_FOCUSED", "_NET_WM_WINDOW_TYPE", "_NET_WM_WINDOW_TYPE_NORMAL",
        "_NET_WM_WINDOW_TYPE_DIALOG", "_NET_WM_WINDOW_TYPE_UTILITY", "_NET_WM_WINDOW_TYPE_SPLASH",
        "_NET_WM_WINDOW_TYPE_MENU", "_NET_WM_WINDOW_TYPE_DROPDOWN_MENU", "_NET_WM_WINDOW_TYPE_POPUP_MENU",
        "_NET_WM_WINDOW_TYPE_TOOLTIP", "_NET_WM_WINDOW_TYPE_NOTIFICATION", "_NET_WM_WINDOW_TYPE_COMBO",
        "_NET_WM_WINDOW_TYPE_DND", "_MOTIF_WM_HINTS", "_NET_WM_MOVERESIZE",
        "CLIPBOARD", "TARGETS", "TIMESTAMP", "INCR", "TEXT", "_STRATA_SELECTION",
    ]
    private let values: [String: xcb_atom_t]

    /// Interns every name: all requests first, then the replies, one round trip.
    init?(connection: OpaquePointer) {
        let cookies = XAtoms.names.map { name in
            name.withCString { xcb_intern_atom(connection, 0, UInt16(strlen($0)), $0) }
        }
        var values: [String: xcb_atom_t] = [:]
        for (name, cookie) in zip(XAtoms.names, cookies) {
            guard let reply = xcb_intern_atom_reply(connection, cookie, nil) else { return nil }
            values[name] = reply.pointee.atom
            free(reply)
        }
        self.values = values
    }

    subscript(_ name: String) -> xcb_atom_t {
        guard let value = values[name] else { preconditionFailure("atom \(name) is not in XAtoms.names") }
        return value
    }

    /// Window types drawn and placed by their client (menus, tooltips,
    /// drag icons): shown as they are, never given a title bar or the focus.
    var popupWindowTypes: Set<xcb_atom_t> {
        Set(["_NET_WM_WINDOW_TYPE_MENU", "_NET_WM_WINDOW_TYPE_DROPDOWN_MENU", "_NET_WM_WINDOW_TYPE_POPUP_MENU",
             "_NET_WM_WINDOW_TYPE_TOOLTIP", "_NET_WM_WINDOW_TYPE_NOTIFICATION", "_NET_WM_WINDOW_TYPE_COMBO",
             "_NET_WM_WINDOW_TYPE_DND"].map { self[$0] })
    }
}
