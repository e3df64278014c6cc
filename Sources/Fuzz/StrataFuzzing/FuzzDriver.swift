import CWaylandServer
import StrataProtocol
import StrataServer
#if canImport(Glibc)
import Glibc
#endif

/// Runs fuzz inputs against one in-process compositor on the headless
/// backend (two 320×240 outputs, manual frames, the first two windows at
/// known places). The server is made once
/// and serves input after input; each input's clients are gone at its end,
/// and what they left behind is checked (`Server.harnessCensus`).
///
/// An input is a program (see scripts/fuzz/README.md): a first byte for
/// how many clients (2 or 3), then operations until the bytes run out.
public final class FuzzDriver {
    public let server: Server
    public let table = ProtocolTable.strata
    /// The census of the server before any client came.
    public let baseline: [String: Int]
    public private(set) var inputsRun = 0
    /// What the last input's clients did: requests sent, errors received.
    public private(set) var lastSummary = ""
    /// Runs at the end of each input, before its clients hang up (a
    /// replay's `--screenshot`).
    public var atEndOfInput: ((Server) -> Void)?

    public static let configuration: ServerConfiguration = {
        var configuration = ServerConfiguration(width: 320, height: 240, scale: 1, socketName: "strata-fuzz", clock: .manual)
        configuration.outputCount = 2
        // The first two windows go to known places, overlapping (seeds
        // point at them); later ones are placed as usual.
        configuration.windowOrigins = [Point(x: 100, y: 60), Point(x: 140, y: 100)]
        return configuration
    }()

    public init() {
        // Protocol errors are the point: the clients get them, nothing else does.
        signal(SIGPIPE, SIG_IGN)
        // libwayland's own lines about malformed messages, as many.
        if getenv("STRATA_FUZZ_LOG") == nil { wl_log_set_handler_server { _, _ in } }
        server = Server(configuration: FuzzDriver.configuration)
        // Each input starts with the pointer here (so the cursor is on the scene from now on).
        server.seat!.handle(.pointerMotion(Point(x: 0, y: 0)))
        server.renderFrame()
        baseline = server.harnessCensus
    }

    /// Runs one input; nil when the server is back where it started, else
    /// what it kept of the input's clients.
    @discardableResult
    public func run(_ bytes: [UInt8]) -> String? {
        var input = FuzzInput(bytes)
        let session = FuzzSession(driver: self, clientCount: 2 + Int(input.byte() % 2))
        var operations = 0
        while !input.isExhausted, operations < FuzzSession.maximumOperations {
            session.step(&input)
            operations += 1
        }
        return finish(session)
    }

    /// Ends `session`: its clients hang up, and the server must have
    /// dropped everything of theirs.
    public func finish(_ session: FuzzSession) -> String? {
        session.pump()
        atEndOfInput?(server)
        let windows = server.harnessCensus["windows"] ?? 0
        lastSummary = session.summary + "; \(windows) windows at the end"
        session.tearDown()
        inputsRun += 1
        let census = server.harnessCensus
        // Removed outputs' globals are destroyed 5 s later (real time): not the clients' doing.
        let kept = census.filter { baseline[$0.key] != $0.value && $0.key != "retiringGlobals" }
        guard !kept.isEmpty else { return nil }
        return "the server kept state of clients that are gone: " + kept.keys.sorted().map {
            "\($0) \(baseline[$0] ?? 0) → \(kept[$0]!)"
        }.joined(separator: ", ")
    }
}
