import CStrataServerProtocol
import CWaylandServer
import StrataRender

/// zwlr_screencopy_manager_v1, version 3: copies an output, or a region
/// of it, into a client's wl_shm buffer, as grim and screen recorders ask.
/// Damage is kept in layout pixels (each output's pixels at its place).
/// Offered to every client, as sway does, so grim just works; `strata run
/// --restrict-privileged` is to offer it only to clients Strata started.
///
/// The cursor is part of Strata's composited scene, so copies always show
/// it, whatever overlay_cursor says.
final class ScreencopyManagerGlobal {
    static let version: Int32 = 3
    unowned let server: Server
    private var global: Global?
    /// Every binding; each keeps the damage since its own last copy.
    private var managers: [Weak<ScreencopyManager>] = []
    /// When the latest frame reached the screen; nil before the first.
    private(set) var lastPresentation: PresentationTime?

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_zwlr_screencopy_manager_v1_interface(),
                        version: ScreencopyManagerGlobal.version) { [unowned self] client, version, id in
            let manager = ScreencopyManager(global: self)
            guard let resource = makeResource(client: client, interface: strata_zwlr_screencopy_manager_v1_interface(),
                                              version: Int32(version), id: id,
                                              implementation: ScreencopyManager.implementation, object: manager)
            else { return }
            manager.resource = resource
            self.managers.removeAll { $0.object == nil }
            self.managers.append(Weak(manager))
        }
        if global == nil { return nil }
        server.addPresentationObserver { [weak self] time in self?.frameDidRender(at: time) }
    }

    /// Every output, in layout pixels.
    var layoutRect: PixelRect { server.layoutPixelRect }

    /// A frame was composited: its damage goes to every binding, and the
    /// copies waiting for it are made.
    private func frameDidRender(at time: PresentationTime) {
        lastPresentation = time
        let damage = server.lastFrameStats?.damage ?? []
        for manager in managers.compactMap(\.object) { manager.frameDidRender(damage: damage, at: time) }
    }

    /// An output left the layout: copies of it still waiting fail, and
    /// since the others may have moved, every binding's damage is the whole layout.
    func outputRemoved(_ output: Output) {
        for manager in managers.compactMap(\.object) { manager.outputRemoved(output) }
        layoutChanged()
    }

    /// An output turned off: copies waiting for it fail, as nothing will be drawn on it
    /// (and it is drawn whole when on again).
    func outputPowerChanged(_ output: Output) {
        guard !output.isPoweredOn else { return }
        for manager in managers.compactMap(\.object) { manager.outputRemoved(output) }
    }

    /// Outputs were added or moved: the next copy_with_damage of any output reports all of it.
    func layoutChanged() {
        for manager in managers.compactMap(\.object) { manager.damageAll() }
    }

    /// Serves a copy request: now when the screen is up to date, else after
    /// the next frame (which a manually clocked server renders at once, as
    /// `strata screenshot` does).
    func schedule(_ frame: ScreencopyFrame) {
        if let lastPresentation, !server.isFrameScheduled, frame.isReady {
            frame.complete(at: lastPresentation)
            return
        }
        frame.manager.wait(for: frame)
        // copy_with_damage without damage waits for a frame that brings some, whenever it comes.
        guard frame.isReady else { return }
        if server.configuration.clock == .manual { server.renderFrame() } else { server.scheduleFrame() }
    }
}

/// One client's binding of the manager: makes frames and remembers what
/// changed on screen since its last copy (copy_with_damage).
final class ScreencopyManager {
    unowned let global: ScreencopyManagerGlobal
    var resource: WaylandResource?
    /// Layout pixels changed since this binding's last copy of their output: all of them before its first.
    private(set) var damage: [PixelRect]
    /// Copies waiting for the next frame, or for damage.
    private var waiting: [ScreencopyFrame] = []
    /// Past this many rects the damage is kept as their bounding box.
    static let damageRectLimit = 32

    init(global: ScreencopyManagerGlobal) {
        self.global = global
        damage = [global.layoutRect]
    }

    static func from(_ resource: WaylandResource?) -> ScreencopyManager? {
        resourceObject(resource, as: ScreencopyManager.self, interface: strata_zwlr_screencopy_manager_v1_interface())
    }

    /// The damage inside `region`, in the region's coordinates.
    func damage(in region: PixelRect) -> [PixelRect] {
        damage.map { $0.intersection(region) }.filter { !$0.isEmpty }
            .map { PixelRect(x: $0.x - region.x, y: $0.y - region.y, width: $0.width, height: $0.height) }
    }

