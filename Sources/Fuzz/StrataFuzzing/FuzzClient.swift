import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif

/// One fuzzing client: the client end of a socket pair whose other end the
/// server serves, and what the client knows: its live objects (created by
/// its requests or by the server's events, gone at a destructor or
/// wl_display.delete_id), the globals advertised, the uints the server sent
/// lately (serials). It speaks raw wire bytes; events are read only for
/// what keeps its ids valid.
public final class FuzzClient {
    public let index: Int
    let socket: WireSocket
    /// The server's wl_client; valid only while `isConnected` (the server
    /// closes its end when it destroys the client, and a read sees that).
    let serverClient: OpaquePointer
    let table: ProtocolTable

    /// Live objects: id → interface, and the version each was made with.
    public private(set) var objects: [UInt32: String] = [1: "wl_display"]
    private(set) var versions: [UInt32: Int] = [1: 1]
    private(set) var idsByInterface: [String: [UInt32]] = ["wl_display": [1]]
    /// Ids that lived once (to name a dead object on purpose).
    private(set) var retiredIDs: [UInt32] = []
    private(set) var nextID: UInt32 = 2
    public struct Global { public let name: UInt32, interface: String, version: UInt32 }
    /// wl_registry.global less global_remove, in the order advertised.
    public private(set) var advertised: [Global] = []
    /// The same, in the table's order of their interfaces (a global added
    /// at the end of the served list comes last), then as advertised.
    var globalsInOrder: [Global] {
        advertised.enumerated().sorted {
            (table.rank[$0.element.interface] ?? Int.max, $0.offset) < (table.rank[$1.element.interface] ?? Int.max, $1.offset)
        }.map(\.element)
    }
    public var context = ValueContext()
    public private(set) var isConnected = true
    /// wl_display.error: object, code, message.
    public private(set) var error: (object: UInt32, code: UInt32, message: String)?
    /// The uints of the latest event of each kind ("xdg_surface.configure": [serial]).
    public private(set) var latestUints: [String: [UInt32]] = [:]
    private var inbox: [UInt8] = []
    /// Counts, for statistics.
    public private(set) var requestsSent = 0

    init(index: Int, fd: Int32, serverClient: OpaquePointer, table: ProtocolTable) {
        self.index = index
        socket = WireSocket(fd: fd)
        self.serverClient = serverClient
        self.table = table
    }

    deinit { close(socket.fd) }

    // MARK: Objects

    /// The interfaces it has live objects of, in the table's fixed order.
    func interfaces() -> [String] {
        idsByInterface.keys.sorted { (table.rank[$0] ?? Int.max, $0) < (table.rank[$1] ?? Int.max, $1) }
    }

    func ids(of interface: String) -> [UInt32] { idsByInterface[interface] ?? [] }

    func version(of id: UInt32) -> Int { versions[id] ?? 1 }

    /// The id a new object gets: the next one never used.
    func newID(_ interface: String, version: Int) -> UInt32 {
        let id = nextID
        nextID += 1
        add(id, interface, version: version)
        return id
    }

    private func add(_ id: UInt32, _ interface: String, version: Int) {
        if objects[id] != nil { remove(id) }
        objects[id] = interface
        versions[id] = version
        idsByInterface[interface, default: []].append(id)
    }

    func remove(_ id: UInt32) {
        guard let interface = objects.removeValue(forKey: id) else { return }
        versions[id] = nil
        idsByInterface[interface]?.removeAll { $0 == id }
        if idsByInterface[interface]?.isEmpty == true { idsByInterface[interface] = nil }
        retiredIDs.append(id)
        if retiredIDs.count > 16 { retiredIDs.removeFirst() }
    }

    // MARK: Wire

    /// Sends one message; when the socket is full, `pump` lets the server
    /// read before trying again. Our copies of `fds` are closed.
    func send(_ bytes: [UInt8], fds: [Int32], pump: () -> Void) {
        defer { for fd in fds { close(fd) } }
        guard isConnected else { return }
        var offset = 0
        var attempts = 0
        var pendingFDs = fds
        while offset < bytes.count {
            let (reached, result) = socket.send(bytes, from: offset, fds: pendingFDs)
            if reached > offset { pendingFDs = [] }
            offset = reached
            switch result {
            case .sent: continue
            case .closed:
                isConnected = false
                return
            case .wouldBlock:
                attempts += 1
                if attempts > 1000 {
                    isConnected = false
                    return
                }
                pump()
                readEvents()
                if !isConnected { return }
            }
        }
        requestsSent += 1
    }

