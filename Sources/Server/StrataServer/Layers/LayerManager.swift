import CStrataServerProtocol
import StrataProtocol
import StrataRender

/// One binding of strata_layers_v1: a client's transaction. Requests on its
/// layers and contexts mark them dirty here; `commit` validates every dirty
/// object and then applies them all, or posts one protocol error and
/// applies nothing.
final class LayerManager {
    let resource: WaylandResource
    let limits: Limits
    private unowned let global: LayersGlobal

    private var liveLayers = 0
    private var contentsBytes = 0
    var contentsBytesInUse: Int { contentsBytes }
    private var dirtyLayers: [ServerLayer] = []
    private var dirtyContexts: [LayerContext] = []
    /// Serials committed and not yet presented.
    private var inFlight: [UInt32] = []
    private var commitNumber = 0
    /// Animations held by this binding's layers, and adds not yet committed.
    var animationCount = 0
    /// Pixels held by running transitions (their before, after and frame
    /// images), which count against max_buffer_bytes with the contents.
    var transitionBytes = 0
    private var pendingAnimationAdds = 0
    private var walkNumber = 0

    init(resource: WaylandResource, global: LayersGlobal) {
        self.resource = resource
        self.global = global
        self.limits = global.limits
    }

    private func violation(_ code: strata_layers_v1_error, _ message: String) -> ProtocolViolation {
        ProtocolViolation(resource: resource, code: code.rawValue, message: message)
    }

    // MARK: Requests

    func createLayer(resource layerResource: WaylandResource) throws(ProtocolViolation) {
        guard liveLayers < Int(limits.maxLayers) else {
            throw violation(STRATA_LAYERS_V1_ERROR_QUOTA_EXCEEDED, "more than \(limits.maxLayers) layers")
        }
        liveLayers += 1
        let layer = ServerLayer(resource: layerResource, manager: self)
        attach(layer, to: layerResource, implementation: LayersDispatch.layerRequests) { _ in layer.destroy() }
    }

    func createContext(resource contextResource: WaylandResource, surface: Surface) throws(ProtocolViolation) {
        guard !global.contexts.hasContext(surface) else {
            throw violation(STRATA_LAYERS_V1_ERROR_CONTEXT_EXISTS, "wl_surface \(surface.id) already has a strata_context_v1")
        }
        guard surface.role == .none || surface.role == .xdgToplevel else {
            throw violation(STRATA_LAYERS_V1_ERROR_INVALID_SURFACE,
                            "wl_surface \(surface.id) has the role \(surface.role), not xdg_toplevel")
        }
        let context = LayerContext(resource: contextResource, manager: self, surface: surface, registry: global.contexts)
        attach(context, to: contextResource, implementation: LayersDispatch.contextRequests) { _ in context.destroy() }
    }

    func commit(serial: UInt32) throws(ProtocolViolation) {
        guard inFlight.count < Int(limits.maxPendingCommits) else {
            throw violation(STRATA_LAYERS_V1_ERROR_TOO_MANY_COMMITS,
                            "\(inFlight.count) commits are in flight, the limit is \(limits.maxPendingCommits)")
        }
        try validate()
        apply()
        inFlight.append(serial)
        global.scheduleFrame()
    }

    // MARK: Bookkeeping from layers and contexts

    /// Counts an animation about to be added, or throws quota_exceeded.
    func reserveAnimation(on layer: ServerLayer, key: String) throws(ProtocolViolation) {
        guard layer.animationCountAfterCommit < Int(limits.maxAnimationsPerLayer) ||
              layer.animations.contains(where: { $0.key == key }) else {
            throw violation(STRATA_LAYERS_V1_ERROR_QUOTA_EXCEEDED,
                            "layer \(layer.id) would hold more than \(limits.maxAnimationsPerLayer) animations")
        }
        guard animationCount + pendingAnimationAdds < Int(limits.maxAnimations) else {
            throw violation(STRATA_LAYERS_V1_ERROR_QUOTA_EXCEEDED, "more than \(limits.maxAnimations) animations")
        }
        pendingAnimationAdds += 1
    }

