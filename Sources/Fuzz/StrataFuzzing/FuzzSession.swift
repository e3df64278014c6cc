import CWaylandServer
import StrataProtocol
import StrataServer
#if canImport(Glibc)
import Glibc
#endif

/// One input's run: its clients, which of them speaks, what input is held
/// down. `step` decodes and performs one operation:
///
/// | first byte % 32 | operation |
/// |---|---|
/// | 0–19 | a request from the current client (`request`) |
/// | 20–21 | the next byte picks the current client |
/// | 22–23 | the server reads and answers (`pump`) |
/// | 24–26 | an input event through `Seat.handle` (`input`) |
/// | 27–28 | a frame: the clock moves on by the next byte in ms, then every output renders |
/// | 29 | an output plugged in or out (`hotplug`) |
/// | 30 | the next byte 0xA5: raw bytes (a length byte, then that many) sent as they are; else nothing |
/// | 31 | the current client hangs up and a new one takes its place |
public final class FuzzSession {
    public static let maximumOperations = 4096
    let driver: FuzzDriver
    var server: Server { driver.server }
    var table: ProtocolTable { driver.table }
    public private(set) var clients: [FuzzClient] = []
    public private(set) var current = 0
    private var clientsMade = 0
    /// Every client of the input, those replaced included.
    private var everyClient: [FuzzClient] = []
    private var buttonsDown: [UInt32] = []
    private var keysDown: [UInt32] = []
    private var touchesDown: Set<Int32> = []

    init(driver: FuzzDriver, clientCount: Int) {
        self.driver = driver
        // The pointer starts each input at the same place, over nothing in particular.
        server.seat!.handle(.pointerMotion(Point(x: 0, y: 0)))
        clients = (0..<clientCount).compactMap { _ in makeClient() }
        pump()
        for client in clients { bindEveryGlobal(client) }
        pump()
    }

    public var currentClient: FuzzClient? { clients.indices.contains(current) ? clients[current] : nil }

    // MARK: Clients

    /// A connected client that asked for the registry (answered at the next pump).
    private func makeClient() -> FuzzClient? {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else { return nil }
        guard let serverClient = server.addClient(fd: fds[1]) else {
            close(fds[0])
            return nil
        }
        let client = FuzzClient(index: clientsMade, fd: fds[0], serverClient: serverClient, table: table)
        clientsMade += 1
        everyClient.append(client)
        let registry = client.newID("wl_registry", version: 1)
        send(client, object: 1, "wl_display", "get_registry", [.uint(registry)])
        return client
    }

    /// Binds every advertised global at the version served.
    private func bindEveryGlobal(_ client: FuzzClient) {
        guard let registry = client.ids(of: "wl_registry").first else { return }
        for global in client.advertised {
            let id = client.newID(global.interface, version: Int(global.version))
            send(client, object: registry, "wl_registry", "bind",
                 [.uint(global.name), .string(global.interface), .uint(global.version), .uint(id)])
        }
    }

    enum Argument {
        case uint(UInt32), int(Int32), string(String)
    }

    /// Sends a request with the arguments given (the setup's and teardown's own requests).
    func send(_ client: FuzzClient, object: UInt32, _ interface: String, _ name: String, _ arguments: [Argument]) {
        guard let request = table.request(interface, name) else { return }
        var writer = WireMessageWriter(object: object, opcode: request.opcode)
        for argument in arguments {
            switch argument {
            case .uint(let value): writer.put(value)
            case .int(let value): writer.put(value)
            case .string(let value): writer.put(string: Array(value.utf8))
            }
        }
        if let bytes = writer.finish() { client.send(bytes, fds: writer.fds, pump: pump) }
    }

    /// The server reads what the clients sent and answers; the clients read
    /// the answers. Repeated while a client has bytes the server did not read.
    public func pump() {
        for _ in 0..<64 {
            server.dispatchEvents(timeoutMilliseconds: 0)
            for client in clients { client.readEvents() }
            if clients.allSatisfy({ $0.unreadByServer() == 0 }) { break }
        }
    }

    // MARK: Operations

