import CCairo
import Foundation

/// Bitmap image contexts: UIGraphicsBeginImageContextWithOptions pushes a
/// context drawing into a new image; UIGraphicsGetImageFromCurrentImageContext
/// snapshots it; UIGraphicsEndImageContext pops it.

/// The image contexts on the context stack, with their scales.
nonisolated(unsafe) private var imageContexts: [(context: CGContext, scale: CGFloat)] = []

/// Begins an image context of `size` points at `scale` pixels a point (0
/// means the main screen's scale, which is 1 without a screen). The context
/// starts transparent (white-free), with UIKit's top-left origin.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let scale = scale > 0 ? scale : 1
    let width = max(1, Int((size.width * scale).rounded(.up)))
    let height = max(1, Int((size.height * scale).rounded(.up)))
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    let context = CGContext(surface: surface, scale: scale)
    cairo_surface_destroy(surface)
    if opaque {
        // An opaque image context starts black, as UIKit's does.
        context.saveGState()
        context.setFillColor(.black)
        context.fill(CGRect(x: 0, y: 0, width: size.width, height: size.height))
        context.restoreGState()
    }
    imageContexts.append((context, scale))
    UIGraphicsPushContext(context)
}

public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// A copy of what the current image context holds, or nil when the current
/// context is not an image context.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let current = UIGraphicsGetCurrentContext(), let entry = imageContexts.last,
          entry.context === current, let image = current.makeImage() else { return nil }
    return UIImage(cgImage: image, scale: entry.scale, orientation: .up)
}

/// Pops the current image context.
public func UIGraphicsEndImageContext() {
    guard let current = UIGraphicsGetCurrentContext(), let entry = imageContexts.last,
          entry.context === current else { return }
    imageContexts.removeLast()
    UIGraphicsPopContext()
}
