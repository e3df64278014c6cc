import Foundation
import StrataProtocol
import StrataRender

/// The title bar an app draws for itself where the compositor draws none
/// (GNOME, weston): the window's title, centred, and a close button at the
/// right, above the window's content. Pressing the bar moves the window,
/// pressing near an edge of the surface resizes it, and the close button
/// asks the window to close, as a press on a compositor's own bar would.
final class ClientTitleBar {
    static let height: CGFloat = 30
    /// How far in from the surface's edges a press resizes rather than acts.
    static let resizeBorder: CGFloat = 4
    private static let closeButtonSize: CGFloat = 18

    let layer = RenderLayer()
    private var drawn: (title: String, width: CGFloat, scale: CGFloat, isActive: Bool)?

    init() {
        layer.name = "title bar"
        layer.anchorPoint = .zero
        layer.contentsGravity = .resize
        layer.isOpaque = true
    }

    /// What a press at `point` (surface points) in a `width`-wide surface of
    /// `height` points does.
    enum Hit: Equatable {
        case content
        case move
        case close
        /// xdg_toplevel.resize_edge.
        case resize(edges: UInt32)
    }

    static func hit(_ point: CGPoint, width: CGFloat, height: CGFloat, resizable: Bool = true) -> Hit {
        let border = resizable ? resizeBorder : 0
        var edges: UInt32 = 0
        if point.y < border { edges |= 1 }                 // top
        if point.y >= height - border { edges |= 2 }       // bottom
        if point.x < border { edges |= 4 }                 // left
        if point.x >= width - border { edges |= 8 }        // right
        if edges != 0 { return .resize(edges: edges) }
        guard point.y < Self.height else { return .content }
        return closeButtonFrame(width: width).insetBy(dx: -4, dy: -4).contains(point) ? .close : .move
    }

    private static func closeButtonFrame(width: CGFloat) -> CGRect {
        CGRect(x: width - 8 - closeButtonSize, y: (height - closeButtonSize) / 2, width: closeButtonSize, height: closeButtonSize)
    }

    /// Redraws the bar when what it shows changed.
    func update(title: String, width: CGFloat, scale: CGFloat, isActive: Bool) {
        guard width > 0 else { return }
        if let drawn, drawn == (title, width, scale, isActive) { return }
        drawn = (title, width, scale, isActive)
        layer.bounds = Rect(x: 0, y: 0, width: Double(width), height: Double(Self.height))
        layer.position = .zero
        layer.contentsScale = Double(scale)
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        format.opaque = true
        let image = UIGraphicsImageRenderer(size: CGSize(width: width, height: Self.height), format: format).image { context in
            Self.draw(title: title, width: width, isActive: isActive, in: context.cgContext)
        }
        guard let cgImage = image.cgImage else { return }
        let contents = LayerImage(width: cgImage.width, height: cgImage.height, hasAlpha: false)
        cgImage.withPixels { pixels in
            contents.copy(from: pixels, sourceStride: cgImage.bytesPerRow,
                          rect: PixelRect(x: 0, y: 0, width: cgImage.width, height: cgImage.height))
        }
        layer.contents = contents
    }

    private static func draw(title: String, width: CGFloat, isActive: Bool, in context: CGContext) {
        let background = isActive ? UIColor(white: 0.90, alpha: 1) : UIColor(white: 0.96, alpha: 1)
        let ink = isActive ? UIColor(white: 0.15, alpha: 1) : UIColor(white: 0.55, alpha: 1)
        context.setFillColor(background.cgColor)
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        context.setFillColor(UIColor(white: 0.78, alpha: 1).cgColor)
        context.fill(CGRect(x: 0, y: height - 1, width: width, height: 1))

        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.boldSystemFont(ofSize: 13), .foregroundColor: ink]
        let close = closeButtonFrame(width: width)
        let room = max(0, close.minX - 16 - 8)
        let size = title.size(withAttributes: attributes)
        let textWidth = min(size.width, room)
        let x = max(8, min((width - textWidth) / 2, close.minX - 8 - textWidth))
        title.draw(in: CGRect(x: x, y: (height - size.height) / 2, width: textWidth, height: size.height), withAttributes: attributes)

        // The close button: a cross in a circle.
        context.setFillColor(UIColor(white: 0.80, alpha: 1).cgColor)
        context.fillEllipse(in: close)
        context.setStrokeColor(ink.cgColor)
        context.setLineWidth(1.5)
        let inset = close.insetBy(dx: 5.5, dy: 5.5)
        context.move(to: CGPoint(x: inset.minX, y: inset.minY))
        context.addLine(to: CGPoint(x: inset.maxX, y: inset.maxY))
        context.move(to: CGPoint(x: inset.maxX, y: inset.minY))
        context.addLine(to: CGPoint(x: inset.minX, y: inset.maxY))
        context.strokePath()
    }
}
