import StrataServer
#if canImport(Glibc)
import Glibc
#endif

// strata: the compositor (`strata run`) and the tools that talk to a running
// one over its control socket. Argument errors are one line and exit 2.

func fail(_ message: String, status: Int32) -> Never {
    fputs("strata: \(message)\n", stderr)
    exit(status)
}

func currentDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "/" }
    return String(cString: buffer)
}

let command: StrataCommand
do {
    command = try StrataArguments.parse(Array(CommandLine.arguments.dropFirst()), currentDirectory: currentDirectory())
} catch let error as UsageError {
    fail(error.message, status: 2)
} catch {
    fail("\(error)", status: 2)
}

guard let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), !runtime.isEmpty else {
    if command == .help { print(StrataArguments.usage); exit(0) }
    fail("XDG_RUNTIME_DIR is not set; it names the directory for the Wayland and control sockets", status: 1)
}

switch command {
case .help:
    print(StrataArguments.usage)

case .run(let options):
    let server = Server(configuration: options.configuration)
    do {
        try server.addSocket()
    } catch {
        server.shutdown()
        fail("\(error)", status: 1)
    }
    server.terminate(onSignals: [SIGINT, SIGTERM])
    fputs("strata: serving WAYLAND_DISPLAY=\(options.socketName) (\(options.width)x\(options.height) @\(options.scale)x)\n", stderr)
    server.run()
    server.shutdown()
    exit(0)

case .control(let socketName, let request):
    let path = Server.controlSocketPath(runtimeDirectory: runtime, socketName: socketName)
    do {
        let answer = try ControlClient.request(request.line, socketPath: path)
        if answer.hasPrefix("error:") {
            fail(String(answer.dropFirst("error:".count)).drop { $0 == " " }.description, status: 1)
        }
        print(answer)
    } catch {
        fail("\(error)", status: 1)
    }
}
