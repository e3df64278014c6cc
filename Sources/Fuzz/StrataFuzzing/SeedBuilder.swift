/// Writes an input by saying what it should do: each operation is encoded
/// in the input format and performed at once on a live session, so the
/// indexes it encodes (which interface, which object, which of the
/// server's recent values) are those a replay will decode. The seed
/// corpus is made with it (`Seeds`).
public final class SeedBuilder {
    let driver: FuzzDriver
    let session: FuzzSession
    public private(set) var bytes: [UInt8]

    public init(driver: FuzzDriver, clients: Int = 2) {
        self.driver = driver
        bytes = [UInt8(clients - 2)]
        session = FuzzSession(driver: driver, clientCount: clients)
    }

    /// Each named body performed on a session of its own: the inputs, and
    /// what their clients did (`FuzzDriver.lastSummary`).
    static func inputs(_ bodies: [(String, (SeedBuilder) -> Void)], driver: FuzzDriver) -> [(name: String, bytes: [UInt8], summary: String)] {
        bodies.map { name, body in
            let builder = SeedBuilder(driver: driver)
            body(builder)
            let bytes = builder.finish()
            return (name, bytes, driver.lastSummary)
        }
    }

    /// Ends the session (as a replay would) and returns the input.
    public func finish() -> [UInt8] {
        _ = driver.finish(session)
        return bytes
    }

    private func operation(_ encoded: [UInt8]) {
        var input = FuzzInput(encoded)
        session.step(&input)
        precondition(input.remaining == 0, "an operation left \(input.remaining) bytes: \(session.summary)")
        bytes += encoded
    }

    public enum Argument {
        case int(Int32), uint(UInt32), fixed(Double), string(String?), object(UInt32?), newID
        /// The latest string the server sent (a handle).
        case latestString
        case doubles([Double]), uints([UInt32]), bytes([UInt8])
        /// A memfd of one of `FileDescriptors.sizes` (zeros, or a 4-byte
        /// pattern repeated); the default keymap.
        case file(size: Int), filledFile(size: Int, pattern: [UInt8]), keymap
        /// The size of the last file sent.
        case fileSize
        /// A uint the server sent lately (a serial).
        case recent(UInt32)
    }

    var client: FuzzClient { session.currentClient! }

    /// The current client's first object of `interface` (a global's binding).
    public func object(_ interface: String) -> UInt32 {
        guard let id = client.ids(of: interface).first else { preconditionFailure("no \(interface)") }
        return id
    }

    /// The uints of the current client's latest `interface.event`.
    public func latest(_ event: String) -> [UInt32] { client.latestUints[event] ?? [] }

    /// Sends `name` on `object`; returns the id of the object it creates, if any.
    @discardableResult
    public func request(_ object: UInt32, _ name: String, _ arguments: [Argument] = []) -> UInt32 {
        let client = self.client
        guard let interface = client.objects[object] else { preconditionFailure("no object \(object)") }
        let version = client.version(of: object)
        let requests = driver.table.interfaces[interface]!.requests.filter { $0.since <= version }
        guard let requestIndex = requests.firstIndex(where: { $0.name == name }) else { preconditionFailure("no \(interface).\(name)") }
        let request = requests[requestIndex]
        precondition(request.arguments.count == arguments.count, "\(interface).\(name) takes \(request.arguments.count) arguments")
        var encoded: [UInt8] = [0, UInt8(client.interfaces().firstIndex(of: interface)!),
                                UInt8(client.ids(of: interface).firstIndex(of: object)!), UInt8(requestIndex)]
        for (argument, value) in zip(request.arguments, arguments) {
            encoded += encode(value, as: argument)
        }
        let before = client.nextID
        operation(encoded)
        return client.nextID > before ? client.nextID - 1 : 0
    }

    /// wl_registry.bind of the latest global of `interface` advertised, at `version`.
    @discardableResult
    public func bind(_ interface: String, version: UInt32) -> UInt32 {
        let registry = object("wl_registry")
        let globals = client.globalsInOrder
        let index = globals.lastIndex { $0.interface == interface }!
        let requests = driver.table.interfaces["wl_registry"]!.requests
        operation([0, UInt8(client.interfaces().firstIndex(of: "wl_registry")!), UInt8(client.ids(of: "wl_registry").firstIndex(of: registry)!),
                   UInt8(requests.firstIndex { $0.name == "bind" }!), UInt8(index), UInt8(globals[index].version - version)])
        return client.nextID - 1
    }

