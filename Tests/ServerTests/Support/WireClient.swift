import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A Wayland client that writes the wire itself, without libwayland: for
/// what libwayland's client keeps to itself, such as the text of the
/// protocol error the compositor sent (wl_display.error's message).
final class WireClient {
    struct DisplayError: Equatable, CustomStringConvertible {
        /// The object the error is about, its code, and the message.
        let object: UInt32
        let code: UInt32
        let message: String
        var description: String { "object \(object), code \(code): \(message)" }
    }

    enum Argument {
        case uint(UInt32)
        case string(String)
    }

    private let fd: Int32
    private var input: [UInt8] = []
    private var nextID: UInt32 = 2
    private var closedCallbacks: Set<UInt32> = []
    private(set) var registry: UInt32 = 0
    /// wl_registry.global events, in order.
    private(set) var globals: [(name: UInt32, interface: String, version: UInt32)] = []
    /// The wl_display.error received, if any.
    private(set) var error: DisplayError?
    /// The compositor closed the connection.
    private(set) var hungUp = false

    /// A client on `fd`, a socket connected to the compositor (which the client now owns).
    init(connectedTo fd: Int32) {
        self.fd = fd
    }

    /// Connects to the socket at `path`.
    convenience init(path: String) throws {
        self.init(connectedTo: try WireClient.connect(to: path))
    }

    deinit { close(fd) }

    /// A stream socket connected to `path`.
    static func connect(to path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            bytes.copyBytes(from: path.utf8)
            bytes[path.utf8.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw StrataTestError("cannot connect to \(path): \(reason)")
        }
        return fd
    }

    func newID() -> UInt32 {
        defer { nextID += 1 }
        return nextID
    }

    /// Sends request `opcode` of `object` with `arguments`.
    func send(_ object: UInt32, _ opcode: UInt16, _ arguments: [Argument]) {
        var body: [UInt8] = []
        func word(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { body += $0 } }
        for argument in arguments {
            switch argument {
            case .uint(let value):
                word(value)
            case .string(let string):
                let bytes = Array(string.utf8) + [0]
                word(UInt32(bytes.count))
                body += bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
            }
        }
        var message: [UInt8] = []
        withUnsafeBytes(of: object.littleEndian) { message += $0 }
        withUnsafeBytes(of: (UInt32(8 + body.count) << 16 | UInt32(opcode)).littleEndian) { message += $0 }
        message += body
        _ = message.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// wl_display.get_registry, then a round trip: `globals` holds what it announced.
    @discardableResult
    func getRegistry() -> Bool {
        registry = newID()
        send(1, 1, [.uint(registry)])
        return roundtrip()
    }

    /// wl_registry.bind of `name` as `interface` at `version`; the new object's id.
    @discardableResult
    func bind(name: UInt32, interface: String, version: UInt32) -> UInt32 {
        let id = newID()
        send(registry, 0, [.uint(name), .string(interface), .uint(version), .uint(id)])
        return id
    }

    /// wl_display.sync and reads until its callback is done (true), or the
    /// compositor sends an error or hangs up (false).
    @discardableResult
    func roundtrip(timeout: TimeInterval = 10) -> Bool {
        let callback = newID()
        send(1, 0, [.uint(callback)])
        let deadline = Date().addingTimeInterval(timeout)
        while !closedCallbacks.contains(callback) {
            if error != nil || hungUp || Date() > deadline { return false }
            readEvents(timeoutMilliseconds: 100)
        }
        return error == nil
    }

    private func readEvents(timeoutMilliseconds: Int32) {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, timeoutMilliseconds) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else {
            hungUp = true
            return
        }
        input += buffer[0..<count]
        while input.count >= 8 {
            let object = word(input, 0)
            let size = Int(word(input, 4) >> 16), opcode = word(input, 4) & 0xffff
            guard size >= 8, input.count >= size else { break }
            handle(object: object, opcode: opcode, body: Array(input[8..<size]))
            input.removeFirst(size)
        }
    }

    private func word(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }

    /// The string at `offset` of `body`, and the offset after it.
    private func string(_ body: [UInt8], _ offset: Int) -> (String, Int) {
        let length = Int(word(body, offset))
        let text = String(decoding: body[(offset + 4)..<(offset + 4 + max(length - 1, 0))], as: UTF8.self)
        return (text, offset + 4 + (length + 3) / 4 * 4)
    }

    private func handle(object: UInt32, opcode: UInt32, body: [UInt8]) {
        switch (object, opcode) {
        case (1, 0):  // wl_display.error(object, code, message)
            error = DisplayError(object: word(body, 0), code: word(body, 4), message: string(body, 8).0)
        case (1, 1):  // wl_display.delete_id
            break
        case (registry, 0):  // wl_registry.global(name, interface, version)
            let (interface, next) = string(body, 4)
            globals.append((word(body, 0), interface, word(body, next)))
        case (_, 0):  // wl_callback.done, the only other event this client's objects get
            closedCallbacks.insert(object)
        default:
            break
        }
    }

    /// Binds `name` as `interface` at `version` and returns the error that
    /// ended the connection, nil if the bind was served.
    func bindError(name: UInt32, interface: String, version: UInt32) -> DisplayError? {
        bind(name: name, interface: interface, version: version)
        roundtrip()
        return error
    }
}
