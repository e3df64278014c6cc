import CStrataServerProtocol
import CXkbCommon
#if canImport(Glibc)
import Glibc
#endif

extension Keymap {
    /// Keymaps are some tens of kilobytes; a larger size is refused unread.
    static let maximumClientKeymapBytes = 4 << 20

    /// A keymap a client sent as a file (zwp_virtual_keyboard_v1.keymap),
    /// `size` bytes of xkb text; nil when it cannot be read or does not
    /// compile. The file is read, not mapped: a client can shrink a file
    /// it mapped to us, and touching the lost pages would kill the
    /// compositor with SIGBUS. Only regular files (memfds among them) are
    /// read, so a pipe cannot hold the loop, and only on file systems of
    /// memory or of a local disk, whose reads the client cannot make
    /// block. Does not close `fd`.
    convenience init?(clientFD fd: Int32, size: UInt32) {
        var info = stat()
        let fileSystem = strata_file_system_type(fd)
        guard size > 0, Int(size) <= Keymap.maximumClientKeymapBytes, fstat(fd, &info) == 0,
              (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) >= Int(size),
              fileSystem >= 0, !Keymap.mayBlockReads(fileSystemType: Int64(fileSystem))
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, $0.count - done, off_t(done)) }
            guard n > 0 else { return nil }
            done += n
        }
        // The text ends at its NUL, as wl_keyboard's keymaps do.
        let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        self.init(text: text)
    }

    /// File systems (statfs f_type, linux/magic.h) a keymap is read from:
    /// memory (tmpfs, which memfds, shm_open and XDG_RUNTIME_DIR use;
    /// ramfs; hugetlbfs) and local disks (ext2/3/4, btrfs, xfs, f2fs, where
    /// wtype writes its keymap under /tmp). Any other may wait on a server
    /// or a process the client controls (FUSE, network file systems, and
    /// overlays stacked on them), and the read would hold the compositor.
    static func mayBlockReads(fileSystemType type: Int64) -> Bool {
        let local: Set<Int64> = [0x0102_1994, 0x8584_58F6, 0x9584_58F6, 0xEF53, 0x9123_683E, 0x5846_5342, 0xF2F5_2010]
        return !local.contains(type & 0xFFFF_FFFF)
    }
}