    public func step(_ input: inout FuzzInput) {
        let operation = input.byte() % 32
        switch operation {
        case 0...19: request(&input)
        case 20, 21: current = input.choose(clients.count)
        case 22, 23: pump()
        case 24...26: inputEvent(&input)
        case 27, 28:
            _ = server.advanceClock(milliseconds: Double(input.byte()))
            server.renderFrame()
        case 29: hotplug(input.byte())
        case 30:
            guard input.byte() == 0xA5 else { return }
            let raw = input.bytes(Int(input.byte()))
            currentClient?.send(raw, fds: [], pump: pump)
        default:
            guard clients.indices.contains(current) else { return }
            clients[current].disconnect()
            pump()
            if let replacement = makeClient() {
                clients[current] = replacement
                pump()
                bindEveryGlobal(replacement)
            }
        }
    }

    /// A request: an interface among those the client has objects of, one
    /// of its objects, one of the requests its version has, then each
    /// argument (`argument`).
    private func request(_ input: inout FuzzInput) {
        guard let client = currentClient, client.isConnected else { return }
        let interfaces = client.interfaces()
        let interface = interfaces[input.choose(interfaces.count)]
        let ids = client.ids(of: interface)
        let object = ids[input.choose(ids.count)]
        let version = client.version(of: object)
        guard let requests = table.interfaces[interface]?.requests.filter({ $0.since <= version }), !requests.isEmpty else { return }
        let request = requests[input.choose(requests.count)]
        var writer = WireMessageWriter(object: object, opcode: request.opcode)
        if interface == "wl_registry", request.name == "bind" {
            guard bind(client, &writer, &input) else { return }
        } else {
            for argument in request.arguments {
                self.argument(argument, of: client, version: version, into: &writer, &input)
            }
        }
        if request.isDestructor { client.remove(object) }
        if let bytes = writer.finish() {
            client.send(bytes, fds: writer.fds, pump: pump)
        } else {
            for fd in writer.fds { close(fd) }
        }
    }

    /// wl_registry.bind: a global advertised (in the table's order of
    /// interfaces, then as advertised), at its version less the next byte (modulo).
    private func bind(_ client: FuzzClient, _ writer: inout WireMessageWriter, _ input: inout FuzzInput) -> Bool {
        let globals = client.globalsInOrder
        guard !globals.isEmpty else { return false }
        let global = globals[input.choose(globals.count)]
        let version = global.version - UInt32(input.byte()) % max(global.version, 1)
        writer.put(global.name)
        writer.put(string: Array(global.interface.utf8))
        writer.put(version)
        writer.put(client.newID(global.interface, version: Int(version)))
        return true
    }

    private func argument(_ argument: WireArgument, of client: FuzzClient, version: Int,
                          into writer: inout WireMessageWriter, _ input: inout FuzzInput) {
        switch argument.type {
        case .int, .uint:
            writer.put(input.value32(context: client.context))
        case .fixed:
            writer.put(input.fixed(context: client.context))
        case .string:
            let length = input.byte()
            switch length {
            // 0: the latest string the server sent this client (an empty one is 254).
            case 0: writer.put(string: Array(client.context.latestString.utf8))
            case 1..<192: writer.put(string: input.bytes(Int(length)))
            case 192..<254: writer.put(string: Array(WireValues.strings[Int(length - 192) % WireValues.strings.count].utf8))
            case 254: writer.put(string: [])
            default: writer.put(string: argument.nullable ? nil : [])
            }
        case .object:
            writer.put(object(argument, of: client, &input))
        case .newID:
            writer.put(client.newID(argument.interface ?? "wl_callback", version: version))
        case .array:
            let kind = input.byte() % 3
            let count = Int(input.byte())
            var array: [UInt8] = []
            switch kind {
            case 0: array = input.bytes(count)
            case 1:
                for _ in 0..<(count & 0x7F) { withUnsafeBytes(of: input.double()) { array += $0 } }
            default:
                for _ in 0..<(count & 0x7F) { withUnsafeBytes(of: input.value32(context: client.context)) { array += $0 } }
            }
            writer.put(array: array)
        case .fd:
            let choice = input.byte()
            let size = FileDescriptors.sizes[Int(choice & 7)]
            var file: (fd: Int32, size: Int)?
            switch choice >> 3 & 3 {
            case 1: file = FileDescriptors.keymap()
            case 2: file = FileDescriptors.memfd(size: size, pattern: input.bytes(4)).map { ($0, size) }
            default: file = FileDescriptors.memfd(size: size, pattern: []).map { ($0, size) }
            }
            guard let file else { return }
            client.context.lastFDSize = UInt32(file.size)
            writer.put(fd: file.fd)
        }
    }

