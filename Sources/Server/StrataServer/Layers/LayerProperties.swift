import StrataProtocol
import StrataRender

/// The plain (non-tree, non-contents) properties of a layer, as
/// strata_layer_v1 sets them. A layer keeps a pending copy that requests
/// change and copies it onto its RenderLayer when a commit applies.
struct LayerProperties: Equatable {
    var position = Point.zero
    var bounds = Rect.zero
    var anchorPoint = Point(x: 0.5, y: 0.5)
    var transform = AffineTransform.identity
    var opacity: Double = 1
    var isHidden = false
    var masksToBounds = false
    var backgroundColor: Color? = nil
    var contentsScale: Double = 1
    var contentsGravity = ContentsGravity.resize
    var contentsCenter = Rect(x: 0, y: 0, width: 1, height: 1)
    var isOpaque = false

    func apply(to layer: RenderLayer) {
        layer.position = position
        layer.bounds = bounds
        layer.anchorPoint = anchorPoint
        layer.transform = transform
        layer.opacity = opacity
        layer.isHidden = isHidden
        layer.masksToBounds = masksToBounds
        layer.backgroundColor = backgroundColor
        layer.contentsScale = contentsScale
        layer.contentsGravity = contentsGravity
        layer.contentsCenter = contentsCenter
        layer.isOpaque = isOpaque
    }
}
