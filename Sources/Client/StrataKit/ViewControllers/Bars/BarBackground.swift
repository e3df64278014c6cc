import Foundation
import StrataProtocol

/// The look the bars share: a light, slightly translucent background and a
/// one-pixel hairline on the edge that faces the content.
enum BarBackground {
    /// UIKit's default bar background, near white, a little see-through.
    static let color = UIColor(red: 0.976, green: 0.976, blue: 0.976, alpha: 0.94)

    /// A translucent bar's material, as iOS's bars since iOS 7: what
    /// scrolls under it blurred and saturated, under a near-white tint.
    static let material = BackdropStyle(radius: 30, saturation: 1.8,
                                        tintColor: Color(red: 0.976, green: 0.976, blue: 0.976, alpha: 0.78))

    /// A bar's background: the material when translucent and untinted
    /// (the flat color where the compositor cannot blur), else opaque or its tint.
    static func apply(to bar: UIView, barTintColor: UIColor?, isTranslucent: Bool) {
        if barTintColor == nil && isTranslucent {
            bar.backgroundColor = nil
            bar.layer.backdrop = material
            bar.layer.backdropFallbackColor = Color(color.cgColor)
        } else {
            bar.layer.backdrop = nil
            bar.backgroundColor = barTintColor ?? color.withAlphaComponent(1)
        }
    }

    /// Makes the hairline view a bar keeps at its content edge.
    static func makeHairline() -> UIView {
        let hairline = UIView(frame: .zero)
        hairline.backgroundColor = UIColor(white: 0, alpha: 0.3)
        hairline.isUserInteractionEnabled = false
        return hairline
    }

    /// One device pixel, in points, at the bar's scale.
    static func pixel(in view: UIView) -> CGFloat {
        1 / max(view.contentScaleFactor, 1)
    }
}
