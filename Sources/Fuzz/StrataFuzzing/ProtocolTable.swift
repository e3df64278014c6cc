import CStrataServerProtocol
import CWaylandServer
import StrataServer

/// One argument of a request or event, as a wl_message signature spells it.
public enum WireType: Character, Sendable {
    case int = "i", uint = "u", fixed = "f", string = "s", object = "o", newID = "n", array = "a", fd = "h"
}

public struct WireArgument: Sendable {
    public let type: WireType
    public let nullable: Bool
    /// The interface of an object or new_id argument; nil for any object,
    /// or for wl_registry.bind's new_id, which names its interface itself.
    public let interface: String?
}

public struct WireMessage: Sendable {
    public let name: String
    public let opcode: Int
    /// The version of the interface the message appeared in.
    public let since: Int
    public let arguments: [WireArgument]
    /// A request that destroys its object. wl_message does not say so; in
    /// every protocol Strata serves the destructors are exactly the
    /// requests with these names.
    public var isDestructor: Bool { ["destroy", "release", "unlock_and_destroy"].contains(name) }
}

public struct WireInterface: Sendable {
    public let name: String
    public let requests: [WireMessage]
    public let events: [WireMessage]
}

/// Every interface a client can reach from the globals Strata serves, with
/// its requests and events, read from libwayland's interface tables
/// (wayland-scanner's output of each protocol's XML, compiled into the
/// server): the fuzzer composes exactly the messages the server decodes.
public struct ProtocolTable: Sendable {
    /// By name.
    public let interfaces: [String: WireInterface]
    /// Each interface's place in a fixed order: wl_display, wl_registry,
    /// wl_callback, then each global as `Server.servedGlobalInterfaces`
    /// lists them, each followed by the interfaces its messages reach
    /// (breadth first) that no earlier one reached. An input picks
    /// interfaces by their place in it, so a global added at the end of the
    /// list, and all it reaches, come after every existing place: existing
    /// inputs pick what they picked.
    public let rank: [String: Int]
    /// The globals, in `Server.servedGlobalInterfaces` order, with the version served.
    public let globals: [(name: String, version: Int)]

    public static let strata = ProtocolTable()

    public init() {
        var interfaces: [String: WireInterface] = [:]
        var rank: [String: Int] = [:]
        let served = Server.servedGlobalInterfaces
        // Each root and what it reaches before the next root: a global added
        // at the end of the served list ranks its own interfaces last.
        let roots = [strata_wl_display_interface()!, strata_wl_registry_interface()!, strata_wl_callback_interface()!]
            + served.map(\.interface)
        for root in roots {
            var queue = [root]
            var next = 0
            while next < queue.count {
                let interface = queue[next]
                next += 1
                let name = String(cString: interface.pointee.name)
                guard interfaces[name] == nil else { continue }
                let requests = ProtocolTable.messages(interface.pointee.methods, count: Int(interface.pointee.method_count))
                let events = ProtocolTable.messages(interface.pointee.events, count: Int(interface.pointee.event_count))
                interfaces[name] = WireInterface(name: name, requests: requests.map(\.message), events: events.map(\.message))
                rank[name] = rank.count
                queue += requests.flatMap(\.referenced) + events.flatMap(\.referenced)
            }
        }
        self.interfaces = interfaces
        self.rank = rank
        globals = served.map { (String(cString: $0.interface.pointee.name), Int($0.version)) }
    }

    private static func messages(_ table: UnsafePointer<wl_message>?, count: Int)
        -> [(message: WireMessage, referenced: [UnsafePointer<wl_interface>])] {
        guard let table else { return [] }
        return (0..<count).map { opcode in
            let message = table[opcode]
            var since = 0
            var arguments: [WireArgument] = []
            var referenced: [UnsafePointer<wl_interface>] = []
            var nullable = false
            for character in String(cString: message.signature) {
                if let digit = character.wholeNumberValue, arguments.isEmpty, !nullable {
                    since = since * 10 + digit
                } else if character == "?" {
                    nullable = true
                } else if let type = WireType(rawValue: character) {
                    let interface = message.types?[arguments.count]
                    if let interface { referenced.append(interface) }
                    arguments.append(WireArgument(type: type, nullable: nullable,
                                                  interface: interface.map { String(cString: $0.pointee.name) }))
                    nullable = false
                }
            }
            return (WireMessage(name: String(cString: message.name), opcode: opcode, since: max(since, 1),
                                arguments: arguments), referenced)
        }
    }

    public func request(_ interface: String, _ name: String) -> WireMessage? {
        interfaces[interface]?.requests.first { $0.name == name }
    }
}
