import StrataProtocol

/// One node of a tree the renderer draws: CALayer's visual model, nothing
/// more. The compositor keeps one of these per client layer (and one per
/// window and per plain wl_surface buffer), and renders the output as one
/// tree whose root is the output itself.
///
/// Identity matters: the renderer tracks damage per layer object between
/// frames, so a changed property is found by comparing a layer with what
/// it drew last time.
public final class RenderLayer {
    /// The visual properties, stored together so the renderer reads a layer
    /// in one access a frame (each stored-property access of a class costs
    /// an exclusivity check).
    struct Model {
        var position = Point.zero
        var bounds = Rect.zero
        var anchorPoint = Point(x: 0.5, y: 0.5)
        var transform = AffineTransform.identity
        var opacity: Double = 1
        var isHidden = false
        var masksToBounds = false
        var backgroundColor: Color? = nil
        var contents: LayerImage? = nil
        var contentsScale: Double = 1
        var contentsGravity: ContentsGravity = .resize
        var contentsCenter = Rect(x: 0, y: 0, width: 1, height: 1)
        var isOpaque = false

        /// See RenderLayer.transformToSuperlayer.
        var transformToSuperlayer: AffineTransform {
            let anchor = Point(x: bounds.minX + anchorPoint.x * bounds.width,
                               y: bounds.minY + anchorPoint.y * bounds.height)
            return AffineTransform(translationX: -anchor.x, y: -anchor.y)
                .concatenating(transform)
                .concatenating(AffineTransform(translationX: position.x, y: position.y))
        }
    }
    var model = Model()

    public var position: Point { get { model.position } set { model.position = newValue } }
    public var bounds: Rect { get { model.bounds } set { model.bounds = newValue } }
    public var anchorPoint: Point { get { model.anchorPoint } set { model.anchorPoint = newValue } }
    public var transform: AffineTransform { get { model.transform } set { model.transform = newValue } }
    public var opacity: Double { get { model.opacity } set { model.opacity = newValue } }
    public var isHidden: Bool { get { model.isHidden } set { model.isHidden = newValue } }
    public var masksToBounds: Bool { get { model.masksToBounds } set { model.masksToBounds = newValue } }
    public var backgroundColor: Color? { get { model.backgroundColor } set { model.backgroundColor = newValue } }
    public var contents: LayerImage? { get { model.contents } set { model.contents = newValue } }
    public var contentsScale: Double { get { model.contentsScale } set { model.contentsScale = newValue } }
    public var contentsGravity: ContentsGravity { get { model.contentsGravity } set { model.contentsGravity = newValue } }
    /// The stretchable part of the contents, in unit coordinates.
    public var contentsCenter: Rect { get { model.contentsCenter } set { model.contentsCenter = newValue } }
    public var isOpaque: Bool { get { model.isOpaque } set { model.isOpaque = newValue } }
    /// A name for tree dumps and debugging, as CALayer.name; never drawn.
    public var name: String?

    public private(set) var sublayers: [RenderLayer] = []
    public private(set) weak var superlayer: RenderLayer?

    public init() {}

    /// Inserts at `index` (0 is back-most), first removing the layer from
    /// any superlayer it has.
    public func insertSublayer(_ layer: RenderLayer, at index: Int) {
        layer.removeFromSuperlayer()
        sublayers.insert(layer, at: min(index, sublayers.count))
        layer.superlayer = self
    }

    public func addSublayer(_ layer: RenderLayer) {
        insertSublayer(layer, at: sublayers.count)
    }

    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    /// Replaces all sublayers at once.
    public func setSublayers(_ layers: [RenderLayer]) {
        for old in sublayers { old.superlayer = nil }
        sublayers = []
        for layer in layers { addSublayer(layer) }
    }

    /// Maps a point in this layer's bounds coordinates to its superlayer's
    /// coordinates: CALayer's geometry, with the transform about the anchor.
    public var transformToSuperlayer: AffineTransform { model.transformToSuperlayer }
}
