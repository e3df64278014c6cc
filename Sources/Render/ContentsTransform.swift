import StrataProtocol

/// A rotation or mirroring already applied to a contents image's pixels,
/// which drawing undoes so the contents appear upright: a Wayland
/// client's buffer transform (the raw values are wl_output.transform's).
/// Quarter turns swap the image's width and height in the layer.
public enum ContentsTransform: Int, Sendable, CaseIterable {
    case normal = 0
    case rotated90 = 1
    case rotated180 = 2
    case rotated270 = 3
    case flipped = 4
    case flipped90 = 5
    case flipped180 = 6
    case flipped270 = 7

    /// A quarter or three-quarter turn: width and height trade places.
    public var swapsAxes: Bool { rawValue & 1 == 1 }

    /// The size of a `width`×`height` image once upright.
    public func uprightSize(width: Double, height: Double) -> (width: Double, height: Double) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// Upright coordinates → image coordinates, for an image whose upright
    /// size is `width`×`height`. Weston's `weston_transformed_coord`, which
    /// clients such as weston-simple-damage draw for: with `rotated90` the
    /// upright top left is the image's bottom left (the client turned its
    /// drawing a quarter counter-clockwise; it is shown turned clockwise).
    public func uprightToImage(width: Double, height: Double) -> AffineTransform {
        // x' = a·x + c·y + tx, y' = b·x + d·y + ty
        switch self {
        case .normal: return .identity
        case .flipped: return AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: width, ty: 0)
        case .rotated90: return AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: width)
        case .flipped90: return AffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)
        case .rotated180: return AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: width, ty: height)
        case .flipped180: return AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: height)
        case .rotated270: return AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: height, ty: 0)
        case .flipped270: return AffineTransform(a: 0, b: -1, c: -1, d: 0, tx: height, ty: width)
        }
    }

    /// Image coordinates → upright coordinates, for an image of
    /// `imageWidth`×`imageHeight` (exact: every term is a whole number).
    public func imageToUpright(imageWidth: Double, imageHeight: Double) -> AffineTransform {
        let upright = uprightSize(width: imageWidth, height: imageHeight)
        return uprightToImage(width: upright.width, height: upright.height).inverted()!
    }
}
