import Foundation

extension CALayer {
    /// The drawing half of `display()`: draws the invalidated part of the
    /// layer with `draw(in:)` into its backing store and makes that the
    /// contents. (Being written.)
    func displayByDrawing() {}
}
