import Foundation

/// The look the bars share: a light, slightly translucent background and a
/// one-pixel hairline on the edge that faces the content.
enum BarBackground {
    /// UIKit's default bar background, near white, a little see-through.
    static let color = UIColor(red: 0.976, green: 0.976, blue: 0.976, alpha: 0.94)

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
