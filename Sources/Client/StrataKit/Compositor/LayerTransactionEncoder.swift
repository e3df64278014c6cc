import Foundation
import StrataProtocol
import StrataWayland

/// Turns the CALayers changed since the last commit into strata_layer_v1
/// requests: one node per CALayer, created the first time the CALayer is
/// seen in a shown window; then only the properties its `takeChanges()`
/// names, the minimal sublayer edits, and the damaged part of new
/// contents. Nodes whose CALayer is gone are destroyed. The nodes are the
/// compositor's layers or the app's own (`LayerTransport`).
///
/// The encoder never commits; the update cycle commits once after it.
final class LayerTransactionEncoder {
    /// A CALayer the compositor knows, and what was last sent for it.
    final class Entry {
        weak var layer: CALayer?
        let remote: any LayerNode
        /// Pixel size of the contents last sent; nil when it has none. The
        /// compositor reads only the damage of contents of the same size.
        var contentsSize: [Int]?
        /// The shape and shadow paths last sent (at first, the compositor's
        /// defaults: none): layout code sets equal paths again on every
        /// pass, and those need not travel again.
        var sentShape: (path: LayerPath, rule: FillRule) = (LayerPath(), .nonZero)
        var sentShadowPath: LayerPath? = nil
        init(layer: CALayer, remote: any LayerNode) { self.layer = layer; self.remote = remote }
    }

    /// What one `encode` sent, for tests and for deciding whether to commit.
    struct Summary: Equatable {
        var createdLayers = 0
        var updatedLayers = 0
        var destroyedLayers = 0
        var sublayerEdits = 0
        /// Each contents upload: pixel size and the damaged rects sent (empty: all of it).
        var contentsUploads: [ContentsUpload] = []
        var requests = 0
        var isEmpty: Bool { requests == 0 }
    }

    struct ContentsUpload: Equatable {
        var width: Int, height: Int
        /// Damaged rects in pixels; empty when the whole contents were sent.
        var damage: [CGRect]
        var bytesCopied: Int
    }

    let transport: any LayerTransport
    private var entries: [ObjectIdentifier: Entry] = [:]
    private(set) var summary = Summary()
    /// Requests written since the last flush.
    var unflushed = 0
    /// libwayland-client fails a request that finds its 4 KiB buffer full
    /// while the socket is busy, so long transactions are flushed as they
    /// are written. 64 requests stay well under 4 KiB.
    static let requestsPerFlush = 64

    /// The layers that are a window's root. The compositor places windows,
    /// so a root's top-left corner is put at its surface's origin whatever
    /// the window's frame origin.
    var rootLayers: Set<ObjectIdentifier> = []

    init(transport: any LayerTransport) {
        CATransaction.recordsDeallocations = true
        self.transport = transport
    }

    /// How many strata layers exist (those of freed CALayers until the next sweep).
    var remoteLayerCount: Int { entries.count }

    /// The node of `layer`, if it was sent.
    func remoteLayer(of layer: CALayer) -> (any LayerNode)? {
        guard let entry = entries[ObjectIdentifier(layer)], entry.layer === layer else { return nil }
        return entry.remote
    }

    /// Starts a transaction's bookkeeping.
    func begin() { summary = Summary() }

    /// The strata layer of `layer`, created with all its state and its
    /// sublayers' when the compositor does not know it yet.
    func materialize(_ layer: CALayer) -> any LayerNode { entry(for: layer).remote }

    /// Sends what changed in `layers`. Layers the compositor does not know
    /// are created only when `isShown` says they are in a shown window
    /// (the rest are sent in full once they are). Call `sweepDeadLayers()`
    /// after, once the caller let go of the list, so layers removed in
    /// this turn are destroyed in the same commit.
    func encode(_ layers: [CALayer], isShown: (CALayer) -> Bool) {
        for layer in layers {
            if let entry = entries[ObjectIdentifier(layer)], entry.layer === layer {
                let changes = layer.takeChanges()
                if !changes.isEmpty { apply(changes, of: layer, to: entry) }
            } else if isShown(layer) {
                _ = entry(for: layer)
            } else if !layer.isInVisibleWindow {
                // In no window that will show: its animations play on a timer
                // here. (A window waiting for its first configure will show,
                // and its layers' animations are sent with it.)
                layer.completeAnimationsLocally()
            }
        }
    }

