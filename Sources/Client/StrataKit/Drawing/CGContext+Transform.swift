import CCairo
import Foundation

/// The current transformation matrix (CTM): user space to the surface's pixels.
extension CGContext {
    public func translateBy(x: CGFloat, y: CGFloat) {
        cairo_translate(cairo, Double(x), Double(y))
    }

    public func scaleBy(x: CGFloat, y: CGFloat) {
        concatenate(CGAffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0))
    }

    /// Rotates user space by `angle` radians; positive angles turn +x toward
    /// +y, which with UIKit's y-down user space is clockwise on screen.
    public func rotate(by angle: CGFloat) {
        cairo_rotate(cairo, Double(angle))
    }

    public func concatenate(_ transform: CGAffineTransform) {
        var matrix = cairo_matrix_t(transform)
        // cairo puts the context in a permanent error state on a singular
        // matrix; Core Graphics would just draw nothing. Ignore such a change.
        guard transform.a * transform.d - transform.b * transform.c != 0,
              cairo_matrix_invert(&matrix) == CAIRO_STATUS_SUCCESS else { return }
        matrix = cairo_matrix_t(transform)
        cairo_transform(cairo, &matrix)
    }

    /// The CTM. Device space here has UIKit's top-left origin, so a view
    /// context's CTM is a plain scale by the content scale factor.
    public var ctm: CGAffineTransform {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        return CGAffineTransform(a: CGFloat(matrix.xx), b: CGFloat(matrix.yx), c: CGFloat(matrix.xy),
                                 d: CGFloat(matrix.yy), tx: CGFloat(matrix.x0), ty: CGFloat(matrix.y0))
    }

    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { ctm }

    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint {
        var x = Double(point.x), y = Double(point.y)
        cairo_user_to_device(cairo, &x, &y)
        return CGPoint(x: x, y: y)
    }

    public func convertToUserSpace(_ point: CGPoint) -> CGPoint {
        var x = Double(point.x), y = Double(point.y)
        cairo_device_to_user(cairo, &x, &y)
        return CGPoint(x: x, y: y)
    }
}

extension cairo_matrix_t {
    init(_ t: CGAffineTransform) {
        self.init(xx: Double(t.a), yx: Double(t.b), xy: Double(t.c), yy: Double(t.d), x0: Double(t.tx), y0: Double(t.ty))
    }
}
