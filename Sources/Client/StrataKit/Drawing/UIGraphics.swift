import Foundation

/// UIKit's stack of current graphics contexts (main thread only): the top is
/// the context UIKit drawing calls (UIColor.setFill, UIRectFill,
/// UIImage.draw, …) draw into.
nonisolated(unsafe) var graphicsContextStack: [CGContext] = []

/// The context on top of the stack; inside draw(_:) the view's context.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    graphicsContextStack.last
}

/// Makes `context` current until the matching UIGraphicsPopContext.
public func UIGraphicsPushContext(_ context: CGContext) {
    graphicsContextStack.append(context)
}

/// Makes the previously current context current again.
public func UIGraphicsPopContext() {
    _ = graphicsContextStack.popLast()
}