    func markDirty(_ layer: ServerLayer) {
        guard !layer.isDirty else { return }
        layer.isDirty = true
        dirtyLayers.append(layer)
    }

    func markStructureChanged(_ layer: ServerLayer) {
        layer.structureChanged = true
        markDirty(layer)
    }

    func markDirty(_ context: LayerContext) {
        if !dirtyContexts.contains(where: { $0 === context }) { dirtyContexts.append(context) }
    }

    func layerDestroyed(_ layer: ServerLayer) {
        liveLayers -= 1
        markStructureChanged(layer)
    }

    /// Answers every commit applied before the frame that was just presented.
    func framePresented(_ time: PresentationTime) {
        for serial in inFlight {
            strata_layers_v1_send_presented(resource, serial, UInt32(truncatingIfNeeded: time.seconds >> 32),
                                            UInt32(truncatingIfNeeded: time.seconds), time.nanoseconds,
                                            time.refreshNanoseconds)
        }
        inFlight.removeAll(keepingCapacity: true)
    }

    // MARK: Commit

    private func validate() throws(ProtocolViolation) {
        var bytesAfter = contentsBytes
        // Parentage only changes with the tree's structure (a destroyed layer
        // counts too), so a layer whose properties alone changed is not walked.
        for layer in dirtyLayers where layer.structureChanged {
            let superlayers = layer.pendingSuperlayers.objects.filter { !$0.isDestroyed }
            let roots = layer.pendingRootOf.objects.filter { !$0.isDestroyed }
            if layer.isDestroyed {
                if let superlayer = superlayers.first {
                    throw .layer(superlayer.resource, STRATA_LAYER_V1_ERROR_DEFUNCT_LAYER,
                                 "layer \(superlayer.id): sublayer \(layer.id) was destroyed but is still in the tree")
                }
                if let context = roots.first {
                    throw ProtocolViolation(resource: context.resource, code: STRATA_CONTEXT_V1_ERROR_DEFUNCT_ROOT.rawValue,
                                            message: "context \(context.id): root layer \(layer.id) was destroyed")
                }
            } else if superlayers.count + roots.count > 1 {
                let places = superlayers.map { "a sublayer of \($0.id)" } + roots.map { "the root of context \($0.id)" }
                throw .layer(layer.resource, STRATA_LAYER_V1_ERROR_ALREADY_PARENTED,
                             "layer \(layer.id) would be \(places.joined(separator: " and "))")
            }
        }
        for layer in dirtyLayers {
            switch layer.pendingContents {
            case .unchanged: break
            case .removed: bytesAfter -= layer.contentsBytes
            case .buffer(let buffer, let width, let height):
                guard buffer.resource != nil else {
                    throw .layer(layer.resource, STRATA_LAYER_V1_ERROR_BAD_BUFFER,
                                 "layer \(layer.id): its contents buffer was destroyed before the commit")
                }
                bytesAfter += width * height * 4 - layer.contentsBytes
            }
        }
        guard bytesAfter <= Int(limits.maxBufferBytes) else {
            throw violation(STRATA_LAYERS_V1_ERROR_QUOTA_EXCEEDED,
                            "contents would take \(bytesAfter) bytes, the limit is \(limits.maxBufferBytes)")
        }
        try checkForCycles()
        try validateMasks()
    }

