import Foundation

extension UIActivityIndicatorView {
    /// UIKit's styles, with its raw values. `.medium` and `.large` are the
    /// current ones; the older three name a size and a color.
    public enum Style: Int, Sendable {
        case whiteLarge = 0
        case white = 1
        case gray = 2
        case medium = 100
        case large = 101

        /// 20 × 20 points, or 37 × 37 for the large styles, as UIKit's.
        var size: CGSize {
            switch self {
            case .large, .whiteLarge: return CGSize(width: 37, height: 37)
            case .medium, .white, .gray: return CGSize(width: 20, height: 20)
            }
        }

        /// White for the white styles, else gray.
        var defaultColor: UIColor {
            switch self {
            case .white, .whiteLarge: return .white
            case .gray, .medium, .large: return .gray
            }
        }
    }
}
