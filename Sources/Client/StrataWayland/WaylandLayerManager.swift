import CStrataClientProtocol
import StrataProtocol

/// When a commit reached the screen: the strata_layers_v1.presented event.
public struct Presentation: Hashable, Sendable {
    /// The serial of the commit (every earlier commit was presented too).
    public var serial: UInt32
    /// CLOCK_MONOTONIC time of the output frame that first showed it.
    public var seconds: UInt64
    public var nanoseconds: UInt32
    /// The output's refresh period in nanoseconds.
    public var refresh: UInt32

    /// `seconds` and `nanoseconds` together, in nanoseconds.
    public var time: UInt64 { seconds &* 1_000_000_000 &+ UInt64(nanoseconds) }
}

/// One binding of strata_layers_v1: creates layers and contexts, commits
/// the client's pending layer state, and keeps count of commits in flight.
///
/// The compositor answers each commit with `presented`; at most
/// `limits.maxPendingCommits` may be unanswered. `commit` does not refuse a
/// commit over that limit (tests send one on purpose); check `canCommit` or
/// call `waitUntilCanCommit` first.
public final class WaylandLayerManager {
    let display: WaylandDisplay
    /// The strata_layers_v1 proxy; nil after `destroy()`.
    public private(set) var proxy: OpaquePointer?

    /// The quotas from the limits event; nil until it arrived.
    public private(set) var limits: Limits?
    /// Serials committed and not yet presented, oldest first.
    public private(set) var inFlightSerials: [UInt32] = []
    /// The latest presented event.
    public private(set) var lastPresentation: Presentation?
    /// How many presented events arrived.
    public private(set) var presentedCount = 0
    /// Called for every presented event, after the bookkeeping.
    public var onPresented: ((Presentation) -> Void)?

    /// The serial `commit()` uses when none is given; counts up from 1.
    public private(set) var nextSerial: UInt32 = 1

