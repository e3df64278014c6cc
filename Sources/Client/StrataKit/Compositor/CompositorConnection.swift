import Dispatch
import Foundation
import StrataProtocol
import StrataWayland
#if canImport(Glibc)
import Glibc
#endif

/// The app's one connection to the compositor, served by the main queue.
///
/// Opened when the first window is shown, not at launch, so views, layers
/// and windows work without a compositor (as in a unit test). Events are
/// read by a dispatch read source on the main queue, following libwayland's
/// prepare_read / read_events / dispatch_pending protocol, so they are
/// handled on the main thread between other main-queue work, timers and
/// main-actor tasks.
final class CompositorConnection {
    let connection: Connection
    /// Who composites the windows: Strata, through strata_layers_v1, or this app.
    let mode: CompositingMode
    /// strata_layers_v1, when Strata composites.
    let layerManager: WaylandLayerManager?
    /// The app's own compositor, when it composites itself.
    let localCompositor: LocalCompositor?
    /// Turns changed CALayers into strata_layer_v1 requests, for Strata or for the local compositor.
    let encoder: LayerTransactionEncoder
    private var readSource: DispatchSourceRead?
    /// Called after events were dispatched (the app schedules an update).
    var onEvents: (() -> Void)?
    /// Called when the connection failed (the compositor went away or posted an error).
    var onFailure: ((Error) -> Void)?

    /// The outputs' scale, the windows' `screenScale`.
    private(set) var outputScale: OutputScales?
    var screenScale: CGFloat { CGFloat(outputScale?.scale ?? 1) }
    /// Input from the compositor's seat, if it has one.
    private var seatInput: SeatInput?
    /// The compositor's clipboard (wl_data_device_manager), behind `UIPasteboard.general`.
    private(set) var clipboard: Clipboard?

    /// A commit was held back by flow control; the next presented event runs the update.
    var isCommitHeldBack = false
    /// Something other than layer changes needs a commit (a context went away).
    var needsCommit = false
    /// The serial of the latest commit and what it carried (for tests).
    var lastCommitSerial: UInt32?
    var lastSummary = LayerTransactionEncoder.Summary() {
        didSet { commitObserver?(lastSummary) }
    }
    /// Hears what every commit carried (for tests that must see each one).
    var commitObserver: ((LayerTransactionEncoder.Summary) -> Void)?

    /// The connection of this process, once `open()` made it.
    private(set) static var current: CompositorConnection?

    /// The current connection, or a new one to `$WAYLAND_DISPLAY`.
    static func open() throws -> CompositorConnection {
        if let current, current.connection.isConnected { return current }
        let made = try CompositorConnection(connection: Connection())
        // A Wayland app whose compositor is gone cannot go on: it says why and exits.
        made.onFailure = { error in
            FileHandle.standardError.write(Data("StrataKit: lost the compositor connection: \(error)\n".utf8))
            CompositorConnection.close()
            UIApplication.shared.terminationHandler(1)
        }
        current = made
        return made
    }

    /// Forgets the current connection (after a failure, or when the app ends).
    static func close() {
        current?.readSource?.cancel()
        current?.readSource = nil
        // Its proxies go before the display they live on.
        current?.outputScale = nil
        current?.clipboard = nil
        current?.seatInput = nil
        current?.connection.disconnect()
        current = nil
    }

    init(connection: Connection) throws {
        self.connection = connection
        mode = try CompositingMode.choose(compositorHasLayers: connection.layerManager != nil)
        switch mode {
        case .server:
            let manager = try connection.requireLayerManager()
            if manager.limits == nil { try manager.waitForLimits() }
            layerManager = manager
            localCompositor = nil
            encoder = LayerTransactionEncoder(transport: WireLayerTransport(manager: manager, connection: connection))
        case .client:
            layerManager = nil
            let local = LocalCompositor()
            localCompositor = local
            encoder = LayerTransactionEncoder(transport: local)
        }
        outputScale = OutputScales(connection: connection)
        let seat = connection.bindSeat()
        clipboard = seat.flatMap { connection.bindClipboard(seat: $0) }
        seatInput = seat.map(SeatInput.init)
        // The registry's outputs, then their scale events.
        try connection.roundtrip()
        try connection.roundtrip()
        outputScale?.onChange = { [weak self] _ in
            for window in UIApplication.shared.windows { self?.updateScale(of: window) }
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: connection.fileDescriptor, queue: .main)
        source.setEventHandler { [weak self] in self?.readEvents() }
        source.resume()
        readSource = source
        layerManager?.onPresented = { [weak self] _ in
            guard let self, self.isCommitHeldBack else { return }
            UpdateCycle.shared.schedule()
        }
    }

    /// Whether app-composited windows take fractional scales where the
    /// compositor offers them; off, they keep integer buffer scales (tests
    /// compare the two).
    static var usesFractionalScaling = true

    /// A window's scale is the one the compositor prefers for it, where it
    /// says (wp_fractional_scale_v1, when the app composites), else that of
    /// the outputs its surface is on (the largest), or of all outputs until
    /// the compositor says where it is.
    func updateScale(of window: UIWindow) {
        if let preferred = window.surface?.presenter?.scaling?.preferredScale {
            if window.screenScale != CGFloat(preferred) { window.screenScale = CGFloat(preferred) }
            return
        }
        guard let outputScale else { return }
        let scale = CGFloat(window.surface.map { outputScale.scale(ofOutputs: $0.toplevel.outputs) } ?? outputScale.scale)
        if window.screenScale != scale { window.screenScale = scale }
    }

    /// The socket is readable: read and dispatch, as libwayland requires of
    /// a client that polls its fd itself. Events other calls already queued
    /// are dispatched before reading, so none waits for the next packet.
    private func readEvents() {
        do { try connection.readAndDispatch() } catch { return fail(error) }
        onEvents?()
        // Handlers answer some events at once (acks, pongs): send them now,
        // not with the next update, which may be far off.
        flush()
    }

    /// Dispatches events already read (by a roundtrip, say) but not yet handled.
    func dispatchPending() {
        do { try connection.dispatchPending() } catch { fail(error) }
    }

    /// Sends every queued request. When the socket is full, waits until it
    /// takes more: a turn's requests must all leave before the app sleeps.
    func flush() {
        do {
            while try !connection.flush() {
                var entry = pollfd(fd: connection.fileDescriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&entry, 1, 100)
            }
        } catch {
            fail(error)
        }
    }

    private func fail(_ error: Error? = nil) {
        let reason = error ?? StrataWaylandError.connectionLost(errno: connection.errorCode)
        readSource?.cancel()
        readSource = nil
        onFailure?(reason)
    }
}