    /// Destroys the strata layers whose CALayer is gone, out of their
    /// superlayer first (a destroyed layer left in a tree is an error).
    func sweepDeadLayers() {
        let freed = CATransaction.deallocatedLayers
        CATransaction.deallocatedLayers = []
        for key in freed {
            guard let entry = entries[key], entry.layer == nil else { continue }
            retire(entry)
            entries[key] = nil
        }
    }

    /// Sends all queued requests now (long transactions flush as they go).
    func flushIfNeeded(force: Bool = false) {
        guard force || unflushed >= Self.requestsPerFlush else { return }
        unflushed = 0
        transport.flush()
    }

    // MARK: Entries

    func entry(for layer: CALayer) -> Entry {
        let key = ObjectIdentifier(layer)
        if let entry = entries[key] {
            if entry.layer === layer { return entry }
            // A new layer at a freed layer's address: the old one is gone.
            retire(entry)
        }
        let remote = transport.makeNode()
        remote.onAnimationEvent = LayerAnimationEntry.handle
        let entry = Entry(layer: layer, remote: remote)
        entries[key] = entry
        sent()
        summary.createdLayers += 1
        _ = layer.takeChanges()
        sendInitialState(of: layer, to: entry)
        return entry
    }

    private func retire(_ entry: Entry) {
        if entry.remote.nodeSuperlayer != nil { entry.remote.removeFromSuperlayer(); sent() }
        entry.remote.destroy()
        sent()
        summary.destroyedLayers += 1
    }

    func sent(_ count: Int = 1) {
        summary.requests += count
        unflushed += count
        flushIfNeeded()
    }

    // MARK: Properties

    /// A new strata layer has Core Animation's defaults; send what differs.
    private func sendInitialState(of layer: CALayer, to entry: Entry) {
        var changes: CALayer.Changes = []
        if layer.position != .zero || rootLayers.contains(ObjectIdentifier(layer)) { changes.insert(.position) }
        if layer.bounds != .zero { changes.insert(.bounds) }
        if layer.anchorPoint != CGPoint(x: 0.5, y: 0.5) { changes.insert(.anchorPoint) }
        if !CATransform3DIsIdentity(layer.transform) { changes.insert(.transform) }
        if layer.opacity != 1 { changes.insert(.opacity) }
        if layer.isHidden { changes.insert(.hidden) }
        if layer.masksToBounds { changes.insert(.masksToBounds) }
        if layer.backgroundColor != nil { changes.insert(.backgroundColor) }
        if layer.contents != nil { changes.insert(.contents) }
        if layer.contentsScale != 1 { changes.insert(.contentsScale) }
        if layer.protocolGravity != .resize { changes.insert(.contentsGravity) }
        if layer.contentsCenter != CGRect(x: 0, y: 0, width: 1, height: 1) { changes.insert(.contentsCenter) }
        if layer.isOpaque { changes.insert(.opaque) }
        if layer.contentsRect != CGRect(x: 0, y: 0, width: 1, height: 1) { changes.insert(.contentsRect) }
        if !layer.animationEntries.isEmpty { changes.insert(.animations) }
        if !(layer.sublayers ?? []).isEmpty { changes.insert(.sublayers) }
        if layer.backdrop != nil { changes.insert(.backdrop) }
        changes.formUnion(Self.styleChangesFromDefaults(of: layer))
        changes.formUnion(Self.depthChangesFromDefaults(of: layer))
        // The whole contents are new to the compositor.
        layer.contentsDamage = nil
        if !changes.isEmpty { apply(changes, of: layer, to: entry) }
    }

