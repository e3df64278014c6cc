import XCTest
import StrataProtocol
import StrataWayland
@testable import StrataKit

/// A transport whose nodes write down the requests the encoder makes of
/// them, so a test can check what would go to the compositor.
final class RecordingTransport: LayerTransport {
    private(set) var nodes: [RecordingNode] = []
    /// What the nodes say of version 3 (false: as on a version 2 compositor).
    var hasStyling = true
    /// What the nodes say of version 4 (false: as on a version 3 compositor).
    var hasDepth = true
    /// What the nodes say of version 4's backdrops.
    var hasBackdrops = true

    func makeNode() -> any LayerNode {
        let node = RecordingNode()
        node.hasStyling = hasStyling
        node.hasDepth = hasDepth
        node.hasBackdrops = hasBackdrops
        nodes.append(node)
        return node
    }

    func setContents(_ image: CGImage, changed rects: [CGRect], partial: Bool,
                     of node: any LayerNode, for layer: CALayer) throws -> Int { 0 }
    func removeContents(of node: any LayerNode) {}
    func flush() {}
}

/// One node's requests, in order. The styling requests carry their values;
/// the others only their name.
final class RecordingNode: LayerNode {
    enum Request: Equatable {
        case cornerRadius(Double, CornerMask, CornerCurve)
        case border(Double, Color)
        case shadow(Color, Double, Size, Double)
        case shadowPath(LayerPath?)
        case shape(LayerPath?, FillRule)
        case fillColor(Color?)
        case stroke(Color?, Double, LineCap, LineJoin, Double)
        case lineDash([Double], Double)
        case strokeRange(Double, Double)
        case gradient(GradientStyle?)
        case replicator(ReplicatorStyle?)
        case mask(ObjectIdentifier?)
        /// A version 4 depth request by name, with its values.
        case depth(String, [Double])
        case backdrop(BackdropStyle?)
        case other(String)

        var isStyling: Bool {
            switch self {
            case .other, .depth: return false
            default: return true
            }
        }
    }

    var requests: [Request] = []
    var hasStyling = true
    var hasDepth = true
    var depth: [Request] { requests.filter { if case .depth = $0 { return true } else { return false } } }
    var hasBackdrops = true
    /// The background colors sent, in order.
    var backgrounds: [Color?] = []
    var styling: [Request] { requests.filter(\.isStyling) }
    private(set) var sublayers: [RecordingNode] = []
    private(set) weak var superlayer: RecordingNode?
    var onAnimationEvent: ((AnimationEvent) -> Void)?

    var nodeSublayers: [any LayerNode] { sublayers }
    var nodeSuperlayer: (any LayerNode)? { superlayer }

    func setPosition(_ position: Point) { requests.append(.other("position")) }
    func setBounds(_ bounds: Rect) { requests.append(.other("bounds")) }
    func setAnchorPoint(_ anchorPoint: Point) { requests.append(.other("anchorPoint")) }
    func setTransform(_ transform: StrataProtocol.AffineTransform) { requests.append(.other("transform")) }
    func setTransform3D(rawMatrix: [Double]) { requests.append(.depth("transform3D", rawMatrix)) }
    func setSublayerTransform(rawMatrix: [Double]) { requests.append(.depth("sublayerTransform", rawMatrix)) }
    func setZPosition(_ z: Double) { requests.append(.depth("zPosition", [z])) }
    func setAnchorPointZ(_ z: Double) { requests.append(.depth("anchorPointZ", [z])) }
    func setDoubleSided(_ doubleSided: Bool) { requests.append(.depth("doubleSided", [doubleSided ? 1 : 0])) }
    func setTransformLayer(_ isTransformLayer: Bool) { requests.append(.depth("transformLayer", [isTransformLayer ? 1 : 0])) }
    func setOpacity(_ opacity: Double) { requests.append(.other("opacity")) }
    func setHidden(_ hidden: Bool) { requests.append(.other("hidden")) }
    func setMasksToBounds(_ masks: Bool) { requests.append(.other("masksToBounds")) }
    func setBackgroundColor(_ color: Color?) { requests.append(.other("backgroundColor")); backgrounds.append(color) }
    func setBackdrop(_ backdrop: BackdropStyle?) { requests.append(.backdrop(backdrop)) }
    func setOpaque(_ opaque: Bool) { requests.append(.other("opaque")) }
    func setContentsScale(_ scale: Double) { requests.append(.other("contentsScale")) }
    func setContentsGravity(_ gravity: ContentsGravity) { requests.append(.other("contentsGravity")) }
    func setContentsCenter(_ center: Rect) { requests.append(.other("contentsCenter")) }
    func setContentsRect(_ rect: Rect) { requests.append(.other("contentsRect")) }

