import CCairo
import Foundation

/// A Core Graphics drawing context over a cairo surface. (Being written.)
open class CGContext {
}
