import Foundation

/// Template images: an image whose rendering mode is template (symbol
/// images by default) is drawn as a silhouette in the tint colour of the
/// view that shows it, as UIKit does; `withTintColor` fixes the colour.
extension UIImage {
    public enum RenderingMode: Int, Sendable {
        case automatic, alwaysOriginal, alwaysTemplate
    }

    /// A copy drawn as asked: a template (tinted) or with its own colours.
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        copy(renderingMode: renderingMode, tint: fixedTintColor)
    }

    /// A copy drawn in `color` wherever it is shown, with the same rendering mode.
    public func withTintColor(_ color: UIColor) -> UIImage {
        copy(renderingMode: renderingMode, tint: color)
    }

    public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
        copy(renderingMode: renderingMode, tint: color)
    }

    /// Whether views draw the image in their tint colour.
    var isTemplate: Bool {
        fixedTintColor == nil && (renderingMode == .alwaysTemplate || (renderingMode == .automatic && isSymbolImage))
    }

    func copy(renderingMode: RenderingMode, tint: UIColor?) -> UIImage {
        guard let cgImage else { return self }
        let image = UIImage(cgImage: cgImage, scale: scale, orientation: imageOrientation)
        image.renderingMode = renderingMode
        image.fixedTintColor = tint
        image.isSymbolImage = isSymbolImage
        image.symbolConfiguration = symbolConfiguration
        image.baselineOffsetFromBottom = baselineOffsetFromBottom
        image.systemSymbolName = systemSymbolName
        return image
    }

    /// The image's silhouette filled with `color`: what a template image
    /// or one with a fixed tint shows.
    func tinted(with color: UIColor) -> UIImage {
        let renderer = UIGraphicsImageRenderer(size: size, format: {
            let format = UIGraphicsImageRendererFormat()
            format.scale = scale
            return format
        }())
        let tinted = renderer.image { context in
            let bounds = CGRect(origin: .zero, size: size)
            draw(in: bounds)
            color.setFill()
            UIRectFillUsingBlendMode(bounds, .sourceIn)
        }
        return tinted
    }

    /// The pixels a view shows for this image in a view tinted `tint`.
    func shown(inTint tint: UIColor?) -> UIImage {
        if let fixedTintColor { return tinted(with: fixedTintColor) }
        if isTemplate, let tint { return tinted(with: tint) }
        return self
    }
}