    init(proxy: OpaquePointer, display: WaylandDisplay) {
        self.proxy = proxy
        self.display = display
        strata_layers_v1_add_listener(proxy, layersListener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { destroy() }

    /// The object id on the wire (0 once destroyed), to compare with protocol errors.
    public var objectID: UInt32 { display.objectID(of: proxy) }

    /// A new layer with Core Animation's default properties.
    public func createLayer() -> Layer {
        let layer = proxy.flatMap { display.isConnected ? strata_layers_v1_create_layer($0) : nil }
        return Layer(proxy: layer, display: display)
    }

    /// A layer whose animation events are delivered to it (see `Layer.onAnimationEvent`).
    public func createLayer(listening: Bool) -> Layer {
        let layer = createLayer()
        if listening { layer.listen() }
        return layer
    }

    /// A context binding a layer tree to the toplevel's surface.
    public func context(for toplevel: WaylandToplevel) -> Context {
        let context = context(forSurface: toplevel.surface)
        context.toplevel = toplevel
        return context
    }

    /// A context for any wl_surface, so tests can try surfaces without the toplevel role.
    public func context(forSurface surface: OpaquePointer?) -> Context {
        var context: OpaquePointer?
        if let proxy, let surface, display.isConnected { context = strata_layers_v1_get_context(proxy, surface) }
        return Context(proxy: context, display: display)
    }

    /// Sends strata_layers_v1.commit with `serial` (default: `nextSerial`,
    /// which then counts up) and returns the serial sent. Flushes.
    @discardableResult
    public func commit(serial: UInt32? = nil) -> UInt32 {
        let serial = serial ?? nextSerial
        nextSerial = serial &+ 1
        guard let proxy, display.isConnected else { return serial }
        strata_layers_v1_commit(proxy, serial)
        inFlightSerials.append(serial)
        _ = try? display.flush()
        return serial
    }

    /// Whether one more commit stays within max_pending_commits (true while the limits are unknown).
    public var canCommit: Bool {
        guard let limits else { return true }
        return inFlightSerials.count < Int(limits.maxPendingCommits)
    }

    /// Whether a commit with `serial` is no longer in flight, once any
    /// presented event arrived. (Serials are the client's; this does not
    /// remember which ones were ever sent.)
    public func isPresented(_ serial: UInt32) -> Bool {
        !inFlightSerials.contains(serial) && presentedCount > 0
    }

    /// Dispatches until the commit with `serial` was presented and returns
    /// the presentation that covered it. Throws `timedOut` after `timeout` seconds.
    @discardableResult
    public func waitForPresented(_ serial: UInt32, timeout: Double? = 5) throws -> Presentation {
        let done = try display.dispatch(until: { !self.inFlightSerials.contains(serial) && self.lastPresentation != nil },
                                        timeout: timeout)
        guard done, let presentation = lastPresentation else {
            throw StrataWaylandError.timedOut("presented \(serial)")
        }
        return presentation
    }

    /// Dispatches until fewer than max_pending_commits commits are in flight.
    public func waitUntilCanCommit(timeout: Double? = 5) throws {
        guard try display.dispatch(until: { self.canCommit }, timeout: timeout) else {
            throw StrataWaylandError.timedOut("a commit slot (\(inFlightSerials.count) commits in flight)")
        }
    }

    /// Waits for the limits event (sent right after binding).
    @discardableResult
    public func waitForLimits(timeout: Double? = 5) throws -> Limits {
        guard try display.dispatch(until: { self.limits != nil }, timeout: timeout), let limits else {
            throw StrataWaylandError.timedOut("strata_layers_v1.limits")
        }
        return limits
    }

    /// Destroys the binding. Its layers and contexts stay valid objects.
    public func destroy() {
        guard let proxy else { return }
        self.proxy = nil
        if display.isConnected { strata_layers_v1_destroy(proxy) }
    }

    /// The version bound: 2 and later carry animations; 3 and later corners,
    /// borders, shadows, shapes, gradients and masks.
    public var version: UInt32 { proxy.map { strata_layers_v1_get_version($0) } ?? 0 }

    fileprivate func handleLimits(_ limits: Limits) { self.limits = limits }

    fileprivate func handleAnimationLimits(perLayer: UInt32, perBinding: UInt32) {
        limits?.maxAnimationsPerLayer = perLayer
        limits?.maxAnimations = perBinding
    }

    fileprivate func handlePresented(_ presentation: Presentation) {
        // The event covers this commit and every earlier one.
        if let index = inFlightSerials.firstIndex(of: presentation.serial) {
            inFlightSerials.removeSubrange(...index)
        }
        lastPresentation = presentation
        presentedCount += 1
        onPresented?(presentation)
    }
}

private func manager(_ data: UnsafeMutableRawPointer?) -> WaylandLayerManager {
    Unmanaged<WaylandLayerManager>.fromOpaque(data!).takeUnretainedValue()
}

private let layersListener: UnsafeMutablePointer<strata_layers_v1_listener> = {
    let listener = UnsafeMutablePointer<strata_layers_v1_listener>.allocate(capacity: 1)
    listener.initialize(to: strata_layers_v1_listener(
        limits: { data, _, maxLayers, maxBufferBytes, maxPendingCommits in
            manager(data).handleLimits(Limits(maxLayers: maxLayers, maxBufferBytes: maxBufferBytes,
                                              maxPendingCommits: maxPendingCommits))
        },
        presented: { data, _, serial, secondsHigh, secondsLow, nanoseconds, refresh in
            manager(data).handlePresented(Presentation(
                serial: serial, seconds: UInt64(secondsHigh) << 32 | UInt64(secondsLow),
                nanoseconds: nanoseconds, refresh: refresh))
        },
        animation_limits: { data, _, perLayer, perBinding in
            manager(data).handleAnimationLimits(perLayer: perLayer, perBinding: perBinding)
        }))
    return listener
}()
