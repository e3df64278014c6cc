import Foundation

/// UIKit's switch: an on/off control of UIKit's fixed size (51 × 31
/// points) whose thumb slides across a capsule track. A tap toggles it and
/// sends `.valueChanged`; setting `isOn` or calling `setOn(_:animated:)`
/// does not. The thumb's slide and the track's change of color are view
/// animations the compositor plays (UISwitch+Appearance.swift).
open class UISwitch: UIControl {
    /// UIKit's switch size; the size of a frame given to it is ignored.
    public static let switchSize = CGSize(width: 51, height: 31)

    /// Whether the switch is on. Setting it moves the thumb at once.
    open var isOn: Bool {
        get { on }
        set { setOn(newValue, animated: false) }
    }

    /// The track's color when on; nil (the default): the system's green.
    open var onTintColor: UIColor? {
        didSet { updateColors() }
    }

    /// The thumb's color; nil (the default): white.
    open var thumbTintColor: UIColor? {
        didSet { updateColors() }
    }

    var on = false
    /// While a drag holds the thumb: the side it shows (nil: `isOn`'s).
    var thumbShowsOn: Bool?
    var trackingStartX: CGFloat = 0
    let offTrack = CapsuleView(fillColor: UISwitch.offTrackColor)
    let onTrack = CapsuleView(fillColor: .systemGreen)
    let thumb = CapsuleView(fillColor: .white, strokeColor: UISwitch.thumbOutlineColor)

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: UISwitch.switchSize))
        isOpaque = false
        addSubview(offTrack)
        addSubview(onTrack)
        addSubview(thumb)
        layoutParts()
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// Sets the state, sliding the thumb when `animated`. Sends no action:
    /// UIKit, "Setting the switch to either position does not result in an
    /// action message being sent."
    open func setOn(_ on: Bool, animated: Bool) {
        guard on != self.on else { return }
        self.on = on
        if animated {
            slideParts()
        } else {
            UIView.performWithoutAnimation { layoutParts() }
        }
    }

    /// Keeps UIKit's size whatever size the frame asks for.
    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: UISwitch.switchSize) }
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { UISwitch.switchSize }

    open override var intrinsicContentSize: CGSize { UISwitch.switchSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutParts()
    }

    // MARK: Tracking (UISwitch+Tracking.swift)

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        beginThumbTracking(touch)
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        continueThumbTracking(touch)
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        endThumbTracking(with: event)
    }

    open override func cancelTracking(with event: UIEvent?) {
        cancelThumbTracking()
    }
}
