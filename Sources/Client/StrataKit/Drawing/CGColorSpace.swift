import Foundation

/// A color space, as Core Graphics names them. Drawing here is in sRGB (RGB
/// spaces) or its gray; the space only tells how many components colors have.
public final class CGColorSpace {
    public let name: String?
    public let numberOfComponents: Int

    init(name: String, numberOfComponents: Int) {
        self.name = name
        self.numberOfComponents = numberOfComponents
    }

    /// The named spaces this implementation knows (the RGB ones draw as sRGB).
    public convenience init?(name: String) {
        switch name {
        case CGColorSpace.sRGB, CGColorSpace.extendedSRGB, CGColorSpace.displayP3, CGColorSpace.genericRGBLinear:
            self.init(name: name, numberOfComponents: 3)
        case CGColorSpace.genericGrayGamma2_2, CGColorSpace.linearGray, CGColorSpace.extendedGray:
            self.init(name: name, numberOfComponents: 1)
        default:
            return nil
        }
    }

    public static let sRGB = "kCGColorSpaceSRGB"
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    public static let linearGray = "kCGColorSpaceLinearGray"
    public static let extendedGray = "kCGColorSpaceExtendedGray"
}

public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace {
    CGColorSpace(name: "kCGColorSpaceDeviceRGB", numberOfComponents: 3)
}

public func CGColorSpaceCreateDeviceGray() -> CGColorSpace {
    CGColorSpace(name: "kCGColorSpaceDeviceGray", numberOfComponents: 1)
}
