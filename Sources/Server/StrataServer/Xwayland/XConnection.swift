import CXcb
#if canImport(Glibc)
import Glibc
#endif

/// The window manager's X11 connection to Xwayland (xcb): the requests it
/// makes, as Swift calls. Replies are read synchronously; a window manager
/// asks little, and only when windows change.
final class XConnection {
    let connection: OpaquePointer
    let root: xcb_window_t
    let atoms: XAtoms

    /// Connects over `fd`, Xwayland's -wm socket (taken: closed with the connection).
    init?(fd: Int32) {
        guard let connection = xcb_connect_to_fd(fd, nil) else { return nil }
        guard xcb_connection_has_error(connection) == 0,
              let screen = xcb_setup_roots_iterator(xcb_get_setup(connection)).data,
              let atoms = XAtoms(connection: connection)
        else {
            xcb_disconnect(connection)
            return nil
        }
        self.connection = connection
        root = screen.pointee.root
        self.atoms = atoms
    }

    deinit { xcb_disconnect(connection) }

    var fileDescriptor: Int32 { xcb_get_file_descriptor(connection) }
    var hasError: Bool { xcb_connection_has_error(connection) != 0 }
    func flush() { xcb_flush(connection) }

    /// The atom named `name`, made if need be (a round trip).
    func intern(_ name: String) -> xcb_atom_t {
        let cookie = name.withCString { xcb_intern_atom(connection, 0, UInt16(strlen($0)), $0) }
        guard let reply = xcb_intern_atom_reply(connection, cookie, nil) else { return xcb_atom_t(XCB_NONE) }
        defer { free(reply) }
        return reply.pointee.atom
    }

    /// The name of `atom` (a round trip).
    func name(of atom: xcb_atom_t) -> String? {
        let cookie = xcb_get_atom_name(connection, atom)
        guard let reply = xcb_get_atom_name_reply(connection, cookie, nil) else { return nil }
        defer { free(reply) }
        let length = Int(xcb_get_atom_name_name_length(reply))
        guard let start = xcb_get_atom_name_name(reply) else { return nil }
        return start.withMemoryRebound(to: UInt8.self, capacity: length) { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) }
    }

    // MARK: Properties

    /// A property's bytes and format (8, 16 or 32), or nil when unset.
    func property(_ window: xcb_window_t, _ name: xcb_atom_t) -> (type: xcb_atom_t, format: UInt8, bytes: [UInt8])? {
        let cookie = xcb_get_property(connection, 0, window, name, XCB_ATOM_ANY.rawValue, 0, 4096)
        guard let reply = xcb_get_property_reply(connection, cookie, nil) else { return nil }
        defer { free(reply) }
        guard reply.pointee.type != XCB_ATOM_NONE.rawValue else { return nil }
        let length = Int(xcb_get_property_value_length(reply))
        let start = xcb_get_property_value(reply)!.assumingMemoryBound(to: UInt8.self)
        return (reply.pointee.type, reply.pointee.format, Array(UnsafeBufferPointer(start: start, count: length)))
    }

    /// A text property (STRING is Latin-1, UTF8_STRING UTF-8).
    func text(_ window: xcb_window_t, _ name: xcb_atom_t) -> String? {
        guard let value = property(window, name), value.format == 8 else { return nil }
        let bytes = value.bytes.prefix { $0 != 0 }
        if value.type == XCB_ATOM_STRING.rawValue { return String(bytes.map { Character(Unicode.Scalar($0)) }) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A 32-bit list property (atoms, windows, cardinals).
    func values(_ window: xcb_window_t, _ name: xcb_atom_t) -> [UInt32] {
        guard let value = property(window, name), value.format == 32 else { return [] }
        return stride(from: 0, to: value.bytes.count - 3, by: 4).map { index in
            value.bytes[index..<index + 4].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
        }
    }

    /// WM_CLASS: instance and class, each NUL-terminated.
    func windowClass(_ window: xcb_window_t) -> (instance: String, className: String)? {
        guard let value = property(window, XCB_ATOM_WM_CLASS.rawValue), value.format == 8 else { return nil }
        let parts = value.bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard parts.count >= 2 else { return nil }
        return (parts[0], parts[1])
    }

    func setValues(_ window: xcb_window_t, _ name: xcb_atom_t, type: xcb_atom_t, _ values: [UInt32]) {
        xcb_change_property(connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, name, type, 32, UInt32(values.count), values)
    }

    func setText(_ window: xcb_window_t, _ name: xcb_atom_t, _ text: String) {
        let bytes = Array(text.utf8)
        xcb_change_property(connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, name, atoms["UTF8_STRING"], 8,
                            UInt32(bytes.count), bytes)
    }

    // MARK: Windows

    func selectEvents(_ window: xcb_window_t, _ mask: UInt32) {
        xcb_change_window_attributes(connection, window, XCB_CW_EVENT_MASK.rawValue, [mask])
    }

    /// Moves and sizes `window` (a size of 0 leaves that dimension).
    func configure(_ window: xcb_window_t, x: Int32, y: Int32, width: UInt32, height: UInt32) {
        var mask = UInt16(XCB_CONFIG_WINDOW_X.rawValue | XCB_CONFIG_WINDOW_Y.rawValue)
        var values = [UInt32(bitPattern: x), UInt32(bitPattern: y)]
        if width > 0, height > 0 {
            mask |= UInt16(XCB_CONFIG_WINDOW_WIDTH.rawValue | XCB_CONFIG_WINDOW_HEIGHT.rawValue)
            values += [width, height]
        }
        xcb_configure_window(connection, window, mask, values)
    }

    func raise(_ window: xcb_window_t) {
        xcb_configure_window(connection, window, UInt16(XCB_CONFIG_WINDOW_STACK_MODE.rawValue), [XCB_STACK_MODE_ABOVE.rawValue])
    }

    /// A ClientMessage of five 32-bit values to `window`.
    func sendMessage(_ window: xcb_window_t, type: xcb_atom_t, _ data: [UInt32]) {
        var event = xcb_client_message_event_t()
        event.response_type = UInt8(XCB_CLIENT_MESSAGE)
        event.format = 32
        event.window = window
        event.type = type
        withUnsafeMutableBytes(of: &event.data) { raw in
            for (index, value) in data.prefix(5).enumerated() { raw.storeBytes(of: value, toByteOffset: index * 4, as: UInt32.self) }
        }
        withUnsafeBytes(of: &event) { raw in
            _ = xcb_send_event(connection, 0, window, XCB_EVENT_MASK_NO_EVENT.rawValue,
                               raw.baseAddress!.assumingMemoryBound(to: CChar.self))
        }
    }
}
