#if canImport(Glibc)
import Glibc
#endif

/// One request in the Wayland wire format: a header (object id, then the
/// size in the high 16 bits and the opcode in the low ones), then the
/// arguments, each padded to 32 bits; fds travel beside it (SCM_RIGHTS).
public struct WireMessageWriter {
    public private(set) var bytes: [UInt8] = []
    public private(set) var fds: [Int32] = []
    /// libwayland's largest message, header included.
    public static let maximumSize = 4096

    public init(object: UInt32, opcode: Int) {
        put(object)
        put(UInt32(opcode))   // the size is filled in by `finish`
    }

    public mutating func put(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func put(_ value: Int32) { put(UInt32(bitPattern: value)) }

    /// A string with its terminating NUL (nil: a null string, length 0).
    public mutating func put(string: [UInt8]?) {
        guard let string else { return put(UInt32(0)) }
        put(UInt32(string.count + 1))
        bytes += string + [0]
        pad()
    }

    public mutating func put(array: [UInt8]) {
        put(UInt32(array.count))
        bytes += array
        pad()
    }

    public mutating func put(fd: Int32) { fds.append(fd) }

    private mutating func pad() {
        while bytes.count % 4 != 0 { bytes.append(0) }
    }

    /// The finished message, or nil when it is larger than libwayland takes.
    public mutating func finish() -> [UInt8]? {
        guard bytes.count <= WireMessageWriter.maximumSize else { return nil }
        let word = UInt32(bytes.count) << 16 | UInt32(bytes[4]) | UInt32(bytes[5]) << 8
        withUnsafeBytes(of: word.littleEndian) { raw in
            for i in 0..<4 { bytes[4 + i] = raw[i] }
        }
        return bytes
    }
}

/// The client end of a socket pair: raw sends with fds, and reads that
/// close whatever fds the server sends.
struct WireSocket {
    let fd: Int32

    enum SendResult { case sent, wouldBlock, closed }

    /// Sends `bytes` from `offset` with `fds` (on the first chunk only);
    /// returns how far it got.
    func send(_ bytes: [UInt8], from offset: Int, fds: [Int32]) -> (Int, SendResult) {
        var iov = iovec()
        let control = fds.isEmpty ? [] : WireSocket.rightsMessage(fds)
        let sent: Int = bytes.withUnsafeBufferPointer { buffer in
            iov.iov_base = UnsafeMutableRawPointer(mutating: buffer.baseAddress! + offset)
            iov.iov_len = bytes.count - offset
            return control.withUnsafeBufferPointer { controlBuffer in
                withUnsafeMutablePointer(to: &iov) { iovPointer in
                    var header = msghdr()
                    header.msg_iov = iovPointer
                    header.msg_iovlen = 1
                    if !control.isEmpty {
                        header.msg_control = UnsafeMutableRawPointer(mutating: controlBuffer.baseAddress!)
                        header.msg_controllen = control.count
                    }
                    return sendmsg(fd, &header, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                }
            }
        }
        if sent >= 0 { return (offset + sent, .sent) }
        return (offset, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .wouldBlock : .closed)
    }

    /// A cmsghdr carrying `fds` (struct cmsghdr: size_t len, int level, int type; then the fds).
    private static func rightsMessage(_ fds: [Int32]) -> [UInt8] {
        let headerSize = MemoryLayout<Int>.size + 8
        let length = headerSize + 4 * fds.count
        var control: [UInt8] = []
        withUnsafeBytes(of: length) { control += $0 }
        withUnsafeBytes(of: Int32(SOL_SOCKET)) { control += $0 }
        withUnsafeBytes(of: Int32(SCM_RIGHTS)) { control += $0 }
        for fd in fds { withUnsafeBytes(of: fd) { control += $0 } }
        while control.count % MemoryLayout<Int>.size != 0 { control.append(0) }
        return control
    }

    enum ReadResult { case data([UInt8]), wouldBlock, closed }

    /// What is there to read now; fds that came with it are closed.
    func read() -> ReadResult {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var control = [UInt8](repeating: 0, count: 1024)
        let count: Int = buffer.withUnsafeMutableBufferPointer { data in
            control.withUnsafeMutableBufferPointer { controlBuffer in
                var iov = iovec(iov_base: data.baseAddress, iov_len: data.count)
                return withUnsafeMutablePointer(to: &iov) { iovPointer in
                    var header = msghdr()
                    header.msg_iov = iovPointer
                    header.msg_iovlen = 1
                    header.msg_control = UnsafeMutableRawPointer(controlBuffer.baseAddress!)
                    header.msg_controllen = controlBuffer.count
                    let n = recvmsg(fd, &header, Int32(MSG_DONTWAIT | MSG_CMSG_CLOEXEC))
                    if n > 0 { WireSocket.closeReceivedFDs(controlBuffer, length: header.msg_controllen) }
                    return n
                }
            }
        }
        if count > 0 { return .data(Array(buffer[0..<count])) }
        if count == 0 { return .closed }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .wouldBlock : .closed
    }

    private static func closeReceivedFDs(_ control: UnsafeMutableBufferPointer<UInt8>, length: Int) {
        let headerSize = MemoryLayout<Int>.size + 8
        var offset = 0
        let raw = UnsafeRawBufferPointer(control)
        while offset + headerSize <= length {
            let cmsgLength = raw.loadUnaligned(fromByteOffset: offset, as: Int.self)
            let level = raw.loadUnaligned(fromByteOffset: offset + MemoryLayout<Int>.size, as: Int32.self)
            let type = raw.loadUnaligned(fromByteOffset: offset + MemoryLayout<Int>.size + 4, as: Int32.self)
            guard cmsgLength >= headerSize, offset + cmsgLength <= length else { break }
            if level == SOL_SOCKET, type == SCM_RIGHTS {
                var at = offset + headerSize
                while at + 4 <= offset + cmsgLength {
                    close(raw.loadUnaligned(fromByteOffset: at, as: Int32.self))
                    at += 4
                }
            }
            offset += (cmsgLength + MemoryLayout<Int>.size - 1) / MemoryLayout<Int>.size * MemoryLayout<Int>.size
        }
    }
}
