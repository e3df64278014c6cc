import Foundation
import StrataProtocol

/// The kind of gradient a CAGradientLayer draws (CAGradientLayerType).
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Along the line from startPoint to endPoint.
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// Ellipses about startPoint; endPoint lies on the last one.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Around startPoint, beginning towards endPoint.
    public static let conic = CAGradientLayerType(rawValue: "conic")

    /// Unknown names fall back to CA's default, `.axial`.
    var protocolValue: GradientType { self == .radial ? .radial : self == .conic ? .conic : .axial }
}

/// Core Animation's gradient layer: the compositor fills the bounds with
/// the colors, over the background and within its rounded corners.
open class CAGradientLayer: CALayer {
    /// CGColors; nil or empty draws no gradient.
    /// Animatable: as many colors blend one by one; other counts switch half way.
    open var colors: [Any]? {
        didSet {
            didChange(.gradient)
            if let old = oldValue?.compactMap({ ($0 as? CGColor).map(Color.init) }), colors != nil {
                runAction(for: .colors, previous: old.flatMap(\.components))
            }
        }
    }

    /// One per color, 0...1; nil spaces the colors evenly.
    open var locations: [NSNumber]? {
        didSet {
            guard locations != oldValue else { return }
            didChange(.gradient)
            if let oldValue, locations != nil { runAction(for: .locations, previous: oldValue.map { min(max($0.doubleValue, 0), 1) }) }
        }
    }

    /// In unit coordinates of the bounds: the top centre by default.
    open var startPoint = CGPoint(x: 0.5, y: 0) {
        didSet {
            guard startPoint != oldValue else { return }
            didChange(.gradient)
            runAction(for: .startPoint, previous: Self.wirePointValue(oldValue))
        }
    }

    /// The bottom centre by default.
    open var endPoint = CGPoint(x: 0.5, y: 1) {
        didSet {
            guard endPoint != oldValue else { return }
            didChange(.gradient)
            runAction(for: .endPoint, previous: Self.wirePointValue(oldValue))
        }
    }

    open var type: CAGradientLayerType = .axial {
        didSet { if type != oldValue { didChange(.gradient) } }
    }

    override func copyStyle(from layer: CALayer) {
        super.copyStyle(from: layer)
        guard let gradient = layer as? CAGradientLayer else { return }
        (colors, locations, type) = (gradient.colors, gradient.locations, gradient.type)
    }

    override func storeAnimatableValues(into values: inout AnimatableValues) {
        (values.startPoint, values.endPoint) = (Self.wirePoint(startPoint), Self.wirePoint(endPoint))
    }

    override func takeAnimatableValues(_ values: AnimatableValues) {
        startPoint = CGPoint(x: values.startPoint.x, y: values.startPoint.y)
        endPoint = CGPoint(x: values.endPoint.x, y: values.endPoint.y)
    }
}
