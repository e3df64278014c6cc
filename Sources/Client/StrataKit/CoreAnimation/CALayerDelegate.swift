import Foundation

/// The object that draws and lays out a layer for it; a UIView for the layer
/// it owns.
public protocol CALayerDelegate: AnyObject {
    /// Replaces drawing: a delegate that implements this sets `contents` itself.
    func display(_ layer: CALayer)
    func draw(_ layer: CALayer, in ctx: CGContext)
    func layoutSublayers(of layer: CALayer)
    /// The action for a change of `event` on `layer`: nil to let the layer
    /// look further, NSNull for none (a view outside an animation block).
    func action(for layer: CALayer, forKey event: String) -> CAAction?
}

extension CALayerDelegate {
    /// Not implementing `display(_:)` means "draw me": the default records that
    /// it ran so `CALayer.display()` falls back to drawing.
    public func display(_ layer: CALayer) {
        layer.delegateLacksDisplay = true
    }

    public func draw(_ layer: CALayer, in ctx: CGContext) {
        layer.noteDrawIsInherited(by: type(of: self))
    }

    public func layoutSublayers(of layer: CALayer) {}

    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}
