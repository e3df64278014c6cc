import CStrataServerProtocol
import StrataProtocol
import StrataRender

/// One strata_layer_v1: the client's pending changes, and the RenderLayer
/// that the compositor draws, which only a commit changes.
final class ServerLayer: AnimatedLayer {
    let resource: WaylandResource
    /// Nil once the client destroyed its manager: the layer lives on, but
    /// nothing can commit it.
    private(set) weak var manager: LayerManager?

    /// Pending values of the plain properties; contents change only through `pendingContents`.
    var pending = RenderLayer.Properties()
    var pendingContents = PendingContents.unchanged
    /// Damage named since the last commit, in buffer pixels.
    var pendingDamage: [PixelRect] = []

    /// The pending tree. A layer has one superlayer once a commit is valid;
    /// in between it may briefly be listed under several (the commit then
    /// fails with already_parented).
    var pendingSublayers: [ServerLayer] = []
    var pendingSuperlayers = WeakList<ServerLayer>()
    var pendingRootOf = WeakList<LayerContext>()
    /// The layer whose alpha masks this one from the next commit (set_mask),
    /// and the layers that name this one as their mask.
    var pendingMask: ServerLayer?
    var pendingMaskOwners = WeakList<ServerLayer>()
    var maskChanged = false

    override var transitionShow: TransitionShow? {
        didSet { manager?.transitionBytes += (transitionShow?.bytes ?? 0) - (oldValue?.bytes ?? 0) }
    }

    // Bookkeeping of the manager's commit, kept here so that marking and
    // validating 10,000 changed layers costs no hashing.
    var isDirty = false
    var structureChanged = false
    var cycleWalk = 0
    var acyclicInCommit = 0
    /// Bytes of contents this layer holds now (width × height × 4).
    var contentsBytes: Int { model.contents.map { $0.width * $0.height * 4 } ?? 0 }

    /// Kept, because the resource is gone once the client destroys the layer.
    let id: UInt32

    init(resource: WaylandResource, manager: LayerManager) {
        self.resource = resource
        self.manager = manager
        id = wl_resource_get_id(resource)
        super.init()
        renderLayer.name = "\(id)"
    }

    // MARK: Animation events, told to the client

    override func animationStarted(_ animation: RunningAnimation) {
        let nanoseconds = UInt64(clamping: ClientValue.int((max(animation.beginTime, 0) * 1e9).rounded()))
        let seconds = nanoseconds / 1_000_000_000
        strata_layer_v1_send_animation_started(resource, animation.key, UInt32(truncatingIfNeeded: seconds >> 32),
                                               UInt32(truncatingIfNeeded: seconds), UInt32(nanoseconds % 1_000_000_000))
    }

    override func animationEnded(_ animation: RunningAnimation, finished: Bool) {
        strata_layer_v1_send_animation_ended(resource, animation.key, finished ? 1 : 0)
    }

    override func animationCountChanged(by delta: Int) { manager?.animationCount += delta }

    /// Takes the appearance before a commit that adds a transition, when the
    /// client's contents quota leaves room for its pictures.
    func captureAppearanceBeforeTransition(scale: Double) {
        let bytes = bytesForPendingTransition(pendingBounds: pending.bounds, scale: scale)
        let available = Int(manager?.limits.maxBufferBytes ?? 0) - (manager?.transitionBytes ?? 0) + (transitionShow?.bytes ?? 0)
            - (manager?.contentsBytesInUse ?? 0)
        captureAppearanceBeforeTransition(bytes: bytes, scale: scale, fits: bytes <= available)
    }

    /// A pending chain is released one layer at a time (the default release
    /// recurses once per level). Usually `destroy()` has emptied it already.
    deinit {
        var stack = pendingSublayers
        pendingSublayers = []
        while var layer = stack.popLast() {
            if isKnownUniquelyReferenced(&layer) {
                stack += layer.pendingSublayers
                layer.pendingSublayers = []
            }
        }
    }

    // Once per commit: the manager is a weak reference, dear to load per request.
    func changed() { if !isDirty { manager?.markDirty(self) } }

    private func violation(_ code: strata_layer_v1_error, _ message: String) -> ProtocolViolation {
        .layer(resource, code, "layer \(id): \(message)")
    }

