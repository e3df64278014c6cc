import Foundation
import StrataProtocol

// A material (strata_layer_v1 version 4's set_backdrop): the compositor
// blurs what lies below the layer within its bounds, changes its
// saturation and tints it. Core Animation keeps this in a private layer
// class; here it is a property UIVisualEffectView sets.

extension CALayer {
    /// The material below the layer's own drawing; nil for none. Its
    /// radius, saturation and tint animate (backdropRadius, backdropSaturation,
    /// backdropTintColor): a view animation block fades a blur in from none.
    var backdrop: BackdropStyle? {
        get { material?.style }
        set {
            let old = backdrop
            guard newValue != old else { return }
            if let newValue {
                material = (newValue, material?.fallback)
            } else {
                material = nil
            }
            didChange(.backdrop)
            // None animates as no blur, no change of saturation, a clear tint.
            let from = old ?? BackdropStyle(), to = newValue ?? BackdropStyle()
            if from.radius != to.radius { runAction(for: .backdropRadius, previous: [from.radius]) }
            if from.saturation != to.saturation { runAction(for: .backdropSaturation, previous: [from.saturation]) }
            if from.tintColor != to.tintColor { runAction(for: .backdropTintColor, previous: from.tintColor.components) }
        }
    }

    /// Drawn as the background instead, where the compositor cannot blur
    /// (strata_layers_v1 before version 4).
    var backdropFallbackColor: Color? {
        get { material?.fallback }
        set {
            guard backdrop != nil, newValue != backdropFallbackColor else { return }
            material?.fallback = newValue
            didChange(.backgroundColor)
        }
    }
}