    /// An object argument: mostly a live object of the interface asked for.
    ///
    /// | byte | object |
    /// |---|---|
    /// | 0x00–0xEF | one of the client's objects of that interface (null when it has none) |
    /// | 0xF0–0xF7 | null |
    /// | 0xF8–0xFB | one of all its objects, of any interface |
    /// | 0xFC–0xFF | a dead object (or one never made) |
    private func object(_ argument: WireArgument, of client: FuzzClient, _ input: inout FuzzInput) -> UInt32 {
        let selector = input.byte()
        switch selector {
        case 0..<0xF0:
            let candidates = argument.interface.map { client.ids(of: $0) } ?? client.objects.keys.sorted()
            return candidates.isEmpty ? 0 : candidates[Int(selector) % candidates.count]
        case 0xF0..<0xF8:
            return 0
        case 0xF8..<0xFC:
            let all = client.objects.keys.sorted()
            return all[Int(selector) % all.count]
        default:
            let retired = client.retiredIDs
            return retired.isEmpty ? client.nextID + 7 : retired[Int(selector) % retired.count]
        }
    }

    // MARK: Outputs

    /// An even byte adds a headless output of the first's size at the right
    /// of the layout (scale 2 when bit 1 is set, else 1), at most four; an
    /// odd one removes the output (byte / 2) % count, never the last.
    private func hotplug(_ choice: UInt8) {
        let names = server.harnessOutputs.map(\.name)
        if choice % 2 == 0 {
            guard names.count < 4 else { return }
            _ = server.harnessOutput(.add(width: nil, height: nil, scale: choice & 2 == 0 ? 1 : 2))
        } else {
            guard names.count > 1 else { return }
            _ = server.harnessOutput(.remove(name: names[Int(choice / 2) % names.count]))
        }
        pump()
    }

    /// Back to the layout of the start (its outputs' sizes and scales; the
    /// names go on counting): new outputs are added, then the others removed.
    private func restoreOutputs() {
        let configuration = FuzzDriver.configuration
        let outputs = server.harnessOutputs
        guard outputs.count != configuration.outputCount || outputs.contains(where: {
            ($0.width, $0.height, $0.scale) != (configuration.width, configuration.height, configuration.scale)
        }) else { return }
        for _ in 0..<configuration.outputCount {
            _ = server.harnessOutput(.add(width: configuration.width, height: configuration.height, scale: configuration.scale))
        }
        for output in outputs { _ = server.harnessOutput(.remove(name: output.name)) }
    }

    // MARK: Input

    /// About where the layout is: outputs of the first's size side by side
    /// (points past a smaller output's edge are kept on it by the seat).
    var layoutSize: (width: Double, height: Double) {
        (Double(FuzzDriver.configuration.width * server.harnessOutputs.count), Double(FuzzDriver.configuration.height))
    }

    private func point(_ input: inout FuzzInput) -> Point {
        Point(x: Double(input.byte()) * layoutSize.width / 256, y: Double(input.byte()) * layoutSize.height / 256)
    }

    /// Keys that mean something to the compositor or to text: Alt, Super,
    /// Tab, F4, Q, Escape, Space, Shift, Ctrl, Return, A, BackSpace, arrows.
    static let keys: [UInt32] = [56, 125, 15, 62, 16, 1, 57, 42, 29, 28, 30, 14, 105, 106, 103, 108]
    static let buttons: [UInt32] = [PointerButton.left, PointerButton.right, PointerButton.middle, 0x113]

