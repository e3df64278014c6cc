import CXkbCommon
#if canImport(Glibc)
import Glibc
#endif

/// The files a fuzzing client sends: memfds (wl_shm pools, keymaps, the
/// pipes of clipboard transfers all take one).
enum FileDescriptors {
    private typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32
    /// memfd_create(2); Glibc declares it only under _GNU_SOURCE, which the
    /// Swift module does not set.
    private static let memfdCreate: MemfdCreate? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "memfd_create") else { return nil }
        return unsafeBitCast(symbol, to: MemfdCreate.self)
    }()

    /// Sizes a file may have.
    static let sizes = [0, 1, 64, 4096, 16384, 65536, 262_144, 1 << 20]

    /// A memfd of `size` bytes: zeros, or filled with `pattern` repeated.
    static func memfd(size: Int, pattern: [UInt8]) -> Int32? {
        guard let fd = memfdCreate?("strata-fuzz", 1 /* MFD_CLOEXEC */), fd >= 0 else { return nil }
        if pattern.isEmpty || pattern.allSatisfy({ $0 == 0 }) {
            guard ftruncate(fd, off_t(size)) == 0 else { close(fd); return nil }
        } else {
            var contents = [UInt8](repeating: 0, count: size)
            for i in 0..<size { contents[i] = pattern[i % pattern.count] }
            guard write(fd, contents, size) == size else { close(fd); return nil }
        }
        return fd
    }

    /// A memfd holding a keymap the server can compile (the default one, as
    /// text with its NUL), for zwp_virtual_keyboard_v1.keymap.
    static func keymap() -> (fd: Int32, size: Int)? {
        guard let text = keymapText, let fd = memfd(size: 0, pattern: []) else { return nil }
        guard write(fd, text, text.count) == text.count else { close(fd); return nil }
        return (fd, text.count)
    }

    private static let keymapText: [UInt8]? = {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        defer { xkb_context_unref(context) }
        guard let keymap = xkb_keymap_new_from_names(context, nil, XKB_KEYMAP_COMPILE_NO_FLAGS) else { return nil }
        defer { xkb_keymap_unref(keymap) }
        guard let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else { return nil }
        defer { free(text) }
        return Array(String(cString: text).utf8) + [0]
    }()
}
