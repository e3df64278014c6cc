/// How a layer places its contents in its bounds. The raw values are the
/// wire values of strata_layer_v1.gravity and follow UIView.ContentMode's order.
public enum ContentsGravity: UInt32, CaseIterable, Sendable {
    case resize = 0            // scaleToFill
    case resizeAspect = 1      // scaleAspectFit
    case resizeAspectFill = 2  // scaleAspectFill
    case redraw = 3            // redraw: scaled like resize until the client redraws
    case center = 4
    case top = 5
    case bottom = 6
    case left = 7
    case right = 8
    case topLeft = 9
    case topRight = 10
    case bottomLeft = 11
    case bottomRight = 12
}
