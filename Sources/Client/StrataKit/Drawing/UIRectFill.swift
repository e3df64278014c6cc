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

/// Draws a frame 1.0 wide (in the current coordinate system) just inside
/// `rect` with the copy blend mode (UIKit: "draws a frame around the inside
/// of rect … The width is equal to 1.0 in the current coordinate system").
/// It paints with the fill color: UIRectFrameUsingBlendMode's reference says
/// so ("because this function doesn't draw directly on the line, but rather
/// inside it, it uses the current fill color (not stroke color)"), though
/// UIRectFrame's own page says stroke color; UIColor.set() sets both.
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
