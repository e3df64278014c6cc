import Foundation
import XCTest
@testable import StrataServer

/// What a virtual keyboard's keymap file may be: read from a memfd or a
/// file on a local disk, refused from a file system whose reads a server
/// or a process answers (the client could make the compositor wait).
final class ClientKeymapFileTests: XCTestCase {
    static let keymap = "xkb_keymap { xkb_keycodes { include \"evdev\" }; xkb_types { include \"complete\" }; "
        + "xkb_compat { include \"complete\" }; xkb_symbols { include \"pc+us\" }; };"

    func testAKeymapInAFileIsRead() throws {
        let path = NSTemporaryDirectory() + "strata-keymap-\(getpid()).xkb"
        try Data(Self.keymap.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        XCTAssertNotNil(Keymap(clientFD: fd, size: UInt32(Self.keymap.utf8.count)))
    }

    func testFileSystemsWhoseReadsMayBlockAreRefused() {
        // linux/magic.h: FUSE, NFS, SMB2, 9P and overlayfs (which may stack on FUSE) may wait on someone;
        // tmpfs (memfds), ext4 and btrfs do not.
        for type: Int64 in [0x6573_5546, 0x6969, 0xFE53_4D42, 0x0102_1997, 0x794C_7630] {
            XCTAssertTrue(Keymap.mayBlockReads(fileSystemType: type), String(type, radix: 16))
        }
        for type: Int64 in [0x0102_1994, 0xEF53, 0x9123_683E] {
            XCTAssertFalse(Keymap.mayBlockReads(fileSystemType: type), String(type, radix: 16))
        }
    }

    func testAPipeIsRefused() {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]); close(ends[1]) }
        XCTAssertNil(Keymap(clientFD: ends[0], size: 100), "a pipe could hold the loop")
    }
}
