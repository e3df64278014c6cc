import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A Unix-socket relay between one Wayland client and the compositor that
/// counts the bytes the client sends: what an app puts on the wire is
/// measured on the wire. Passed file descriptors (SCM_RIGHTS) are relayed
/// too, so shared-memory buffers work through it.
final class CountingProxy {
    let path: String
    private let listener: Int32
    private let target: String
    private let lock = NSLock()
    private var sent = 0

    init?(path: String, target: String) {
        self.path = path
        self.target = target
        unlink(path)
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0, CountingProxy.withAddress(path, { bind(listener, $0, $1) }) == 0,
              listen(listener, 1) == 0 else { return nil }
        Thread { [self] in relay() }.start()
    }

    /// Bytes the client has sent so far.
    var bytesFromClient: Int { lock.withLock { sent } }

    /// Bytes sent once the app, its main run loop turning, has written all
    /// it will for now (the count stays the same over a turn).
    func settledBytesFromClient() -> Int {
        var last = -1
        while true {
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.03))
            let now = bytesFromClient
            if now == last { return now }
            last = now
        }
    }

    private static func withAddress(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    private func relay() {
        let client = accept(listener, nil, nil)
        let server = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard client >= 0, CountingProxy.withAddress(target, { connect(server, $0, $1) }) == 0 else { return }
        var fds = [pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: server, events: Int16(POLLIN), revents: 0)]
        while poll(&fds, 2, -1) > 0 {
            if fds[0].revents != 0 {
                let count = forward(from: client, to: server)
                if count <= 0 { break }
                lock.withLock { sent += count }
            }
            if fds[1].revents != 0, forward(from: server, to: client) <= 0 { break }
        }
        close(client)
        close(server)
    }

    /// One recvmsg, relayed with its ancillary data by one sendmsg.
    private func forward(from source: Int32, to destination: Int32) -> Int {
        var data = [UInt8](repeating: 0, count: 65536)
        var control = [UInt8](repeating: 0, count: 1024)
        return data.withUnsafeMutableBytes { dataBytes in
            control.withUnsafeMutableBytes { controlBytes in
                var vector = iovec(iov_base: dataBytes.baseAddress, iov_len: dataBytes.count)
                var message = msghdr()
                message.msg_iov = withUnsafeMutablePointer(to: &vector) { $0 }
                message.msg_iovlen = 1
                message.msg_control = controlBytes.baseAddress
                message.msg_controllen = controlBytes.count
                let received = withUnsafeMutablePointer(to: &vector) { pointer -> Int in
                    message.msg_iov = pointer
                    return recvmsg(source, &message, 0)
                }
                guard received > 0 else { return received }
                let controlLength = message.msg_controllen
                vector.iov_len = received
                message.msg_controllen = controlLength
                message.msg_control = controlLength > 0 ? controlBytes.baseAddress : nil
                let written = withUnsafeMutablePointer(to: &vector) { pointer -> Int in
                    message.msg_iov = pointer
                    return sendmsg(destination, &message, 0)
                }
                closeReceivedDescriptors(controlBytes, length: controlLength)
                return written == received ? received : -1
            }
        }
    }

    /// The relayed descriptors were duplicated into this process by recvmsg; the
    /// peer has its own copies now. (struct cmsghdr: size_t len, int level,
    /// int type, then the data, each header aligned to 8 bytes.)
    private func closeReceivedDescriptors(_ control: UnsafeMutableRawBufferPointer, length: Int) {
        var offset = 0
        while offset + 16 <= length {
            let cmsgLength = control.load(fromByteOffset: offset, as: Int.self)
            let type = control.load(fromByteOffset: offset + 12, as: Int32.self)
            guard cmsgLength >= 16 else { return }
            if type == 1 {  // SCM_RIGHTS
                for index in 0..<(cmsgLength - 16) / 4 {
                    close(control.load(fromByteOffset: offset + 16 + index * 4, as: Int32.self))
                }
            }
            offset += (cmsgLength + 7) & ~7
        }
    }
}
