import Foundation

extension CALayer {
    /// nil when empty, as in CA.
    public var sublayers: [CALayer]? {
        get { sublayerStorage.isEmpty ? nil : sublayerStorage }
        set {
            for layer in sublayerStorage { layer.superlayer = nil }
            sublayerStorage = []
            for layer in newValue ?? [] { insert(layer, at: sublayerStorage.count) }
            didChange(.sublayers)
        }
    }

    /// Inserts `layer` at `index`, taking it from its old superlayer first.
    private func insert(_ layer: CALayer, at index: Int) {
        precondition(!isDescendant(of: layer), "a layer cannot be a sublayer of itself or its descendants")
        layer.stopMasking()
        if let old = layer.superlayer {
            old.sublayerStorage.removeAll { $0 === layer }
            if old !== self { old.didChange(.sublayers) }
        }
        let clamped = min(max(index, 0), sublayerStorage.count)
        sublayerStorage.insert(layer, at: clamped)
        layer.superlayer = self
        didChange(.sublayers)
    }

    public func addSublayer(_ layer: CALayer) {
        insert(layer, at: Int.max)
    }

    public func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        if layer.superlayer === self { sublayerStorage.removeAll { $0 === layer } ; layer.superlayer = nil }
        insert(layer, at: Int(idx))
    }

    /// Inserts just above `sibling`; a nil or foreign sibling puts it on top, as CA.
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        if layer.superlayer === self { sublayerStorage.removeAll { $0 === layer } ; layer.superlayer = nil }
        guard let sibling, let index = sublayerStorage.firstIndex(where: { $0 === sibling }) else {
            insert(layer, at: sublayerStorage.count)
            return
        }
        insert(layer, at: index + 1)
    }

    /// Inserts just below `sibling`; a nil or foreign sibling puts it at the bottom, as CA.
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        if layer.superlayer === self { sublayerStorage.removeAll { $0 === layer } ; layer.superlayer = nil }
        guard let sibling, let index = sublayerStorage.firstIndex(where: { $0 === sibling }) else {
            insert(layer, at: 0)
            return
        }
        insert(layer, at: index)
    }

    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer !== newLayer,
              let index = sublayerStorage.firstIndex(where: { $0 === oldLayer }) else { return }
        oldLayer.removeFromSuperlayer()
        if newLayer.superlayer === self { newLayer.removeFromSuperlayer() }
        insert(newLayer, at: min(index, sublayerStorage.count))
    }

    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayerStorage.removeAll { $0 === self }
        superlayer = nil
        parent.didChange(.sublayers)
    }

    /// Whether `self` is `layer` or one of its descendants.
    func isDescendant(of layer: CALayer) -> Bool {
        var current: CALayer? = self
        while let node = current {
            if node === layer { return true }
            current = node.superlayer
        }
        return false
    }
}
