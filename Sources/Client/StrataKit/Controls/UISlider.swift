import Foundation

/// UIKit's slider: a value between `minimumValue` and `maximumValue`,
/// chosen by dragging the thumb along a track (by touch or by pointer).
/// The track left of the thumb is in `minimumTrackTintColor` (the tint by
/// default), the rest in `maximumTrackTintColor`. Values are clamped as
/// UIKit documents (UISlider+Value.swift); dragging is in
/// UISlider+Tracking.swift, the parts' layout in UISlider+Appearance.swift.
open class UISlider: UIControl {
    /// The value, 0 by default, always between the minimum and the maximum.
    open var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }

    /// 0 by default.
    open var minimumValue: Float {
        get { storedMinimumValue }
        set { setMinimumValue(newValue) }
    }

    /// 1 by default.
    open var maximumValue: Float {
        get { storedMaximumValue }
        set { setMaximumValue(newValue) }
    }

    /// Whether `.valueChanged` is sent while the thumb moves (true, the
    /// default) or only when it is released.
    open var isContinuous = true

    open var minimumTrackTintColor: UIColor? {
        didSet { updateColors() }
    }

    open var maximumTrackTintColor: UIColor? {
        didSet { updateColors() }
    }

    open var thumbTintColor: UIColor? {
        didSet { updateColors() }
    }

    var storedValue: Float = 0
    var storedMinimumValue: Float = 0
    var storedMaximumValue: Float = 1
    /// While dragging: the thumb center's distance from the touch, kept so
    /// the thumb does not jump under the finger; and the value it started at.
    var dragOffset: CGFloat = 0
    var valueAtTrackingStart: Float = 0

    let minimumTrack = CapsuleView(fillColor: .systemBlue)
    let maximumTrack = CapsuleView(fillColor: UISlider.defaultMaximumTrackColor)
    let thumb = CapsuleView(fillColor: .white, strokeColor: UISlider.thumbOutlineColor)

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        addSubview(minimumTrack)
        addSubview(maximumTrack)
        addSubview(thumb)
        updateColors()
        layoutParts()
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutParts()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateColors()
    }

    /// The width asked for, and the slider's height.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: UISlider.height)
    }

    /// No width of its own; the slider's height.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UISlider.height)
    }

    /// Sets the value (clamped), moving the thumb with an animation when
    /// `animated`. Sends no action, as UIKit's.
    open func setValue(_ value: Float, animated: Bool) {
        updateValue(value, animated: animated)
    }

    // MARK: Geometry, for subclasses

    /// The track: a bar across the bounds, centered vertically.
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        let height = UISlider.trackHeight
        return CGRect(x: bounds.minX, y: bounds.midY - height / 2, width: bounds.width, height: height)
    }

    /// The thumb for `value`: its ends touch the track's ends at the
    /// minimum and the maximum.
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let side = UISlider.thumbSide
        let span = maximumValue - minimumValue
        let fraction = span > 0 ? CGFloat((min(max(value, minimumValue), maximumValue) - minimumValue) / span) : 0
        let x = rect.minX + (rect.width - side) * fraction
        return CGRect(x: x.rounded(), y: (rect.midY - side / 2).rounded(), width: side, height: side)
    }

    // MARK: Tracking (UISlider+Tracking.swift)

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        beginDrag(touch)
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        continueDrag(touch, with: event)
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        endDrag(touch, with: event)
    }

    open override func cancelTracking(with event: UIEvent?) {
        endDrag(nil, with: event)
    }
}
