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
    /// read, so a pipe cannot hold the loop, and none on a file system
    /// served over the network or by a process (FUSE), whose reads the
    /// client could make block. Does not close `fd`.
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

    /// File systems (statfs f_type, linux/magic.h) whose reads wait on a
    /// server or a process: FUSE, NFS, SMB and CIFS, 9P, Ceph, AFS, Coda.
    static func mayBlockReads(fileSystemType type: Int64) -> Bool {
        let remote: Set<Int64> = [0x6573_5546, 0x6969, 0x517B, 0xFF53_4D42, 0xFE53_4D42, 0x0102_1997, 0x00C3_6400,
                                  0x5346_414F, 0x7375_7245]
        return remote.contains(type & 0xFFFF_FFFF)
    }
}
