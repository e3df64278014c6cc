import Foundation

/// UIKit's rectangle functions, drawing into the current context.

/// Fills `rect` with the current fill color using the copy blend mode, as
/// UIKit documents ("fills the specified rectangle using the fill color of
/// the current graphics context and the kCGBlendModeCopy blend mode").
public func UIRectFill(_ rect: CGRect) {
    UIRectFillUsingBlendMode(rect, .copy)
}

public func UIRectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.saveGState()
    context.setBlendMode(blendMode)
    context.fill(rect)
    context.restoreGState()
}

/// Draws a 1-point frame just inside `rect` with the current fill color and
/// the copy blend mode (UIKit: "draws a frame around the inside of the
/// specified rectangle … width of 1.0").
public func UIRectFrame(_ rect: CGRect) {
    UIRectFrameUsingBlendMode(rect, .copy)
}

public func UIRectFrameUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    let r = rect.standardized
    guard r.width > 0, r.height > 0 else { return }
    let edge = min(1, r.width / 2, r.height / 2)
    let sides = [
        CGRect(x: r.minX, y: r.minY, width: r.width, height: edge),
        CGRect(x: r.minX, y: r.maxY - edge, width: r.width, height: edge),
        CGRect(x: r.minX, y: r.minY + edge, width: edge, height: r.height - 2 * edge),
        CGRect(x: r.maxX - edge, y: r.minY + edge, width: edge, height: r.height - 2 * edge),
    ]
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.saveGState()
    context.setBlendMode(blendMode)
    context.fill(sides)
    context.restoreGState()
}