    /// A copy of `output` was made: its damage counts from now.
    func copied(_ output: Output) {
        let rect = output.pixelRect
        // What other outputs' parts of a rect missed is still to be copied from them.
        damage = damage.flatMap { $0.subtracting(rect) }
    }

    func wait(for frame: ScreencopyFrame) { waiting.append(frame) }

    func outputRemoved(_ output: Output) {
        let gone = waiting.filter { $0.output === output }
        waiting.removeAll { $0.output === output }
        for frame in gone { frame.fail() }
    }

    func damageAll() { damage = [global.layoutRect] }
    func stopWaiting(for frame: ScreencopyFrame) { waiting.removeAll { $0 === frame } }

    func frameDidRender(damage newDamage: [PixelRect], at time: PresentationTime) {
        // A rect inside one already kept adds nothing (the first frame's full damage, say).
        for rect in newDamage where !damage.contains(where: { $0.intersection(rect) == rect }) {
            damage.removeAll { rect.intersection($0) == $0 }
            damage.append(rect)
        }
        if damage.count > ScreencopyManager.damageRectLimit {
            let box = damage.dropFirst().reduce(damage[0]) { a, b in
                let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
                return PixelRect(x: x0, y: y0, width: max(a.x + a.width, b.x + b.width) - x0,
                                 height: max(a.y + a.height, b.y + b.height) - y0)
            }
            damage = [box]
        }
        let due = waiting.filter(\.isReady)
        waiting.removeAll { $0.isReady }
        for frame in due { frame.complete(at: time) }
    }

    /// `region`: in layout pixels, within the output; nil for all of it.
    private func capture(id: UInt32, output: Output, region: PixelRect?) {
        guard let resource else { return }
        _ = ScreencopyFrame(manager: self, parent: resource, id: id, output: output, region: region ?? output.pixelRect)
    }

    /// The output behind a wl_output argument (libwayland checked its type);
    /// nil for one no longer in the layout, whose frame fails.
    private static func output(_ resource: WaylandResource?) -> Output? {
        resourceObject(resource, as: OutputGlobal.self)?.liveOutput
    }

    /// A frame that fails at once: its output went (an empty region is answered with failed).
    private func captureRemovedOutput(id: UInt32) {
        capture(id: id, output: global.server.outputs[0], region: PixelRect(x: 0, y: 0, width: 0, height: 0))
    }

    static let implementation: UnsafeRawPointer = {
        var i = zwlr_screencopy_manager_v1_interface()
        i.capture_output = { _, resource, id, _, output in
            guard let manager = ScreencopyManager.from(resource) else { return }
            guard let captured = ScreencopyManager.output(output) else { return manager.captureRemovedOutput(id: id) }
            manager.capture(id: id, output: captured, region: nil)
        }
        i.capture_output_region = { _, resource, id, _, output, x, y, width, height in
            guard let manager = ScreencopyManager.from(resource) else { return }
            guard let captured = ScreencopyManager.output(output) else { return manager.captureRemovedOutput(id: id) }
            // Output-local logical coordinates (points) to layout pixels, clipped to the output.
            // The region's edges are clamped to ±2^29 points first (ClientValue.rect).
            let scale = Int(captured.scale)
            let place = captured.pixelRect
            let points = ClientValue.rect(x: x, y: y, width: width, height: height)
            let asked = PixelRect(x: place.x + ClientValue.product(points.x, scale), y: place.y + ClientValue.product(points.y, scale),
                                  width: ClientValue.product(points.width, scale), height: ClientValue.product(points.height, scale))
            manager.capture(id: id, output: captured, region: asked.intersection(place))
        }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}

private extension PixelRect {
    /// The parts of this rect outside `other`: none, itself, or up to four bands around the overlap.
    func subtracting(_ other: PixelRect) -> [PixelRect] {
        let overlap = intersection(other)
        guard !overlap.isEmpty else { return [self] }
        let bottom = y + height, overlapBottom = overlap.y + overlap.height
        let parts = [
            PixelRect(x: x, y: y, width: width, height: overlap.y - y),
            PixelRect(x: x, y: overlapBottom, width: width, height: bottom - overlapBottom),
            PixelRect(x: x, y: overlap.y, width: overlap.x - x, height: overlap.height),
            PixelRect(x: overlap.x + overlap.width, y: overlap.y, width: x + width - overlap.x - overlap.width, height: overlap.height),
        ]
        return parts.filter { !$0.isEmpty }
    }
}

extension ScreencopyManagerGlobal: ServerExtension {}