    private func apply(_ changes: CALayer.Changes, of layer: CALayer, to entry: Entry) {
        let remote = entry.remote
        summary.updatedLayers += 1
        if rootLayers.contains(ObjectIdentifier(layer)) {
            if !changes.isDisjoint(with: [.position, .bounds, .anchorPoint]) {
                let size = layer.bounds.size
                remote.setPosition(Point(CGPoint(x: layer.anchorPoint.x * size.width, y: layer.anchorPoint.y * size.height)))
                sent()
            }
        } else if changes.contains(.position) {
            remote.setPosition(Point(layer.position)); sent()
        }
        if changes.contains(.bounds) { remote.setBounds(Rect(layer.bounds)); sent() }
        if changes.contains(.anchorPoint) { remote.setAnchorPoint(Point(layer.anchorPoint)); sent() }
        if changes.contains(.transform) { sendTransform(of: layer, to: remote) }
        if changes.contains(.opacity) { remote.setOpacity(min(1, max(0, Double(layer.opacity)))); sent() }
        if changes.contains(.hidden) { remote.setHidden(layer.isHidden); sent() }
        if changes.contains(.masksToBounds) { remote.setMasksToBounds(layer.masksToBounds); sent() }
        if changes.contains(.backgroundColor) {
            // Where the compositor cannot blur, a material is its flat tint.
            let fallback = remote.hasBackdrops ? nil : layer.backdropFallbackColor
            remote.setBackgroundColor(fallback ?? layer.backgroundColor.map(Color.init)); sent()
        }
        if changes.contains(.backdrop) {
            if remote.hasBackdrops {
                remote.setBackdrop(layer.backdrop); sent()
            } else if !changes.contains(.backgroundColor) {
                remote.setBackgroundColor(layer.backdropFallbackColor ?? layer.backgroundColor.map(Color.init)); sent()
            }
        }
        if changes.contains(.opaque) { remote.setOpaque(layer.isOpaque); sent() }
        if changes.contains(.contentsScale) { remote.setContentsScale(Double(layer.contentsScale)); sent() }
        if changes.contains(.contentsGravity) { remote.setContentsGravity(layer.protocolGravity); sent() }
        if changes.contains(.contentsCenter) { remote.setContentsCenter(Rect(layer.contentsCenter)); sent() }
        if changes.contains(.contentsRect) { remote.setContentsRect(Rect(layer.contentsRect)); sent() }
        // An older compositor draws none of it: nothing to send or convert.
        if remote.hasStyling, !changes.isDisjoint(with: .styling) { sendStyling(changes, of: layer, to: remote) }
        if remote.hasDepth, !changes.isDisjoint(with: [.sublayerTransform, .zPosition, .depth]) {
            sendDepth(changes, of: layer, to: remote)
        }
        if changes.contains(.animations) { sendAnimations(of: layer, to: remote) }
        if changes.contains(.contents) { sendContents(of: layer, to: entry) }
        if changes.contains(.sublayers) { sendSublayers(of: layer, to: remote) }
    }

    // MARK: Animations

    /// Removals, then each animation not sent yet, its begin time fixed now
    /// and sent as a delay after the frame that shows this commit. A
    /// window's root is placed by the compositor: its position is not animated.
    private func sendAnimations(of layer: CALayer, to remote: any LayerNode) {
        for key in layer.pendingWireRemovals { remote.removeAnimation(forKey: key); sent() }
        layer.pendingWireRemovals = []
        let now = CACurrentMediaTime()
        let isRoot = rootLayers.contains(ObjectIdentifier(layer))
        for entry in layer.animationEntries where !entry.isSent && !entry.isLocal && entry.isPlayable {
            entry.fixBegin(now: now)
            entry.isSent = true
            let delay = entry.beginTime - now
            for (wire, key) in zip(entry.wire, entry.wireKeys) {
                // A compositor without depth plays a 3-D transform's affine part.
                let animation = wire.property == .transform3D && !remote.hasDepth ? wire.affinePart : wire
                // An older compositor refuses newer key paths (invalid_key_path): they end at once.
                if isRoot && [.position, .positionX, .positionY].contains(animation.property)
                    || !remote.hasStyling && Self.isStyling(animation.property)
                    || !remote.hasDepth && Self.isDepth(animation.property)
                    || !remote.hasBackdrops && [.backdropRadius, .backdropSaturation, .backdropTintColor].contains(animation.property) {
                    LayerAnimationEntry.handle(.ended(key: key, finished: true))
                    continue
                }
                var relative = animation
                relative.timing.beginTime += delay
                remote.addAnimation(relative, forKey: key, keptOnCompletion: !entry.animation.isRemovedOnCompletion)
                // Up to 4 KiB each: flush sooner than after 64 small requests.
                unflushed += 15
                sent()
            }
            if var transition = entry.transition, let key = entry.wireKeys.last {
                transition.timing.beginTime += delay
                remote.addTransition(transition, forKey: key)
                unflushed += 3
                sent()
            }
        }
    }

