import Foundation

/// UIKit's activity indicator: a wheel of spokes that turns while
/// animating. The turning is one repeating `CABasicAnimation` of
/// `transform.rotation.z` added to the wheel's layer, so the compositor
/// plays it: the app sends nothing more while it spins, and it keeps
/// spinning when the app is busy, which is when it is shown.
open class UIActivityIndicatorView: UIView {
    /// The animation's key on the wheel's layer.
    static let spinKey = "strata.activityIndicator.spin"
    /// One turn a second.
    static let turnDuration: CFTimeInterval = 1

    open var style: Style {
        didSet {
            guard style != oldValue else { return }
            if explicitColor == nil { wheel.color = style.defaultColor }
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }
    }

    /// The spokes' color; setting nil restores the style's.
    open var color: UIColor! {
        get { explicitColor ?? style.defaultColor }
        set {
            explicitColor = newValue
            wheel.color = color
        }
    }

    /// UIKit: "If the value of this property is true (the default), the
    /// receiver sets its isHidden property to true when receiver is not
    /// animating."
    open var hidesWhenStopped = true {
        didSet { updateHidden() }
    }

    open private(set) var isAnimating = false

    private var explicitColor: UIColor?
    let wheel: ActivityIndicatorSpokes

    public init(style: Style) {
        self.style = style
        wheel = ActivityIndicatorSpokes(color: style.defaultColor)
        super.init(frame: CGRect(origin: .zero, size: style.size))
        setUp()
    }

    /// A medium indicator in `frame`.
    public override init(frame: CGRect) {
        style = .medium
        wheel = ActivityIndicatorSpokes(color: Style.medium.defaultColor)
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    private func setUp() {
        isOpaque = false
        isUserInteractionEnabled = false
        addSubview(wheel)
        layoutWheel()
        updateHidden()
    }

    /// Starts the wheel turning (and shows the indicator).
    open func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = CGFloat(0)
        spin.toValue = 2 * CGFloat.pi
        spin.duration = UIActivityIndicatorView.turnDuration
        spin.repeatCount = .infinity
        spin.timingFunction = CAMediaTimingFunction(name: .linear)
        wheel.layer.add(spin, forKey: UIActivityIndicatorView.spinKey)
        updateHidden()
    }

    /// Stops the wheel (and hides the indicator if `hidesWhenStopped`).
    open func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        wheel.layer.removeAnimation(forKey: UIActivityIndicatorView.spinKey)
        updateHidden()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutWheel()
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { style.size }

    open override var intrinsicContentSize: CGSize { style.size }

    /// The style's size, centered in the bounds.
    private func layoutWheel() {
        let size = style.size
        wheel.bounds = CGRect(origin: .zero, size: size)
        wheel.center = CGPoint(x: bounds.midX, y: bounds.midY)
    }

    private func updateHidden() {
        if hidesWhenStopped { isHidden = !isAnimating } else if !isAnimating { isHidden = false }
    }
}