    // MARK: Properties

    func setPosition(_ point: Point) throws(ProtocolViolation) {
        guard point.x.isFinite, point.y.isFinite else { throw violation(STRATA_LAYER_V1_ERROR_INVALID_VALUE, "position is not finite") }
        pending.position = point
        changed()
    }

    func setBounds(_ rect: Rect) throws(ProtocolViolation) {
        guard rect.width >= 0, rect.height >= 0 else {
            throw violation(STRATA_LAYER_V1_ERROR_INVALID_VALUE, "bounds size \(rect.width)×\(rect.height) is negative")
        }
        pending.bounds = rect
        changed()
    }

    func setAnchorPoint(_ point: Point) {
        pending.anchorPoint = point
        changed()
    }

    func setTransform(_ transform: AffineTransform) throws(ProtocolViolation) {
        let values = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
        guard values.allSatisfy(\.isFinite) else { throw violation(STRATA_LAYER_V1_ERROR_INVALID_VALUE, "transform is not finite") }
        // Replaces a 3-D transform too (version 4).
        pending.transform3D = Transform3D(transform)
        changed()
    }

    func setOpacity(_ opacity: Double) throws(ProtocolViolation) {
        guard (0...1).contains(opacity) else { throw violation(STRATA_LAYER_V1_ERROR_INVALID_VALUE, "opacity \(opacity) is outside 0...1") }
        pending.opacity = opacity
        changed()
    }

    func setHidden(_ value: UInt32) throws(ProtocolViolation) {
        pending.isHidden = try boolean(value, "hidden")
        changed()
    }

    func setMasksToBounds(_ value: UInt32) throws(ProtocolViolation) {
        pending.masksToBounds = try boolean(value, "masks_to_bounds")
        changed()
    }

    func setOpaque(_ value: UInt32) throws(ProtocolViolation) {
        pending.isOpaque = try boolean(value, "opaque")
        changed()
    }

    func setBackgroundColor(_ color: Color) throws(ProtocolViolation) {
        for component in [color.red, color.green, color.blue, color.alpha] where !(0...1).contains(component) {
            throw violation(STRATA_LAYER_V1_ERROR_INVALID_VALUE, "color component \(component) is outside 0...1")
        }
        pending.backgroundColor = color.alpha > 0 ? color : nil
        changed()
    }

    func setContentsScale(_ scale: Double) throws(ProtocolViolation) {
        guard scale > 0, scale.isFinite else { throw violation(STRATA_LAYER_V1_ERROR_INVALID_VALUE, "contents scale \(scale) is not positive") }
        pending.contentsScale = scale
        changed()
    }

    func setContentsGravity(_ raw: UInt32) throws(ProtocolViolation) {
        guard let gravity = ContentsGravity(rawValue: raw) else {
            throw violation(STRATA_LAYER_V1_ERROR_INVALID_ENUM, "\(raw) is not a gravity")
        }
        pending.contentsGravity = gravity
        changed()
    }

    func setContentsRect(_ rect: Rect) throws(ProtocolViolation) {
        guard [rect.minX, rect.minY, rect.width, rect.height].allSatisfy(\.isFinite), rect.width >= 0, rect.height >= 0 else {
            throw violation(STRATA_LAYER_V1_ERROR_INVALID_VALUE, "contents rect size is negative or not finite")
        }
        pending.contentsRect = rect
        changed()
    }

    func setContentsCenter(_ rect: Rect) throws(ProtocolViolation) {
        guard rect.width >= 0, rect.height >= 0 else { throw violation(STRATA_LAYER_V1_ERROR_INVALID_VALUE, "contents center size is negative") }
        pending.contentsCenter = rect
        changed()
    }

    private func boolean(_ value: UInt32, _ name: String) throws(ProtocolViolation) -> Bool {
        guard value <= 1 else { throw violation(STRATA_LAYER_V1_ERROR_INVALID_VALUE, "\(name) must be 0 or 1, not \(value)") }
        return value == 1
    }

    // MARK: Contents

