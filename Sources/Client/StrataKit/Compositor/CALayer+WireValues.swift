import Foundation
import StrataProtocol

// Core Animation's values as strata-layers-v1 carries them: doubles for
// CGFloat and Float, un-premultiplied sRGB for colors, a b c d tx ty for
// the 2-D transform. Core Animation accepts values the protocol rejects
// (an alpha of 1.2, extended-range colors, a negative bounds size); they are
// brought into range here, as Core Animation would show them, so ordinary
// UIKit code never costs the app its connection.

extension Point {
    init(_ point: CGPoint) { self.init(x: Double(point.x), y: Double(point.y)) }
}

extension Rect {
    init(_ rect: CGRect) {
        self.init(x: Double(rect.origin.x), y: Double(rect.origin.y),
                  width: max(0, Double(rect.size.width)), height: max(0, Double(rect.size.height)))
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
        func unit(_ value: CGFloat) -> Double { min(1, max(0, Double(value))) }
        self.init(red: unit(rgba.red), green: unit(rgba.green), blue: unit(rgba.blue), alpha: unit(rgba.alpha))
    }
}
