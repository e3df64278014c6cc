import Foundation
import StrataProtocol

/// UIKit's visual effect view: a material over whatever lies behind it,
/// with a `contentView` for the views that sit on the material (they are
/// not affected by it). Setting `effect` inside an animation block fades
/// the material in or out, as UIKit animates a blur's appearance.
///
/// The material is a backdrop (strata_layers_v1 version 4): the compositor
/// blurs what is behind the view, from any app and the desktop, raises its
/// saturation and lays the style's tint over it, following the light or
/// dark appearance; an effect set in an animation block fades in or out by
/// its blur radius and tint. Where the compositor cannot blur (an older
/// version) it is the flat tint alone; an app compositing itself blurs only
/// its own content. Vibrancy draws content as it is.
open class UIVisualEffectView: UIView {
    public init(effect: UIVisualEffect?) {
        self.effect = effect
        super.init(frame: .zero)
        materialView.isUserInteractionEnabled = false
        addSubview(materialView)
        addSubview(contentView)
        showEffect()
    }

    public convenience override init(frame: CGRect) {
        self.init(effect: nil)
        self.frame = frame
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// The blur or vibrancy shown; nil shows nothing.
    open var effect: UIVisualEffect? {
        didSet { showEffect() }
    }

    /// Where the views that sit on the effect go.
    public let contentView = UIView(frame: .zero)

    private let materialView = UIView(frame: .zero)

    private func showEffect() {
        let dark = traitCollection.userInterfaceStyle == .dark
        switch effect {
        case let blur as UIBlurEffect:
            materialView.layer.backdrop = blur.backdrop(dark: dark)
            materialView.layer.backdropFallbackColor = Color(blur.material(dark: dark).cgColor)
        default:
            // Vibrancy lives on a blur below it; it adds no layer of its own.
            // Once shown, a material stays as one that draws nothing, so it can fade out.
            if materialView.layer.backdrop != nil {
                materialView.layer.backdrop = BackdropStyle()
                materialView.layer.backdropFallbackColor = .clear
            }
        }
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        showEffect()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        materialView.frame = bounds
        contentView.frame = bounds
    }
}
