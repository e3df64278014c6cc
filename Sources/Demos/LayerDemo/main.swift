// strata-layer-demo: shows a fixed layer scene through strata-layers-v1.
//
// Connects to $WAYLAND_DISPLAY, opens a toplevel, builds the scene's layer
// tree and commits it in one strata_layers_v1.commit, waits until the
// compositor presented it, prints `presented <serial>`, then stays
// connected for --hold seconds or until the window is closed or the
// process gets SIGTERM/SIGINT.
//
// Exit status: 0 after a normal run, 1 when the compositor cannot be used,
// 2 for bad arguments.

import StrataProtocol
import StrataWayland

#if canImport(Glibc)
import Glibc
#endif

func fail(_ message: String, status: Int32) -> Never {
    fputs("strata-layer-demo: \(message)\n", stderr)
    exit(status)
}

let options: Options
switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
case let .run(parsed): options = parsed
case .help: print(Options.usage); exit(0)
case let .bad(message): fail("\(message); \(Options.usage)", status: 2)
}

/// Set from the signal handler; the hold loop wakes up often enough to see it.
var stopRequested: sig_atomic_t = 0
signal(SIGTERM) { _ in stopRequested = 1 }
signal(SIGINT) { _ in stopRequested = 1 }

do {
    let connection = try Connection()
    guard let manager = connection.layerManager else {
        fail("the compositor does not offer strata_layers_v1", status: 1)
    }

    let toplevel = try WaylandToplevel(connection: connection, title: options.title, appID: "org.strata.LayerDemo")
    try toplevel.waitForConfigure()
    // Completes the configure handshake; the window's content is the layer tree.
    toplevel.commit()

    let scene = try options.scene.build(with: manager, connection: connection)
    let context = manager.context(for: toplevel)
    context.setRootLayer(scene.root)
    try manager.waitUntilCanCommit()
    let serial = manager.commit()
    let presented = try connection.dispatch(until: { manager.isPresented(serial) || stopRequested != 0 }, timeout: 10)
    guard manager.isPresented(serial) else {
        fail(presented ? "stopped before commit \(serial) was presented" : "timed out waiting for presented \(serial)", status: 1)
    }
    print("presented \(serial)")
    fflush(stdout)

    let deadline = options.hold.map { SystemClock.now + $0 }
    while stopRequested == 0 && !toplevel.closeRequested {
        var wait = 0.25
        if let deadline {
            let remaining = deadline - SystemClock.now
            if remaining <= 0 { break }
            wait = min(wait, remaining)
        }
        try connection.dispatch(timeout: wait)
    }

    withExtendedLifetime((context, scene)) {}
} catch {
    fail("\(error)", status: 1)
}

enum SystemClock {
    /// CLOCK_MONOTONIC in seconds.
    static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
