import Foundation

/// UIKit's visual effect view: a material over whatever lies behind it,
/// with a `contentView` for the views that sit on the material (they are
/// not affected by it). Setting `effect` inside an animation block fades
/// the material in or out, as UIKit animates a blur's appearance.
///
/// The compositor does not blur yet: the material is its tint alone, a
/// translucent layer of the style's colour and thickness that follows the
/// light or dark appearance. Vibrancy draws content as it is.
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
            materialView.backgroundColor = blur.material(dark: dark)
            materialView.alpha = 1
        case is UIVibrancyEffect:
            // Vibrancy lives on a blur below it; it adds no layer of its own.
            materialView.alpha = 0
        default:
            materialView.alpha = 0
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
