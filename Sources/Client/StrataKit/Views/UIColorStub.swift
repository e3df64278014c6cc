import Foundation

// TEMPORARY: the drawing part (Drawing/, branch kit-draw) owns CGColor and
// UIColor. These minimal stand-ins let the model compile before it lands;
// delete this file when merging kit-draw.

public final class CGColor {
    var rgba: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)
    init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        rgba = (red, green, blue, alpha)
    }
}

public class UIColor {
    public let cgColor: CGColor
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
}
