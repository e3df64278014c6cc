import Foundation

/// UIKit's block-based image drawing: `UIGraphicsImageRenderer(size:).image { ctx in … }`.
open class UIGraphicsRendererFormat {
    public init() {}
}

open class UIGraphicsImageRendererFormat: UIGraphicsRendererFormat {
    /// Pixels per point; UIKit's default is the main screen's, 1 without a screen.
    open var scale: CGFloat = 1
    /// An opaque format starts black instead of transparent.
    open var opaque = false

    public override init() { super.init() }

    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

open class UIGraphicsRendererContext {
    public let cgContext: CGContext

    init(cgContext: CGContext) { self.cgContext = cgContext }

    open func fill(_ rect: CGRect) { cgContext.fill(rect) }

    open func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.fill(rect)
        cgContext.restoreGState()
    }

    open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }

    open func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.stroke(rect)
        cgContext.restoreGState()
    }

    open func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

open class UIGraphicsImageRendererContext: UIGraphicsRendererContext {
    public let format: UIGraphicsImageRendererFormat

    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        self.format = format
        super.init(cgContext: cgContext)
    }

    /// What has been drawn so far.
    open var currentImage: UIImage {
        UIImage(cgImage: cgContext.makeImage()!, scale: format.scale, orientation: .up)
    }
}

open class UIGraphicsImageRenderer {
    public let format: UIGraphicsImageRendererFormat
    private let bounds: CGRect

    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.bounds = bounds
        self.format = format
    }

    public convenience init(bounds: CGRect) {
        self.init(bounds: bounds, format: .default())
    }

    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    public convenience init(size: CGSize) {
        self.init(size: size, format: .default())
    }

    /// Runs `actions` with a context that is also the current UIKit context,
    /// and returns what they drew.
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        UIGraphicsBeginImageContextWithOptions(bounds.size, format.opaque, format.scale)
        defer { UIGraphicsEndImageContext() }
        let context = UIGraphicsGetCurrentContext()!
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        actions(UIGraphicsImageRendererContext(cgContext: context, format: format))
        return UIImage(cgImage: context.makeImage()!, scale: format.scale, orientation: .up)
    }

    /// The image `actions` draw, as PNG data.
    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }
}