    /// An input event, as a backend would report it:
    ///
    /// | next byte % 12 | event |
    /// |---|---|
    /// | 0–2 | pointer motion to a point (two bytes: x, y over the layout) |
    /// | 3, 4 | button press, release (left, right, middle, side, or the byte as a code) |
    /// | 5 | axis: two doubles, a source, a value120 |
    /// | 6 | axis stop |
    /// | 7, 8 | key press, release (`keys`, or the byte as a keycode) |
    /// | 9, 10 | touch down, motion (an id 0–3 and a point) |
    /// | 11 | touch up (or, for an id past 3, cancel) |
    private func inputEvent(_ input: inout FuzzInput) {
        let seat = server.seat!
        let kind = input.byte() % 12
        switch kind {
        case 0...2:
            seat.handle(.pointerMotion(point(&input)))
        case 3, 4:
            let b = input.byte()
            let code = Int(b) < FuzzSession.buttons.count * 16 ? FuzzSession.buttons[Int(b) % FuzzSession.buttons.count] : UInt32(b)
            let pressed = kind == 3
            if pressed {
                if !buttonsDown.contains(code) { buttonsDown.append(code) }
            } else {
                buttonsDown.removeAll { $0 == code }
            }
            seat.handle(.pointerButton(code, pressed ? .pressed : .released))
        case 5:
            let vertical = input.double(), horizontal = input.double()
            let source = InputEvent.AxisSource(rawValue: UInt32(input.byte() % 4)) ?? .wheel
            let value120 = Int32(bitPattern: input.value32(context: ValueContext()))
            seat.handle(.pointerAxis(vertical: vertical, horizontal: horizontal, source: source, verticalValue120: value120))
        case 6:
            let axes = input.byte()
            seat.handle(.pointerAxisStop(vertical: axes & 1 != 0, horizontal: axes & 2 != 0))
        case 7, 8:
            let pressed = kind == 7
            let b = input.byte()
            let code = Int(b) < FuzzSession.keys.count ? FuzzSession.keys[Int(b)] : UInt32(b)
            if pressed {
                if !keysDown.contains(code) { keysDown.append(code) }
            } else {
                keysDown.removeAll { $0 == code }
            }
            seat.handle(.key(code, pressed ? .pressed : .released))
        case 9, 10:
            let down = kind == 9
            let id = Int32(input.byte() % 4)
            let at = point(&input)
            if down { touchesDown.insert(id) }
            seat.handle(down ? .touchDown(id: id, at) : .touchMotion(id: id, at))
        default:
            let id = input.byte()
            if id < 4 {
                touchesDown.remove(Int32(id))
                seat.handle(.touchUp(id: Int32(id)))
            } else {
                touchesDown = []
                seat.handle(.touchCancel)
            }
        }
    }

    // MARK: End

    /// "3 clients, 120 requests; client 1: xdg_surface@5 error 3: …".
    var summary: String {
        var parts = ["\(everyClient.count) clients, \(everyClient.reduce(0) { $0 + $1.requestsSent }) requests"]
        for client in everyClient {
            if let error = client.error {
                parts.append("client \(client.index): \(client.objects[error.object] ?? "?")@\(error.object) error \(error.code): \(error.message)")
            } else if !client.isConnected {
                parts.append("client \(client.index): disconnected")
            }
        }
        return parts.joined(separator: "; ")
    }

    /// Lets go of what is held, hangs up every client and waits until the
    /// server has destroyed them; a session a client left locked is
    /// unlocked by a lock client of the harness's own.
    func tearDown() {
        let seat = server.seat!
        for code in buttonsDown.reversed() { seat.handle(.pointerButton(code, .released)) }
        for code in keysDown.reversed() { seat.handle(.key(code, .released)) }
        for id in touchesDown.sorted() { seat.handle(.touchUp(id: id)) }
        (buttonsDown, keysDown, touchesDown) = ([], [], [])
        for client in clients { client.disconnect() }
        pump()
        waitUntilEveryClientIsGone()
        clients = []
        if server.harnessCensus["sessionLock.locked"] == 1 { unlockSession() }
        // Output management and power controls may have moved, disabled or turned off outputs.
        server.harnessResetOutputConfiguration()
        restoreOutputs()
        server.renderFrame()
    }

    private func waitUntilEveryClientIsGone() {
        for _ in 0..<100 where server.harnessCensus["clients"] != 0 {
            server.dispatchEvents(timeoutMilliseconds: 1)
        }
    }

    /// ext_session_lock_v1's way: a new lock takes over the session a lock
    /// client left locked, is told `locked` after a frame, and unlocks.
    private func unlockSession() {
        guard let client = makeClient() else { return }
        clients = [client]
        pump()
        guard let global = client.advertised.first(where: { $0.interface == "ext_session_lock_manager_v1" }), let registry = client.ids(of: "wl_registry").first else { return }
        let manager = client.newID("ext_session_lock_manager_v1", version: 1)
        send(client, object: registry, "wl_registry", "bind",
             [.uint(global.name), .string("ext_session_lock_manager_v1"), .uint(1), .uint(manager)])
        let lock = client.newID("ext_session_lock_v1", version: 1)
        send(client, object: manager, "ext_session_lock_manager_v1", "lock", [.uint(lock)])
        pump()
        server.renderFrame()
        pump()
        send(client, object: lock, "ext_session_lock_v1", "unlock_and_destroy", [])
        pump()
        client.disconnect()
        pump()
        waitUntilEveryClientIsGone()
        clients = []
    }
}
