import Foundation

/// UIKit's progress bar: a track, and over it a fill as wide as `progress`
/// is of the whole. UIKit: "The current progress is represented by a
/// floating-point value between 0.0 and 1.0, inclusive ... Values less
/// than 0.0 and greater than 1.0 are pinned to those limits." The fill is
/// a view whose frame changes, so an animated change is played by the
/// compositor. It is 4 points high, with round ends (`.default`) or square
/// ones (`.bar`); given a taller frame, it fills it.
open class UIProgressView: UIView {
    /// UIKit's raw values.
    public enum Style: Int, Sendable {
        case `default` = 0
        case bar = 1
    }

    /// The height the bar asks for.
    public static let barHeight: CGFloat = 4
    static let animationDuration: TimeInterval = 0.25

    open var progressViewStyle: Style = .default {
        didSet { setNeedsLayout() }
    }

    /// The fraction done, pinned to 0…1. Setting it moves the fill at once.
    open var progress: Float {
        get { value }
        set { setProgress(newValue, animated: false) }
    }

    /// The fill's color; nil (the default): the tint color.
    open var progressTintColor: UIColor? {
        didSet { updateColors() }
    }

    /// The track's color; nil (the default): the system's pale grey fill.
    open var trackTintColor: UIColor? {
        didSet { updateColors() }
    }

    /// UIKit: "When this property is set, the progress view updates its
    /// progress value automatically using information it receives from the
    /// Progress object." Linux's Foundation has no key-value observing, so
    /// the view reads `fractionCompleted` when the property is set and then
    /// ten times a second while it is in a window (UIProgressView+Observing.swift).
    open var observedProgress: Progress? {
        didSet { observedProgressDidChange() }
    }

    var value: Float = 0
    var observationTimer: EventTimer?
    let trackView = UIView()
    let fillView = UIView()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        for part in [trackView, fillView] { part.isUserInteractionEnabled = false }
        trackView.clipsToBounds = true
        addSubview(trackView)
        trackView.addSubview(fillView)
        updateColors()
    }

    /// A bar of the given style, as wide as the frame it is given later.
    public convenience init(progressViewStyle style: Style) {
        self.init(frame: .zero)
        progressViewStyle = style
        frame.size.height = UIProgressView.barHeight
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// Sets the fraction done (pinned to 0…1), sliding the fill when `animated`.
    open func setProgress(_ progress: Float, animated: Bool) {
        let pinned = progress.isNaN ? 0 : min(max(progress, 0), 1)
        guard pinned != value else { return }
        value = pinned
        if animated, window != nil {
            UIView.animate(withDuration: UIProgressView.animationDuration, delay: 0, options: [.curveEaseInOut, .beginFromCurrentState],
                           animations: { self.layoutParts() })
        } else {
            UIView.performWithoutAnimation { layoutParts() }
        }
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: UIProgressView.barHeight)
    }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIProgressView.barHeight)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutParts()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateColors()
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        observedProgressDidChange()
    }

    /// The track fills the bounds; the fill covers `progress` of it from the left.
    func layoutParts() {
        trackView.frame = bounds
        trackView.layer.cornerRadius = progressViewStyle == .default ? bounds.height / 2 : 0
        let width = (bounds.width * CGFloat(value)).rounded()
        fillView.frame = CGRect(x: 0, y: 0, width: width, height: bounds.height)
        fillView.layer.cornerRadius = trackView.layer.cornerRadius
    }

    func updateColors() {
        fillView.backgroundColor = progressTintColor ?? tintColor
        trackView.backgroundColor = trackTintColor ?? .systemFill
    }
}