    func setContents(buffer: WaylandResource?, width: Int32, height: Int32) throws(ProtocolViolation) {
        guard let buffer else {
            releasePendingBuffer()
            pendingContents = .removed
            changed()
            return
        }
        guard width > 0, height > 0 else { throw violation(STRATA_LAYER_V1_ERROR_INVALID_VALUE, "contents size \(width)×\(height) is not positive") }
        let description: ShmBufferDescription
        do { description = try describeShmBuffer(buffer) } catch {
            throw violation(STRATA_LAYER_V1_ERROR_BAD_BUFFER, "\(error)")
        }
        guard description.width >= width, description.height >= height else {
            throw violation(STRATA_LAYER_V1_ERROR_BAD_BUFFER,
                            "buffer is \(description.width)×\(description.height) but the contents claim \(width)×\(height)")
        }
        if case .buffer(let previous, _, _) = pendingContents, previous.resource == buffer {} else { releasePendingBuffer() }
        pendingContents = .buffer(BufferReference(resource: buffer), width: Int(width), height: Int(height))
        changed()
    }

    func damageContents(x: Int32, y: Int32, width: Int32, height: Int32) throws(ProtocolViolation) {
        guard width >= 0, height >= 0 else { throw violation(STRATA_LAYER_V1_ERROR_INVALID_VALUE, "damage size is negative") }
        // Edges clamped to ±2^29 (ClientValue.rect), so unions of damage never overflow.
        pendingDamage.append(ClientValue.rect(x: x, y: y, width: width, height: height))
        // A client that damages without committing cannot grow this without end.
        if pendingDamage.count > 64 { pendingDamage = [pendingDamage.dropFirst().reduce(pendingDamage[0]) { $0.union($1) }] }
        changed()
    }

    /// A buffer attached but never read (replaced, removed or its layer
    /// destroyed before commit) goes back to the client, which is waiting
    /// for wl_buffer.release before it reuses it.
    private func releasePendingBuffer() {
        if case .buffer(let previous, _, _) = pendingContents, let resource = previous.resource {
            wl_buffer_send_release(resource)
        }
    }

    // MARK: Tree

    func insertSublayer(_ sublayer: ServerLayer, at index: UInt32) throws(ProtocolViolation) {
        guard sublayer.manager === manager else {
            throw violation(STRATA_LAYER_V1_ERROR_INVALID_VALUE, "sublayer \(sublayer.id) belongs to another strata_layers_v1")
        }
        // Moving within this layer: take it out first (skip the scan when it
        // is new here, so appending thousands of sublayers stays linear).
        if sublayer.pendingSuperlayers.objects.contains(where: { $0 === self }) {
            pendingSublayers.removeAll { $0 === sublayer }
        }
        guard Int(index) <= pendingSublayers.count else {
            throw violation(STRATA_LAYER_V1_ERROR_INVALID_VALUE, "index \(index) is past the \(pendingSublayers.count) sublayers")
        }
        pendingSublayers.insert(sublayer, at: Int(index))
        sublayer.pendingSuperlayers.insert(self)
        manager?.markStructureChanged(self)
        manager?.markStructureChanged(sublayer)
    }

    func removeFromSuperlayer() {
        for superlayer in pendingSuperlayers.objects {
            superlayer.pendingSublayers.removeAll { $0 === self }
            manager?.markStructureChanged(superlayer)
        }
        pendingSuperlayers.removeAll()
        manager?.markStructureChanged(self)
    }

    /// The client destroyed the object. Sublayers lose this superlayer; the
    /// layer itself must be out of every tree by the next commit.
    func destroy() {
        isDestroyed = true
        for sublayer in pendingSublayers {
            sublayer.pendingSuperlayers.remove(self)
            manager?.markStructureChanged(sublayer)
        }
        pendingSublayers = []
        // A destroyed mask stops masking at the next commit.
        for owner in pendingMaskOwners.objects where owner.pendingMask === self {
            owner.pendingMask = nil
            owner.maskChanged = true
            owner.changed()
        }
        pendingMaskOwners.removeAll()
        releasePendingBuffer()
        pendingContents = .removed
        discardAnimations()
        manager?.layerDestroyed(self)
    }
}

/// What the next commit does to a layer's contents.
enum PendingContents {
    case unchanged
    case removed
    case buffer(BufferReference, width: Int, height: Int)
}