    // MARK: Contents

    private func sendContents(of layer: CALayer, to entry: Entry) {
        let damage = layer.contentsDamage
        layer.contentsDamage = nil
        guard let image = layer.contents as? CGImage, image.width > 0, image.height > 0 else {
            if entry.contentsSize != nil { transport.removeContents(of: entry.remote); sent() }
            entry.contentsSize = nil
            return
        }
        let size = [image.width, image.height]
        let whole = CGRect(x: 0, y: 0, width: image.width, height: image.height)
        // Partial damage only over contents of the same size; else all of it.
        var rects: [CGRect] = [whole]
        var partial = false
        if entry.contentsSize == size, let damage {
            rects = damage.map { $0.integral.intersection(whole) }.filter { !$0.isNull && !$0.isEmpty }
            partial = true
            // Contents marked changed with nothing damaged: the compositor's copy stands.
            if rects.isEmpty { return }
        }
        let copied: Int
        do {
            copied = try transport.setContents(image, changed: rects, partial: partial, of: entry.remote, for: layer)
        } catch {
            FileHandle.standardError.write(Data("StrataKit: no buffer for \(image.width)×\(image.height) contents: \(error)\n".utf8))
            return
        }
        sent(partial ? 1 + rects.count : 1)
        entry.contentsSize = size
        summary.contentsUploads.append(ContentsUpload(width: image.width, height: image.height,
                                                      damage: partial ? rects : [], bytesCopied: copied))
    }

    // MARK: Sublayers

    /// Makes the strata layer's sublayers those of `layer` with as few
    /// edits as possible: removes those that left, keeps the longest run
    /// already in order, and moves or inserts only the others.
    private func sendSublayers(of layer: CALayer, to remote: any LayerNode) {
        let target = layer.sublayersInDrawingOrder.map { entry(for: $0).remote }
        let wanted = Set(target.map(ObjectIdentifier.init))
        for child in remote.nodeSublayers where !wanted.contains(ObjectIdentifier(child)) {
            child.removeFromSuperlayer()
            sent()
            summary.sublayerEdits += 1
        }
        var currentIndex: [ObjectIdentifier: Int] = [:]
        for (index, child) in remote.nodeSublayers.enumerated() { currentIndex[ObjectIdentifier(child)] = index }
        let kept = Self.longestIncreasingRun(target.map { currentIndex[ObjectIdentifier($0)] })
        // Without moves the sublayers are exactly the kept ones, in order, so
        // each insertion's index is its final one (the common case: adding
        // views; linear however many there are).
        let movesWithin = target.indices.contains { !kept.contains($0) && currentIndex[ObjectIdentifier(target[$0])] != nil }
        for (index, child) in target.enumerated() where !kept.contains(index) {
            // In another tree (moved here in this transaction): leave it first.
            if let parent = child.nodeSuperlayer, parent !== remote { child.removeFromSuperlayer(); sent() }
            var position = index
            if movesWithin {
                // The compositor takes a moving sublayer out before inserting
                // it, so its index counts the others only.
                let others = remote.nodeSublayers.filter { $0 !== child }
                position = index == 0 ? 0 : (others.firstIndex { $0 === target[index - 1] }.map { $0 + 1 } ?? 0)
            }
            remote.insertSublayer(child, at: position)
            sent()
            summary.sublayerEdits += 1
        }
    }

    /// The positions (in `values`) of a longest strictly increasing run of
    /// the non-nil values: the sublayers that may stay where they are.
    static func longestIncreasingRun(_ values: [Int?]) -> Set<Int> {
        var tails: [Int] = []            // positions of the smallest tail of each run length
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            guard let value else { continue }
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]]! < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var run = Set<Int>()
        var position = tails.last ?? -1
        while position >= 0 { run.insert(position); position = previous[position] }
        return run
    }
}
