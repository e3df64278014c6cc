import CStrataServerProtocol
#if canImport(Glibc)
import Glibc
#endif

/// The tool side of the control socket: one request, one answer.
public enum ControlClient {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The variable a process Strata launched finds its control channel
    /// by: "FD:PATH", the channel's descriptor and the path of the control
    /// socket it leads to (`Server.launch`).
    public static let channelVariable = "STRATA_CONTROL_SOCKET"

    /// The channel to the control socket at `path` that `environment`
    /// names, if this process inherited one: a descriptor that is a
    /// SOCK_SEQPACKET socket. nil for another compositor's, or for a
    /// descriptor that is closed or something else by now.
    public static func inheritedChannel(to path: String, environment: [String: String]) -> Int32? {
        guard let value = environment[channelVariable], let colon = value.firstIndex(of: ":"),
              let fd = Int32(value[..<colon]), fd > 2, value[value.index(after: colon)...] == path
        else { return nil }
        var type: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &size) == 0, type == Int32(SOCK_SEQPACKET.rawValue) else { return nil }
        return fd
    }

    /// Sends `line` to the control socket at `path` and returns the answer
    /// without its final newline. Blocks, with a timeout: this runs in tools, never in the server.
    /// With `channel` (`inheritedChannel`), the connection is opened through
    /// it, as a trusted one, rather than through the socket's path.
    public static func request(_ line: String, socketPath path: String, channel: Int32? = nil,
                               timeoutSeconds: Int = 30) throws -> String {
        let fd = try channel.flatMap(connection(through:)) ?? connection(to: path)
        defer { close(fd) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))

        let request = Array((line + "\n").utf8)
        var sent = 0
        while sent < request.count {
            let count = request.withUnsafeBytes { send(fd, $0.baseAddress! + sent, request.count - sent, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure(description: "cannot send to \(path): \(String(cString: strerror(errno)))") }
            sent += count
        }
        shutdown(fd, Int32(SHUT_WR))

        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw Failure(description: "no answer from \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            answer += buffer[0..<count]
        }
        if answer.last == UInt8(ascii: "\n") { answer.removeLast() }
        return String(decoding: answer, as: UTF8.self)
    }

    /// A new connection through an inherited channel: one end of a socket
    /// pair goes to the compositor, the other is returned. nil when the
    /// channel is gone (the compositor ended).
    private static func connection(through channel: Int32) -> Int32? {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else { return nil }
        defer { close(fds[1]) }
        guard strata_send_fd(channel, fds[1]) == 0 else {
            close(fds[0])
            return nil
        }
        return fds[0]
    }

    private static func connection(to path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "cannot create a socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        guard path.utf8.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            throw Failure(description: "control socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            bytes.copyBytes(from: path.utf8)
            bytes[path.utf8.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            defer { close(fd) }
            throw Failure(description: "cannot connect to \(path): \(String(cString: strerror(errno))) (is strata running with that --socket?)")
        }

        return fd
    }
}
