import Foundation
import StrataProtocol

// Core Animation's values as strata-layers-v1 carries them: doubles for
// CGFloat and Float, un-premultiplied sRGB for colors, a b c d tx ty for
// the 2-D transform.

extension Point {
    init(_ point: CGPoint) { self.init(x: Double(point.x), y: Double(point.y)) }
}

extension Rect {
    init(_ rect: CGRect) {
        self.init(x: Double(rect.origin.x), y: Double(rect.origin.y),
                  width: Double(rect.size.width), height: Double(rect.size.height))
    }
}

extension StrataProtocol.AffineTransform {
    init(_ t: CGAffineTransform) {
        self.init(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), tx: Double(t.tx), ty: Double(t.ty))
    }
}

extension Color {
    init(_ color: CGColor) {
        let rgba = color.rgba
        self.init(red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue), alpha: Double(rgba.alpha))
    }
}
