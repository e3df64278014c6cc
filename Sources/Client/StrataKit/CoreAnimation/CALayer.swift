import Foundation

/// Core Animation's layer. (Being written.)
open class CALayer {
    public init() {}
}
