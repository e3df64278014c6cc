#if canImport(Glibc)
import Glibc
#endif

/// Everything that can go wrong in StrataWayland, with text a person can act on.
public enum StrataWaylandError: Error, Equatable, CustomStringConvertible {
    /// wl_display_connect failed; `display` is the name tried (the one given, else $WAYLAND_DISPLAY, else wayland-0).
    case connectFailed(display: String, errno: Int32)
    /// The compositor does not advertise a global this client needs.
    case missingGlobal(String)
    /// The compositor posted a protocol error; the connection is dead.
    case protocolError(interfaceName: String, objectID: UInt32, code: UInt32)
    /// The connection failed for another reason (the compositor went away, an I/O error).
    case connectionLost(errno: Int32)
    /// A wait gave up; `what` says what was waited for.
    case timedOut(String)
    /// A shared memory file could not be made, sized or mapped.
    case sharedMemory(String, errno: Int32)
    /// An argument a request cannot carry (a negative size, a buffer outside its pool).
    case invalidArgument(String)

    public var description: String {
        switch self {
        case let .connectFailed(display, code):
            return "cannot connect to Wayland display '\(display)': \(SystemCalls.describe(errno: code))"
        case let .missingGlobal(interface):
            return "the compositor does not offer \(interface)"
        case let .protocolError(interface, id, code):
            let name = ProtocolErrorNames.name(interface: interface, code: code).map { " (\($0))" } ?? ""
            return "protocol error \(code)\(name) on \(interface)@\(id)"
        case let .connectionLost(code):
            return "the Wayland connection failed: \(SystemCalls.describe(errno: code))"
        case let .timedOut(what):
            return "timed out waiting for \(what)"
        case let .sharedMemory(what, code):
            return "\(what): \(SystemCalls.describe(errno: code))"
        case let .invalidArgument(what):
            return what
        }
    }
}
