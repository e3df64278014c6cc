import Foundation

/// The view properties that are the layer's, with UIKit's defaults: visible,
/// alpha 1, opaque (YES for views, unlike layers), no clipping, clearing
/// before drawing.
extension UIView {
    public var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }

    public var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }

    /// True by default as in UIKit; the layer's flag (which lets the
    /// compositor skip what lies beneath) follows only when it is set, so a
    /// default view without a background is not promised opaque.
    public var isOpaque: Bool {
        get { opaqueHint }
        set {
            opaqueHint = newValue
            layer.isOpaque = newValue
        }
    }

    public var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    public var clearsContextBeforeDrawing: Bool {
        get { layer.clearsContextBeforeDrawing }
        set { layer.clearsContextBeforeDrawing = newValue }
    }

    /// Points to backing-store pixels: 1 outside a window, then the window's
    /// screen scale; setting it overrides that.
    public var contentScaleFactor: CGFloat {
        get { layer.contentsScale }
        set {
            hasExplicitContentScale = true
            layer.contentsScale = newValue
        }
    }

    func updateContentScaleForWindow() {
        guard !hasExplicitContentScale else { return }
        layer.contentsScale = window?.screenScale ?? 1
    }
}
