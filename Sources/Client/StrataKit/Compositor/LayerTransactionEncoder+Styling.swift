import Foundation
import StrataProtocol

// Protocol version 3: corners, border, shadow, shapes, gradients and masks,
// one request per group of properties that changed.
extension LayerTransactionEncoder {
    /// Whether `property` is one of version 3's key paths.
    static func isStyling(_ property: AnimatableProperty) -> Bool { property.sinceVersion >= 3 }

    /// The groups in which a new layer differs from the compositor's defaults.
    static func styleChangesFromDefaults(of layer: CALayer) -> CALayer.Changes {
        var changes: CALayer.Changes = []
        let style = layer.layerStyle(includingShadowPath: false), plain = LayerStyle.plain
        if (style.cornerRadius, style.maskedCorners, style.cornerCurve) != (plain.cornerRadius, plain.maskedCorners, plain.cornerCurve) {
            changes.insert(.cornerRadius)
        }
        if (style.borderWidth, style.borderColor) != (plain.borderWidth, plain.borderColor) { changes.insert(.border) }
        if (style.shadowColor, style.shadowOpacity, style.shadowOffset, style.shadowRadius)
            != (plain.shadowColor, plain.shadowOpacity, plain.shadowOffset, plain.shadowRadius) {
            changes.insert(.shadow)
        }
        if layer.shadowPath != nil { changes.insert(.shadowPath) }
        if layer.mask != nil { changes.insert(.mask) }
        if let shapeLayer = layer as? CAShapeLayer {
            let shape = shapeLayer.shapeStyle(includingPath: false), initial = ShapeStyle()
            if shapeLayer.path != nil { changes.insert(.shape) }
            if shape.fillColor != initial.fillColor { changes.insert(.fillColor) }
            if (shape.strokeColor, shape.lineWidth, shape.lineCap, shape.lineJoin, shape.miterLimit)
                != (initial.strokeColor, initial.lineWidth, initial.lineCap, initial.lineJoin, initial.miterLimit) {
                changes.insert(.stroke)
            }
            if (shape.lineDashPattern, shape.lineDashPhase) != (initial.lineDashPattern, initial.lineDashPhase) {
                changes.insert(.lineDash)
            }
            if (shape.strokeStart, shape.strokeEnd) != (initial.strokeStart, initial.strokeEnd) { changes.insert(.strokeRange) }
        }
        if let gradientLayer = layer as? CAGradientLayer, gradientLayer.gradientStyle != nil { changes.insert(.gradient) }
        if layer is CAReplicatorLayer { changes.insert(.replicator) }
        return changes
    }

    /// Sends the groups in `changes`. A mask's node is made here, with its
    /// whole tree, the first time it is sent: it is in no sublayer list.
    func sendStyling(_ changes: CALayer.Changes, of layer: CALayer, to remote: any LayerNode) {
        if !changes.isDisjoint(with: [.cornerRadius, .border, .shadow]) {
            let style = layer.layerStyle(includingShadowPath: false)
            if changes.contains(.cornerRadius) {
                remote.setCornerRadius(style.cornerRadius, maskedCorners: style.maskedCorners, curve: style.cornerCurve); sent()
            }
            if changes.contains(.border) { remote.setBorder(width: style.borderWidth, color: style.borderColor); sent() }
            if changes.contains(.shadow) {
                remote.setShadow(color: style.shadowColor, opacity: style.shadowOpacity, offset: style.shadowOffset,
                                 radius: style.shadowRadius)
                sent()
            }
        }
        if changes.contains(.shadowPath) {
            let path = layer.shadowPath.map(LayerPath.init)
            let entry = entry(for: layer)
            if entry.sentShadowPath != path {
                remote.setShadowPath(path)
                entry.sentShadowPath = path
                sent()
            }
        }
        if let shapeLayer = layer as? CAShapeLayer, !changes.isDisjoint(with: [.shape, .fillColor, .stroke, .lineDash, .strokeRange]) {
            let shape = shapeLayer.shapeStyle(includingPath: changes.contains(.shape))
            let entry = entry(for: layer)
            if changes.contains(.shape), entry.sentShape.path != shape.path || entry.sentShape.rule != shape.fillRule {
                remote.setShape(shape.path.isEmpty ? nil : shape.path, fillRule: shape.fillRule)
                entry.sentShape = (shape.path, shape.fillRule)
                // Up to 4 KiB: flush sooner than after 64 small requests.
                unflushed += 15
                sent()
            }
            if changes.contains(.fillColor) { remote.setFillColor(shape.fillColor); sent() }
            if changes.contains(.stroke) {
                remote.setStroke(color: shape.strokeColor, lineWidth: shape.lineWidth, cap: shape.lineCap, join: shape.lineJoin,
                                 miterLimit: shape.miterLimit)
                sent()
            }
            if changes.contains(.lineDash) { remote.setLineDash(pattern: shape.lineDashPattern, phase: shape.lineDashPhase); sent() }
            if changes.contains(.strokeRange) { remote.setStrokeRange(start: shape.strokeStart, end: shape.strokeEnd); sent() }
        }
        if changes.contains(.gradient), let gradientLayer = layer as? CAGradientLayer {
            remote.setGradient(gradientLayer.gradientStyle); sent()
        }
        if changes.contains(.replicator), let replicator = layer as? CAReplicatorLayer {
            remote.setReplicator(replicator.replicatorStyle); sent()
        }
        if changes.contains(.mask) { remote.setMask(layer.mask.map { entry(for: $0).remote }); sent() }
    }
}
