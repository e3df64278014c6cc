import CCairo
import Foundation

/// UIKit's image: a CGImage with a scale (pixels per point) and orientation.
open class UIImage {
    /// How the image's pixels are turned to be upright (only .up is drawn turned so far).
    public enum Orientation: Int {
        case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
    }

    public let cgImage: CGImage?
    public let scale: CGFloat
    public let imageOrientation: Orientation

    /// How views draw it: its own colours, or in their tint (UIImage+RenderingMode.swift).
    public internal(set) var renderingMode: RenderingMode = .automatic
    /// The colour `withTintColor` fixed.
    var fixedTintColor: UIColor?
    /// A system symbol, drawn for a configuration (UIImage+Symbols.swift).
    public internal(set) var isSymbolImage = false
    public internal(set) var symbolConfiguration: SymbolConfiguration?
    public internal(set) var baselineOffsetFromBottom: CGFloat?
    var systemSymbolName: String?

    public init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.cgImage = cgImage
        self.scale = scale > 0 ? scale : 1
        imageOrientation = orientation
    }

    public convenience init(cgImage: CGImage) {
        self.init(cgImage: cgImage, scale: 1, orientation: .up)
    }

    /// Loads a PNG file. A name ending in `@2x` or `@3x` (before the
    /// extension) gives the scale, as UIKit's image loading does.
    public convenience init?(contentsOfFile path: String) {
        guard FileManager.default.fileExists(atPath: path),
              let surface = cairo_image_surface_create_from_png(path) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        guard let image = CGImage(convertingSurface: surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.init(cgImage: image, scale: UIImage.scale(fromFileName: path), orientation: .up)
    }

    /// Finds `name` (with or without .png, preferring @3x, @2x, then 1x) among
    /// the main bundle's resources.
    public convenience init?(named name: String) {
        let base = name.hasSuffix(".png") ? String(name.dropLast(4)) : name
        let directories = [Bundle.main.resourcePath, Bundle.main.bundlePath].compactMap { $0 }
        for directory in directories {
            for suffix in ["@3x", "@2x", ""] {
                let path = directory + "/" + base + suffix + ".png"
                if FileManager.default.fileExists(atPath: path) {
                    self.init(contentsOfFile: path)
                    return
                }
            }
        }
        return nil
    }

    /// The scale a file name states: 2 for "x@2x.png", 3 for "x@3x.png", else 1.
    static func scale(fromFileName path: String) -> CGFloat {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        for scale in [2, 3] where stem.hasSuffix("@\(scale)x") { return CGFloat(scale) }
        return 1
    }

    /// The size in points: pixels divided by the scale (swapped for left/right orientations).
    open var size: CGSize {
        guard let cgImage else { return .zero }
        let w = CGFloat(cgImage.width) / scale, h = CGFloat(cgImage.height) / scale
        switch imageOrientation {
        case .left, .right, .leftMirrored, .rightMirrored: return CGSize(width: h, height: w)
        default: return CGSize(width: w, height: h)
        }
    }

    /// Draws the image upright with its top-left corner at `point`, at its size in points.
    open func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }

    open func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }

    /// Draws the image upright, scaled to fill `rect`, in the current context
    /// (normal blend mode, opaque).
    open func draw(in rect: CGRect) {
        draw(in: rect, blendMode: .normal, alpha: 1)
    }

    open func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext(), let cgImage else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        // CGContext.draw puts the first row at the rect's maxY; flip about the
        // rect's middle so it lands at the top, as UIKit's images do.
        context.translateBy(x: 0, y: rect.minY + rect.maxY)
        context.scaleBy(x: 1, y: -1)
        context.draw(cgImage, in: rect)
        context.restoreGState()
    }
}
