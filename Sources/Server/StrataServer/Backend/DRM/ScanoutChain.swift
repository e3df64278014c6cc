import CPixman
import StrataRender

/// One output's scanout: two buffers the display alternates between, each
/// with the damage it has missed since it was last shown, so a frame copies
/// only what changed. At most one page flip is in flight: a frame rendered
/// meanwhile waits for its completion, its damage added to both buffers.
final class ScanoutChain {
    let output: PlannedOutput
    private let device: DisplayDevice
    /// The renderer's shadow buffer, copied from.
    private let source: OpaquePointer
    private var buffers: [DamagedBuffer<ScanoutBuffer>]
    /// The buffer on screen, and the one a page flip is bringing there.
    private(set) var frontIndex: Int?
    private(set) var pendingIndex: Int?
    /// A frame arrived while a flip was in flight: show it when the flip completes.
    private(set) var presentWanted = false
    /// The CRTC must be set (first frame, or the session came back).
    private(set) var needsModeset = true
    /// The source's latest frame is on screen: no damage waits to be
    /// copied, flipped or have its flip complete.
    private(set) var isShowingLatestFrame = false
    /// Damage came after the flip in flight was queued: its completion shows an older frame.
    private var damagedSinceFlipQueued = false
    /// For tests, the log and `strata stats`: flips queued and completed,
    /// modesets and pixels copied so far.
    private(set) var flipsQueued = 0
    private(set) var flipsCompleted = 0
    private(set) var modesets = 0
    private(set) var pixelsCopied = 0

    static let driverOffersNoAtomic = "the driver offers no atomic modesetting"

    /// Atomic commits or legacy calls, chosen once when the chain is made.
    let path: ModesetPath

    var isFlipPending: Bool { pendingIndex != nil }

    /// `atomicOffered`: the device took DRM_CLIENT_CAP_ATOMIC. The chain then
    /// uses atomic commits if the CRTC, connector and a primary plane have the
    /// properties they need and the kernel accepts a test of the modeset;
    /// else legacy calls.
    /// `planesInUse`: the primary planes other monitors' chains show on.
    /// `noAtomicReason`: what the log says when `atomicOffered` is false.
    init(device: DisplayDevice, output: PlannedOutput, source: OpaquePointer, atomicOffered: Bool = false,
         noAtomicReason: String = ScanoutChain.driverOffersNoAtomic, planesInUse: Set<UInt32> = []) throws {
        self.device = device
        self.output = output
        self.source = source
        var made: [ScanoutBuffer] = []
        do {
            for _ in 0..<2 { made.append(try device.createScanoutBuffer(width: output.mode.width, height: output.mode.height)) }
        } catch {
            for buffer in made { device.destroyScanoutBuffer(buffer) }
            throw error
        }
        buffers = made.map { DamagedBuffer($0, pixels: $0.pixels, width: $0.width, height: $0.height, stride: $0.stride) }
        path = Self.choosePath(device: device, output: output, buffer: made[0], atomicOffered: atomicOffered,
                                 noAtomicReason: noAtomicReason, planesInUse: planesInUse)
    }

    private static func choosePath(device: DisplayDevice, output: PlannedOutput, buffer: ScanoutBuffer,
                                   atomicOffered: Bool, noAtomicReason: String, planesInUse: Set<UInt32>) -> ModesetPath {
        guard atomicOffered else { return .legacy(reason: noAtomicReason) }
        guard let objects = device.atomicOutput(crtc: output.crtc, connector: output.connector.id, planesInUse: planesInUse) else {
            return .legacy(reason: "no free primary plane or a needed property missing for CRTC \(output.crtc)")
        }
        do {
            try device.atomicCommit(.testModeset, output: objects, mode: output.mode, buffer: buffer)
        } catch {
            return .legacy(reason: "the atomic test commit was refused: \(error)")
        }
        return .atomic(objects)
    }

