import CWaylandServer
import StrataProtocol
import StrataRender
import StrataWayland
#if canImport(Glibc)
import Glibc
#endif

/// The outputs as windows on another Wayland compositor (the parent), one
/// per output (`NestedWindow`): the parent's pointer, keyboard and touch
/// become this compositor's seat. Closing a window takes its output out of
/// the layout; closing the last one ends the session. Built on
/// StrataWayland, the client layer StrataKit uses.
final class NestedBackend: OutputBackend {
    let parentName: String
    private let connection: Connection
    private(set) var windows: [NestedWindow]
    private let parentSeat: WaylandSeat?
    private let scale: Int
    private weak var server: Server?
    private var source: OpaquePointer?
    private var input: NestedInput?

    /// Connects to the parent (`parentName`, as WAYLAND_DISPLAY names it) and
    /// maps `count` windows of `width`×`height` pixels at `scale`, titled
    /// `title` (with the output's name after it when there are several).
    init(parentName: String, count: Int, width: Int, height: Int, scale: Int, title: String) throws {
        self.parentName = parentName
        self.scale = scale
        let connection = try Connection(name: parentName)
        self.connection = connection
        windows = try (1...max(count, 1)).map { number in
            let name = "WL-\(number)"
            return try NestedWindow(connection: connection, name: name, parentName: parentName, width: width, height: height,
                                    scale: scale, title: count > 1 ? "\(title) (\(name))" : title)
        }
        parentSeat = connection.bindSeat()
    }

    var outputs: [BackendOutput] { windows }

    var summary: String {
        let sizes = windows.map { "\($0.renderer.width)x\($0.renderer.height)" }
        let what = windows.count == 1 ? "a \(sizes[0]) window" : "\(windows.count) windows (\(sizes.joined(separator: ", ")))"
        return "\(what) at scale \(scale) on \(parentName)"
    }

    func attach(to server: Server) {
        self.server = server
        for window in windows {
            window.toplevel.onClose = { [unowned self, unowned window] in self.closed(window) }
            window.toplevel.onConfigure = { [unowned self, unowned window] configure in self.configured(window, configure) }
            // A parent that sized the window from the start (a tiling one) gets that size at once.
            if let first = window.toplevel.lastConfigure { configured(window, first) }
        }
        if let parentSeat {
            input = NestedInput(seat: parentSeat, server: server) { [unowned self] surface in self.layoutOrigin(of: surface) }
        }
        source = wl_event_loop_add_fd(server.eventLoop, connection.fileDescriptor, UInt32(WL_EVENT_READABLE), { _, mask, data in
            Unmanaged<NestedBackend>.fromOpaque(data!).takeUnretainedValue().parentReadable(mask: mask)
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
        // The first frame covers the whole window.
        server.scheduleFrame()
    }

    /// The parent asked to close `window`: its output leaves the layout and
    /// the window goes; the last one ends the session instead.
    private func closed(_ window: NestedWindow) {
        guard let server else { return }
        guard windows.count > 1, server.removeOutput(window) else {
            ServerLog.logger.info("the window of \(window.outputName) was closed: ending the session")
            server.terminate()
            return
        }
        ServerLog.logger.info("the window of \(window.outputName) was closed: the output is removed")
        windows.removeAll { $0 === window }
        // Destroyed once the parent's events are dispatched, not inside its own close handler.
        closedWindows.append(window)
    }

    /// Windows closed during this dispatch, destroyed after it.
    private var closedWindows: [NestedWindow] = []

    private func configured(_ window: NestedWindow, _ configure: WaylandToplevel.Configure) {
        if window.configured(configure) { server?.outputDidResize(window) }
    }

    /// Where the output shown in the parent's `surface` is in the layout:
    /// what the parent's surface-local input positions are offset by.
    private func layoutOrigin(of surface: OpaquePointer?) -> Point {
        guard let server, let window = windows.first(where: { $0.toplevel.surface == surface }),
              let output = server.outputs.first(where: { $0.device === window }) else { return .zero }
        return output.origin
    }

    private func parentReadable(mask: UInt32) {
        do {
            try connection.dispatch(timeout: 0)
            for window in closedWindows { window.destroy() }
            closedWindows = []
            _ = try connection.flush()
        } catch {
            ServerLog.logger.error("the parent compositor \(parentName) went away: \(error)")
            server?.terminate()
            return
        }
        if mask & UInt32(WL_EVENT_HANGUP | WL_EVENT_ERROR) != 0 {
            ServerLog.logger.error("the parent compositor \(parentName) closed the connection")
            server?.terminate()
        }
    }

    func stop() {
        if let source { wl_event_source_remove(source) }
        source = nil
        input = nil
        for window in windows + closedWindows { window.destroy() }
        closedWindows = []
        connection.disconnect()
    }
}

extension Server {
    /// `count` windows on the compositor named `parent` as the outputs (the nested backend).
    public static func nestedBackend(parent: String, count: Int = 1, width: Int, height: Int, scale: Int,
                                     title: String) throws -> OutputBackend {
        try NestedBackend(parentName: parent, count: count, width: width, height: height, scale: scale, title: title)
    }
}
