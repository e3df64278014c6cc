import Foundation

/// Conversions between views' coordinate systems, through their layers' full
/// transforms; nil means the window. A rect comes back as the smallest rect
/// enclosing the converted one (through rotations).
extension UIView {
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: (view ?? window)?.layer)
    }

    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: (view ?? window)?.layer)
    }

    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        layer.convert(rect, to: (view ?? window)?.layer)
    }

    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        layer.convert(rect, from: (view ?? window)?.layer)
    }
}
