import Foundation

extension UIView {
    /// How the view's drawn contents fill it when its size changes.
    public enum ContentMode: Int, Sendable {
        case scaleToFill
        case scaleAspectFit
        case scaleAspectFill
        case redraw
        case center
        case top
        case bottom
        case left
        case right
        case topLeft
        case topRight
        case bottomLeft
        case bottomRight
    }

    /// The layer gravity for each mode; `.redraw` scales the old snapshot
    /// until the view draws again at its new size.
    var contentsGravity: CALayerContentsGravity {
        switch contentMode {
        case .scaleToFill, .redraw: return .resize
        case .scaleAspectFit: return .resizeAspect
        case .scaleAspectFill: return .resizeAspectFill
        case .center: return .center
        case .top: return .top
        case .bottom: return .bottom
        case .left: return .left
        case .right: return .right
        case .topLeft: return .topLeft
        case .topRight: return .topRight
        case .bottomLeft: return .bottomLeft
        case .bottomRight: return .bottomRight
        }
    }

    func applyContentMode() {
        layer.contentsGravity = contentsGravity
        layer.needsDisplayOnBoundsChange = contentMode == .redraw
    }

    /// Deprecated in UIKit, kept for old code: the stretchable part of the
    /// contents in unit coordinates, which is the layer's contentsCenter.
    public var contentStretch: CGRect {
        get { layer.contentsCenter }
        set { layer.contentsCenter = newValue }
    }
}