    /// A mask is out of every tree, masks one layer, and is not the layer
    /// it masks nor one of its ancestors.
    private func validateMasks() throws(ProtocolViolation) {
        func invalid(_ layer: ServerLayer, _ message: String) -> ProtocolViolation {
            .layer(layer.resource, STRATA_LAYER_V1_ERROR_INVALID_MASK, "layer \(layer.id): \(message)")
        }
        for layer in dirtyLayers where !layer.isDestroyed {
            // A layer that became a sublayer or a root while it masks another.
            if layer.structureChanged, !layer.pendingMaskOwners.objects.filter({ $0.pendingMask === layer && !$0.isDestroyed }).isEmpty,
               !layer.pendingSuperlayers.objects.filter({ !$0.isDestroyed }).isEmpty || !layer.pendingRootOf.objects.isEmpty {
                throw invalid(layer, "it is a mask and cannot also be in a tree")
            }
            guard layer.maskChanged || layer.structureChanged, let mask = layer.pendingMask else { continue }
            if mask === layer { throw invalid(layer, "a layer cannot be its own mask") }
            let owners = mask.pendingMaskOwners.objects.filter { $0.pendingMask === mask && !$0.isDestroyed }
            if owners.count > 1 { throw invalid(layer, "mask \(mask.id) already masks another layer") }
            if !mask.pendingSuperlayers.objects.filter({ !$0.isDestroyed }).isEmpty || !mask.pendingRootOf.objects.isEmpty {
                throw invalid(layer, "mask \(mask.id) is in a tree")
            }
            var ancestor = layer.pendingSuperlayers.objects.first { !$0.isDestroyed }
            var steps = 0
            while let current = ancestor, steps <= Int(limits.maxLayers) {
                if current === mask { throw invalid(layer, "mask \(mask.id) is one of its ancestors") }
                ancestor = current.pendingSuperlayers.objects.first { !$0.isDestroyed }
                steps += 1
            }
        }
    }

    /// A cycle needs a new superlayer link, so only layers whose links
    /// changed are walked up, each ancestor at most once per commit.
    private func checkForCycles() throws(ProtocolViolation) {
        commitNumber += 1
        for start in dirtyLayers where start.structureChanged && !start.isDestroyed {
            walkNumber += 1
            var path: [ServerLayer] = []
            var node: ServerLayer? = start
            while let current = node, current.acyclicInCommit != commitNumber {
                if current.cycleWalk == walkNumber {
                    throw .layer(start.resource, STRATA_LAYER_V1_ERROR_CYCLE,
                                 "layer \(start.id) would be its own ancestor")
                }
                current.cycleWalk = walkNumber
                path.append(current)
                node = current.pendingSuperlayers.objects.first { !$0.isDestroyed }
            }
            for layer in path { layer.acyclicInCommit = commitNumber }
        }
    }

    private func apply() {
        // Contexts first: a root leaving its window must be detached before
        // a superlayer in this same commit adopts it.
        for context in dirtyContexts { context.apply() }
        // A transition starts from the appearance before any of this commit applies.
        let engine = global.engine
        for layer in dirtyLayers where layer.hasPendingTransition && !layer.isDestroyed {
            layer.captureAppearanceBeforeTransition(scale: engine.scale)
        }
        for layer in dirtyLayers {
            var resized = false
            if layer.isDestroyed {
                layer.commitDestruction()
            } else {
                resized = layer.commitModel(layer.pending, sublayers: layer.structureChanged ? layer.pendingSublayers.map(\.renderLayer) : nil)
            }
            applyContents(of: layer)
            if layer.maskChanged {
                layer.renderLayer.mask = layer.isDestroyed ? nil : layer.pendingMask?.renderLayer
                layer.maskChanged = false
            }
            if !layer.pendingAnimationChanges.isEmpty { layer.applyAnimationChanges() }
            layer.finishCommit(engine: engine)
            if resized { for context in layer.pendingRootOf.objects { context.rootDidResize() } }
            layer.isDirty = false
            layer.structureChanged = false
        }
        dirtyLayers.removeAll(keepingCapacity: true)
        dirtyContexts.removeAll()
        pendingAnimationAdds = 0
    }

    private func applyContents(of layer: ServerLayer) {
        contentsBytes -= layer.contentsBytes
        switch layer.pendingContents {
        case .unchanged: break
        case .removed: layer.model.contents = nil
        case .buffer(let buffer, let width, let height):
            let damage = layer.pendingDamage.isEmpty ? nil : layer.pendingDamage
            // Validated at set_contents and at commit; a buffer that fails now
            // (its pool was truncated) has had its client's error posted.
            layer.model.contents = try? importShmBuffer(buffer.resource!, size: (width, height),
                                                        into: layer.model.contents, damage: damage)
        }
        contentsBytes += layer.contentsBytes
        layer.pendingContents = .unchanged
        layer.pendingDamage.removeAll()
    }
}