    /// What changed in the source since the last call.
    func addDamage(_ rects: [PixelRect]) {
        guard !rects.isEmpty else { return }
        for buffer in buffers { buffer.add(rects) }
        isShowingLatestFrame = false
        damagedSinceFlipQueued = true
    }

    /// DPMS: the monitor off, or on again with a modeset at the next frame
    /// that shows the whole buffer (frames were not flipped while it was off).
    func setPowered(_ on: Bool) throws {
        try device.setDisplayPower(on, path: path, crtc: output.crtc, connector: output.connector.id)
        if on { invalidate() }
    }

    /// Everything must be copied again (the other session drew on the screen).
    func invalidate() {
        for buffer in buffers { buffer.add([buffer.bounds]) }
        pendingIndex = nil
        frontIndex = nil
        needsModeset = true
        isShowingLatestFrame = false
    }

    /// Brings the screen up to date with the source: a modeset when needed,
    /// else a page flip to the buffer not on screen, unless one is in flight.
    func present() throws {
        if needsModeset {
            let index = frontIndex.map { 1 - $0 } ?? 0
            // Copied even if the kernel refuses: the buffer is current for the next try.
            copyDamage(into: buffers[index])
            switch path {
            case .atomic(let objects):
                try device.atomicCommit(.modeset, output: objects, mode: output.mode, buffer: buffers[index].handle)
            case .legacy:
                try device.setMode(crtc: output.crtc, connector: output.connector.id, mode: output.mode, buffer: buffers[index].handle)
            }
            needsModeset = false
            modesets += 1
            if let gamma {
                do {
                    try device.setGamma(crtc: output.crtc, ramps: gamma, atomic: path.atomicOutput)
                } catch {
                    ServerLog.logger.error("\(output.connector.name): cannot load the gamma again: \(error)")
                }
            }
            presentWanted = false
            frontIndex = index
            // A modeset returns once the CRTC shows the buffer.
            isShowingLatestFrame = true
            damagedSinceFlipQueued = false
            return
        }
        guard pendingIndex == nil else {
            presentWanted = true
            return
        }
        presentWanted = false
        let index = frontIndex.map { 1 - $0 } ?? 0
        let target = buffers[index]
        guard target.hasDamage else { return }
        // A refused flip leaves the buffer current, not pending: the next frame flips it.
        copyDamage(into: target)
        switch path {
        case .atomic(let objects):
            try device.atomicCommit(.flip, output: objects, mode: output.mode, buffer: target.handle)
        case .legacy:
            try device.pageFlip(crtc: output.crtc, buffer: target.handle)
        }
        pendingIndex = index
        damagedSinceFlipQueued = false
        flipsQueued += 1
    }

    /// The kernel shows the flipped buffer now; a frame that waited goes next.
    /// `presentWaiting` false (the session is away): the waiting frame stays waiting.
    func flipCompleted(presentWaiting: Bool = true) throws {
        guard let pendingIndex else { return }
        flipsCompleted += 1
        frontIndex = pendingIndex
        self.pendingIndex = nil
        if !damagedSinceFlipQueued { isShowingLatestFrame = true }
        if presentWanted, presentWaiting { try present() }
    }

    /// Entries in each of the CRTC's gamma ramps; 0: it has no gamma table.
    var gammaSize: Int { device.gammaSize(crtc: output.crtc, atomic: path.atomicOutput) }

    /// The gamma table the CRTC is to show, loaded again after each modeset
    /// (the first, or the session back), which may have reset it.
    var gamma: GammaRamps?

    /// Loads `ramps` into the CRTC now (nil: none), atomically when the chain is.
    func setGamma(_ ramps: GammaRamps?) throws {
        try device.setGamma(crtc: output.crtc, ramps: ramps, atomic: path.atomicOutput)
        gamma = ramps
    }

    private func copyDamage(into target: DamagedBuffer<ScanoutBuffer>) {
        pixelsCopied += target.copyDamage(from: source).reduce(0) { $0 + $1.area }
    }

    func destroy() {
        for buffer in buffers { device.destroyScanoutBuffer(buffer.handle) }
        buffers = []
    }
}
