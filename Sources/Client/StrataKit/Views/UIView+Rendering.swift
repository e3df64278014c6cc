import Foundation

/// The view properties that are the layer's (isHidden, alpha, isOpaque and
/// clipsToBounds are in the class body so subclasses can override them), with
/// UIKit's defaults: visible, alpha 1, opaque, no clipping, clearing before
/// drawing, scale 1 outside a window.
extension UIView {
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
        layer.contentsScale = scaleWindow?.screenScale ?? 1
    }

    /// The window whose screen the view draws for: its own, or in a mask
    /// view (in no window itself) that of the view it masks.
    private var scaleWindow: UIWindow? {
        var top = self
        while let superview = top.superview { top = superview }
        return top as? UIWindow ?? (top.layer.maskedLayer?.delegate as? UIView)?.scaleWindow
    }

    /// For UIWindow (the app part): call when `screenScale` changes, so the
    /// window and every view in it take the new scale (and redraw).
    func windowScreenScaleDidChange() {
        updateContentScaleForWindow()
        for subview in subviews { subview.windowScreenScaleDidChange() }
        mask?.windowScreenScaleDidChange()
    }
}