    /// Reads and parses everything the server sent; notices a hang-up.
    func readEvents() {
        while isConnected {
            switch socket.read() {
            case .data(let data): inbox += data
            case .wouldBlock:
                parse()
                return
            case .closed:
                parse()
                isConnected = false
                return
            }
        }
    }

    /// Hangs up (the server destroys the client when it notices).
    func disconnect() {
        guard isConnected else { return }
        isConnected = false
        shutdown(socket.fd, Int32(SHUT_RDWR))
    }

    /// Bytes the server has not read yet from this client, or 0 once it is gone.
    func unreadByServer() -> Int32 {
        guard isConnected else { return 0 }
        var count: Int32 = 0
        return ioctl(wl_client_get_fd(serverClient), UInt(FIONREAD), &count) == 0 ? count : 0
    }

    // MARK: Events

    private func parse() {
        var at = 0
        while inbox.count - at >= 8 {
            let sender = load32(at)
            let word = load32(at + 4)
            let size = Int(word >> 16), opcode = Int(word & 0xFFFF)
            guard size >= 8 else { inbox = []; return }
            guard inbox.count - at >= size else { break }
            handleEvent(sender: sender, opcode: opcode, body: at + 8, end: at + size)
            at += size
        }
        inbox.removeFirst(at)
    }

    private func load32(_ at: Int) -> UInt32 {
        UInt32(inbox[at]) | UInt32(inbox[at + 1]) << 8 | UInt32(inbox[at + 2]) << 16 | UInt32(inbox[at + 3]) << 24
    }

    private func string(at: Int, length: Int) -> String {
        guard length > 1, at + length - 1 <= inbox.count else { return "" }
        return String(decoding: inbox[at..<at + length - 1], as: UTF8.self)
    }

    private func handleEvent(sender: UInt32, opcode: Int, body: Int, end: Int) {
        guard let interface = objects[sender], let event = table.interfaces[interface]?.events[safe: opcode] else { return }
        if sender == 1 {
            if opcode == 0, end - body >= 12 {       // error(object, code, message)
                let length = Int(load32(body + 8))
                error = (load32(body), load32(body + 4), string(at: body + 12, length: min(length, end - body - 12)))
            } else if opcode == 1, end - body >= 4 { // delete_id(id)
                remove(load32(body))
            }
            return
        }
        if interface == "wl_registry", opcode == 0, end - body >= 8 {   // global(name, interface, version)
            let name = load32(body), length = Int(load32(body + 4))
            let padded = (length + 3) & ~3
            if body + 8 + padded + 4 <= end, !advertised.contains(where: { $0.name == name }) {
                advertised.append(Global(name: name, interface: string(at: body + 8, length: length), version: load32(body + 8 + padded)))
            }
        } else if interface == "wl_registry", opcode == 1, end - body >= 4 {   // global_remove(name)
            let name = load32(body)
            advertised.removeAll { $0.name == name }
        }
        var at = body
        var uints: [UInt32] = []
        defer { latestUints["\(interface).\(event.name)"] = uints }
        for argument in event.arguments {
            switch argument.type {
            case .int, .fixed, .object:
                at += 4
            case .uint:
                guard at + 4 <= end else { return }
                context.remember(load32(at))
                uints.append(load32(at))
                at += 4
            case .newID:
                guard at + 4 <= end else { return }
                if let created = argument.interface { add(load32(at), created, version: version(of: sender)) }
                at += 4
            case .string:
                guard at + 4 <= end else { return }
                let length = Int(load32(at))
                if length <= end - at - 4 { context.latestString = string(at: at + 4, length: length) }
                at += 4 + ((length + 3) & ~3)
            case .array:
                guard at + 4 <= end else { return }
                at += 4 + ((Int(load32(at)) + 3) & ~3)
            case .fd:
                break
            }
            if at > end { return }
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
