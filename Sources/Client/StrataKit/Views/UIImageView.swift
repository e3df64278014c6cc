import Foundation

/// A view that shows an image as its layer's contents, as UIKit's
/// UIImageView does: no draw(_:), the image's pixels are the layer's
/// contents at the image's scale, placed by `contentMode`.
open class UIImageView: UIView {
    private var tintedCache: (source: UIImage, tint: UIColor?, result: UIImage)?

    open var image: UIImage? {
        didSet {
            showImage()
            if image?.size != oldValue?.size { invalidateIntrinsicContentSize() }
        }
    }

    /// The image's size in points; none without an image.
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// UIKit: "initializes and returns an image view … adjusts the frame of
    /// the receiver to match the size of the specified image", and user
    /// interaction is disabled by default.
    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
        showImage()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// The configuration symbol images are drawn with here (their size and weight).
    open var preferredSymbolConfiguration: UIImage.SymbolConfiguration? {
        didSet {
            if let configuration = preferredSymbolConfiguration, let image, image.isSymbolImage {
                self.image = image.withConfiguration(configuration)
            }
        }
    }

    /// A template image (a symbol, or one made `.alwaysTemplate`) shows in
    /// the view's tint colour, and follows it when it changes.
    private func showImage() {
        layer.contents = shownImage()?.cgImage
        layer.contentsScale = image?.scale ?? 1
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if image?.isTemplate == true { showImage() }
    }

    /// The last tinted image, kept while neither the image nor the tint changes.
    private func shownImage() -> UIImage? {
        guard let image else { return nil }
        guard image.isTemplate || image.fixedTintColor != nil else { return image }
        let tint = image.fixedTintColor ?? tintColor
        if let cached = tintedCache, cached.source === image, cached.tint == tint { return cached.result }
        let result = image.shown(inTint: tint)
        tintedCache = (image, tint, result)
        return result
    }

}
