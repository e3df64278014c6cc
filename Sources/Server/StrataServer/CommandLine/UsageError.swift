/// A wrong command line or control request; `message` is one line, printed
/// as `strata: <message>`.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
