import CStrataClientProtocol
import Foundation
import Glibc
import StrataProtocol
import StrataRender
import StrataServer
import StrataWayland

// The seat's cost per pointer motion with 20 windows stacked, against a
// frame render of the same scene, measured in the same run. The windows
// come from a real client over the real socket; the client also binds
// wl_seat, so each motion is picked, routed, marshalled and flushed to it
// (a thread of the client reads them, as a live client would).

private let windowCount = 20
private let outputWidth = 1280, outputHeight = 800


/// Median seconds per call of `body`, over `rounds` rounds of `perRound` calls.
private func medianPerCall(rounds: Int, perRound: Int, _ body: (Int) -> Void) -> Double {
    var times: [Double] = []
    var i = 0
    for _ in 0..<rounds {
        let start = monotonicSeconds()
        for _ in 0..<perRound { body(i); i += 1 }
        times.append((monotonicSeconds() - start) / Double(perRound))
    }
    return times.sorted()[rounds / 2]
}

/// A pointer listener that only counts what arrives.
private final class PointerCounter: @unchecked Sendable {
    var events = 0
    let listener = UnsafeMutablePointer<wl_pointer_listener>.allocate(capacity: 1)
    init() {
        listener.initialize(to: wl_pointer_listener(
            enter: { data, _, _, _, _, _ in Unmanaged<PointerCounter>.fromOpaque(data!).takeUnretainedValue().events += 1 },
            leave: { data, _, _, _ in Unmanaged<PointerCounter>.fromOpaque(data!).takeUnretainedValue().events += 1 },
            motion: { data, _, _, _, _ in Unmanaged<PointerCounter>.fromOpaque(data!).takeUnretainedValue().events += 1 },
            button: { _, _, _, _, _, _ in }, axis: { _, _, _, _, _ in }, frame: { _, _ in },
            axis_source: { _, _, _ in }, axis_stop: { _, _, _, _ in }, axis_discrete: { _, _, _, _ in },
            axis_value120: { _, _, _, _ in }))
    }
}

/// What the client's reading thread shares with the benchmark; `reading`
/// is only ever set to false, and the thread sees it within one poll.
private final class ReaderState: @unchecked Sendable {
    let display: OpaquePointer
    var reading = true
    init(display: OpaquePointer) { self.display = display }
}

private var registryListener = wl_registry_listener(
    global: { data, registry, name, interface, _ in
        guard let interface, String(cString: interface) == "wl_seat" else { return }
        data!.storeBytes(of: OpaquePointer(wl_registry_bind(registry, name, strata_client_wl_seat_interface(), 7)), as: OpaquePointer?.self)
    },
    global_remove: { _, _, _ in })

func runSeatBenchmarks() {
    let runtime = NSTemporaryDirectory() + "strata-bench-\(getpid())-seat"
    try? FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(atPath: runtime) }
    setenv("XDG_RUNTIME_DIR", runtime, 1)
    let server = Server(configuration: ServerConfiguration(width: outputWidth, height: outputHeight, socketName: "bench-seat", clock: .manual))
    do { try server.addSocket() } catch {
        print("strata-bench: cannot start the compositor: \(error)")
        return
    }
    // Served on a thread while the client sets up; measured on this one once that loop has stopped.
    let served = DispatchSemaphore(value: 0)
    Thread { server.run(); served.signal() }.start()

    let connection: Connection
    var windows: [WaylandToplevel] = []
    var pool: ShmPool
    let counter = PointerCounter()
    do {
        connection = try Connection(name: "\(runtime)/bench-seat")
        let display = connection.wlDisplay!
        let seatSlot = UnsafeMutablePointer<OpaquePointer?>.allocate(capacity: 1)
        seatSlot.initialize(to: nil)
        let registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, &registryListener, seatSlot)
        try connection.roundtrip()
        guard let seat = seatSlot.pointee, let pointer = wl_seat_get_pointer(seat) else {
            print("strata-bench: no wl_seat")
            return
        }
        wl_pointer_add_listener(pointer, counter.listener, Unmanaged.passUnretained(counter).toOpaque())
        pool = try ShmPool(connection: connection, size: 400 * 300 * 4 * windowCount)
        for i in 0..<windowCount {
            let toplevel = try WaylandToplevel(connection: connection, title: "window \(i)")
            _ = try toplevel.waitForConfigure()
            let buffer = try pool.makeBuffer(offset: 400 * 300 * 4 * i, width: 400, height: 300,
                                             format: i % 2 == 0 ? .xrgb8888 : .argb8888)
            toplevel.present(buffer)
            windows.append(toplevel)
        }
        try connection.roundtrip()
    } catch {
        print("strata-bench: seat client failed: \(error)")
        server.terminate()
        served.wait()
        server.shutdown()
        return
    }
    server.terminate()
    served.wait()

    // The client reads its events on a thread of its own from here on.
    let state = ReaderState(display: connection.wlDisplay!)
    let reader = Thread {
        let display = state.display
        var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
        while state.reading {
            while wl_display_prepare_read(display) != 0 { wl_display_dispatch_pending(display) }
            if poll(&descriptor, 1, 10) > 0 { wl_display_read_events(display) } else { wl_display_cancel_read(display) }
            wl_display_dispatch_pending(display)
        }
    }
    reader.start()

    // A path over the stack: diagonals through every window, crossing edges
    // (enter and leave) as well as moving inside windows.
    func point(_ i: Int) -> Point {
        let t = Double(i % 400) / 400
        return Point(x: 20 + t * Double(outputWidth - 40), y: 20 + (i / 400 % 2 == 0 ? t : 1 - t) * Double(outputHeight - 40))
    }
    server.seat.handle(.pointerMotion(point(0)))
    let motion = medianPerCall(rounds: 15, perRound: 400) { i in
        server.seat.handle(.pointerMotion(point(i)))
        server.flushClients()
    }
    // The frame after a motion: only the cursor's old and new places are redrawn.
    let cursorFrame = medianPerCall(rounds: 15, perRound: 20) { i in
        server.seat.handle(.pointerMotion(point(i * 7)))
        server.renderFrame()
    }
    let renderer = SceneRenderer(width: outputWidth, height: outputHeight, scale: 1)
    let fullFrame = medianPerCall(rounds: 9, perRound: 3) { _ in
        renderer.invalidateAll()
        _ = renderer.render(server.scene)
    }

    // Let the client catch up before the count is read.
    var read = -1
    while read != counter.events { read = counter.events; Thread.sleep(forTimeInterval: 0.05) }
    state.reading = false
    Thread.sleep(forTimeInterval: 0.05)
    print("strata-bench: seat, \(windowCount) windows of 400×300 stacked on \(outputWidth)×\(outputHeight), one client bound to wl_seat (medians)")
    print("  pointer motion (pick, route, send, flush): \(String(format: "%.2f µs", motion * 1e6)) per event; "
          + "\(String(format: "%.4f", motion / fullFrame)) of a full frame render, \(String(format: "%.3f", motion / (cursorFrame - motion))) of a cursor-only frame")
    print("  full frame render of the same scene: \(String(format: "%.3f ms", fullFrame * 1000)); "
          + "motion + cursor-only frame: \(String(format: "%.3f ms", cursorFrame * 1000))")
    print("  pointer events the client read: \(read)")
    withExtendedLifetime((windows, pool)) {}
    server.shutdown()
}
