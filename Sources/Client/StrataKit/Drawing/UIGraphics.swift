import Foundation

/// The context `draw(_:)` draws into. (Being written.)
public func UIGraphicsGetCurrentContext() -> CGContext? { nil }
public func UIGraphicsPushContext(_ context: CGContext) {}
public func UIGraphicsPopContext() {}
