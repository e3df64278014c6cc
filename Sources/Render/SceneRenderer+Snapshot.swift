import CPixman
import StrataProtocol

extension SceneRenderer {
    /// What `layer` and its sublayers draw now, in an image of its bounds
    /// at `scale` pixels per point: its own position, transform, opacity
    /// and hidden flag are left out, as they place the layer, not draw it.
    /// Reading the layers takes none of their pending contents damage, so
    /// the output's renderer still sees it. Nil for an empty or huge layer.
    public static func snapshot(of layer: RenderLayer, scale: Double) -> LayerImage? {
        let bounds = layer.bounds
        let pixelWidth = (bounds.width * scale).rounded(.up), pixelHeight = (bounds.height * scale).rounded(.up)
        guard pixelWidth.isFinite, pixelHeight.isFinite, (1...8192).contains(pixelWidth), (1...8192).contains(pixelHeight)
        else { return nil }
        let width = Int(pixelWidth), height = Int(pixelHeight)
        let image = LayerImage(width: width, height: height, hasAlpha: true)
        let placement = (layer.opacity, layer.isHidden)
        layer.opacity = 1
        layer.isHidden = false
        defer { (layer.opacity, layer.isHidden) = placement }
        let output = PixelRect(x: 0, y: 0, width: width, height: height)
        let frame = FrameBuilder(scale: scale, output: output, previous: [:], takesDamage: false)
        guard let tree = frame.build(root: layer) else { return image }
        var items: [PaintItem] = []
        PaintItem.items(of: tree, into: &items)
        let renderer = SceneRenderer(width: 1, height: 1, scale: scale)
        let clip = Region(output)
        for item in items { renderer.paint(item, into: PaintTarget(image: image.image), clip: clip) }
        image.addDamage(output)
        return image
    }
}