    private func encode(_ value: Argument, as argument: WireArgument) -> [UInt8] {
        switch value {
        case .int(let v): return value32(UInt32(bitPattern: v))
        case .uint(let v): return value32(v)
        case .fixed(let v):
            let whole = v.rounded()
            if whole == v, whole >= 0, whole < 64 { return [UInt8(whole)] }
            return [0xE0] + little(UInt32(bitPattern: Int32(v * 256)))
        case .string(let s):
            guard let s else { return [255] }
            if s.isEmpty { return [254] }
            if let index = WireValues.strings.firstIndex(of: s) { return [UInt8(192 + index)] }
            precondition(s.utf8.count < 192)
            return [UInt8(s.utf8.count)] + Array(s.utf8)
        case .object(let id):
            guard let id else { return [0xF0] }
            let candidates = argument.interface.map { client.ids(of: $0) } ?? client.objects.keys.sorted()
            return [UInt8(candidates.firstIndex(of: id)!)]
        case .newID: return []
        case .latestString: return [0]
        case .doubles(let values): return [1, UInt8(values.count)] + values.flatMap(double)
        case .uints(let values): return [2, UInt8(values.count)] + values.flatMap(value32)
        case .bytes(let values): return [0, UInt8(values.count)] + values
        case .file(let size): return [UInt8(FileDescriptors.sizes.firstIndex(of: size)!)]
        case .filledFile(let size, let pattern):
            precondition(pattern.count == 4)
            return [2 << 3 | UInt8(FileDescriptors.sizes.firstIndex(of: size)!)] + pattern
        case .keymap: return [1 << 3]
        case .fileSize: return [0x60]
        case .recent(let v):
            guard let index = client.context.recentValues.firstIndex(of: v) else { preconditionFailure("\(v) was not sent lately") }
            return [UInt8(0x40 + index)]
        }
    }

    private func little(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }

    private func value32(_ v: UInt32) -> [UInt8] { v < 64 ? [UInt8(v)] : [0xE0] + little(v) }

    private func double(_ d: Double) -> [UInt8] {
        if d >= 0, d <= 504, d.truncatingRemainder(dividingBy: 8) == 0 { return [UInt8(d / 8)] }
        if d >= 0, d * 16 < 32, (d * 16).rounded() == d * 16 { return [UInt8(0x40 + Int(d * 16))] }
        if let index = WireValues.doubles.firstIndex(where: { $0.bitPattern == d.bitPattern }) { return [UInt8(0x60 + index)] }
        if (d * 16).rounded() == d * 16, abs(d * 16) < 32768 {
            let v = UInt16(bitPattern: Int16(d * 16))
            return [0x80, UInt8(v & 0xFF), UInt8(v >> 8)]
        }
        var raw: [UInt8] = [0xC0]
        withUnsafeBytes(of: d.bitPattern.littleEndian) { raw += $0 }
        return raw
    }

    // MARK: Other operations

    public func switchToClient(_ index: Int) { operation([20, UInt8(index)]) }
    public func pump() { operation([22]) }
    /// Plugs in an output of the first's size at `scale` (1 or 2).
    public func addOutput(scale: UInt8 = 1) { operation([29, scale == 2 ? 2 : 0]) }
    /// Unplugs the output at `index` in the layout.
    public func removeOutput(at index: UInt8) { operation([29, index * 2 + 1]) }
    public func frame(milliseconds: UInt8 = 16) { operation([27, milliseconds]) }
    public func reconnect() { operation([31]) }

    /// The pointer to (x, y) in layout points (rounded to what a byte holds).
    public func move(to x: Double, _ y: Double) {
        let (width, height) = session.layoutSize
        operation([24, 0, UInt8(min(x * 256 / width, 255)), UInt8(min(y * 256 / height, 255))])
    }

    /// Left (0), right (1) or middle (2) button.
    public func press(_ button: UInt8 = 0) { operation([24, 3, button]) }
    public func release(_ button: UInt8 = 0) { operation([24, 4, button]) }
    public func click(_ button: UInt8 = 0) { press(button); release(button) }

    /// An index in `FuzzSession.keys` (0 Alt, 1 Super, 2 Tab, 3 F4, 10 A…).
    public func keyDown(_ key: UInt8) { operation([24, 7, key]) }
    public func keyUp(_ key: UInt8) { operation([24, 8, key]) }

    public func scroll() { operation([24, 5, 0x41, 0x40, 0, 0x01]) }

    public func touchDown(_ id: UInt8, at x: Double, _ y: Double) {
        let (width, height) = session.layoutSize
        operation([24, 9, id, UInt8(min(x * 256 / width, 255)), UInt8(min(y * 256 / height, 255))])
    }
    public func touchUp(_ id: UInt8) { operation([24, 11, id]) }
}