    func setCornerRadius(_ radius: Double, maskedCorners: CornerMask, curve: CornerCurve) {
        requests.append(.cornerRadius(radius, maskedCorners, curve))
    }
    func setBorder(width: Double, color: Color) { requests.append(.border(width, color)) }
    func setShadow(color: Color, opacity: Double, offset: Size, radius: Double) {
        requests.append(.shadow(color, opacity, offset, radius))
    }
    func setShadowPath(_ path: LayerPath?) { requests.append(.shadowPath(path)) }
    func setShape(_ path: LayerPath?, fillRule: FillRule) { requests.append(.shape(path, fillRule)) }
    func setFillColor(_ color: Color?) { requests.append(.fillColor(color)) }
    func setStroke(color: Color?, lineWidth: Double, cap: LineCap, join: LineJoin, miterLimit: Double) {
        requests.append(.stroke(color, lineWidth, cap, join, miterLimit))
    }
    func setLineDash(pattern: [Double], phase: Double) { requests.append(.lineDash(pattern, phase)) }
    func setStrokeRange(start: Double, end: Double) { requests.append(.strokeRange(start, end)) }
    func setGradient(_ gradient: GradientStyle?) { requests.append(.gradient(gradient)) }
    func setReplicator(_ rules: ReplicatorStyle?) { requests.append(.replicator(rules)) }
    func setMask(_ mask: (any LayerNode)?) { requests.append(.mask(mask.map(ObjectIdentifier.init))) }

    func addAnimation(_ animation: LayerAnimation, forKey key: String, keptOnCompletion: Bool) {
        requests.append(.other("animation \(animation.property.rawValue)"))
    }
    func addTransition(_ transition: LayerTransition, forKey key: String) { requests.append(.other("transition")) }
    func removeAnimation(forKey key: String) { requests.append(.other("removeAnimation")) }

    func insertSublayer(_ node: any LayerNode, at index: Int) {
        let sublayer = node as! RecordingNode
        sublayer.removeFromSuperlayer()
        sublayers.insert(sublayer, at: min(index, sublayers.count))
        sublayer.superlayer = self
        requests.append(.other("insertSublayer"))
    }

    func removeFromSuperlayer() {
        superlayer?.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    func destroy() { requests.append(.other("destroy")) }
}

/// Clean transaction state around each test, and an encoder over a recording transport.
class StylingTestCase: XCTestCase {
    private var savedHooks: (scheduler: (() -> Void)?, handler: (() -> Void)?)
    private var savedRecording = false
    var transport: RecordingTransport!
    var encoder: LayerTransactionEncoder!

    override func setUp() {
        savedHooks = (CATransaction.updateScheduler, CATransaction.updateHandler)
        savedRecording = CATransaction.recordsDeallocations
        CATransaction.changedLayers = []
        CATransaction.updateScheduler = nil
        CATransaction.updateHandler = nil
        transport = RecordingTransport()
        encoder = LayerTransactionEncoder(transport: transport)
    }

    override func tearDown() {
        (CATransaction.updateScheduler, CATransaction.updateHandler) = savedHooks
        CATransaction.recordsDeallocations = savedRecording
        CATransaction.deallocatedLayers = []
        CATransaction.changedLayers = []
        encoder = nil
        transport = nil
    }

    /// Sends the layers changed since the last call, as a commit would.
    func encodeChanges() {
        let changed = CATransaction.changedLayers
        CATransaction.changedLayers = []
        encoder.begin()
        encoder.encode(changed, isShown: { _ in true })
    }

    /// The recording node of `layer`, made with its whole state if new.
    func node(of layer: CALayer) -> RecordingNode {
        encoder.materialize(layer) as! RecordingNode
    }
}
