import CCairo
import Foundation

/// Premultiplied 32-bit ARGB pixels, as layer contents. (Being written.)
public final class CGImage {
    public let width: Int
    public let height: Int
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
