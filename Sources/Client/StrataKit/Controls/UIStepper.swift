import Foundation

/// UIKit's stepper: a minus half and a plus half that decrement and
/// increment `value` by `stepValue` within `minimumValue…maximumValue`
/// (UIStepper+Value.swift). A press steps at once and sends `.valueChanged`
/// (at the release instead when not `isContinuous`); holding a half repeats
/// the step, faster the longer it is held (UIStepper+Autorepeat.swift). A
/// half at its limit is disabled unless the stepper `wraps`.
open class UIStepper: UIControl {
    /// UIKit's stepper size, whatever the frame.
    public static let stepperSize = CGSize(width: 94, height: 32)

    /// The value, clamped to `minimumValue…maximumValue`; 0 by default.
    /// Setting it sends no action.
    open var value: Double {
        get { currentValue }
        set { currentValue = clamped(newValue); updateHalves() }
    }

    /// 0 by default. UIKit raises when it is set at or above `maximumValue`;
    /// here such a value is ignored (see UIStepper+Value.swift).
    open var minimumValue: Double {
        get { minimum }
        set { setRange(minimum: newValue, maximum: maximum) }
    }

    /// 100 by default. UIKit raises when it is set at or below
    /// `minimumValue`; here such a value is ignored.
    open var maximumValue: Double {
        get { maximum }
        set { setRange(minimum: minimum, maximum: newValue) }
    }

    /// 1 by default. UIKit raises when it is 0 or negative; here such a
    /// value is ignored.
    open var stepValue: Double {
        get { step }
        set { if newValue > 0, newValue.isFinite { step = newValue } }
    }

    /// Whether stepping past one end continues from the other; false by default.
    open var wraps = false {
        didSet { updateHalves() }
    }

    /// Whether holding a half repeats its step; true by default.
    open var autorepeat = true

    /// Whether `.valueChanged` is sent at each step of a press (true, the
    /// default) or once when the press ends.
    open var isContinuous = true

    var currentValue: Double = 0
    var minimum: Double = 0
    var maximum: Double = 100
    var step: Double = 1
    /// The half being pressed: -1 for minus, +1 for plus, nil when none.
    var pressedDirection: Int?
    var valueAtPress: Double = 0
    var repeatTimer: EventTimer?
    var repeatCount = 0

    let background = RoundedRectView(fillColor: UIStepper.backgroundFill, cornerRadius: UIStepper.cornerRadius)
    let divider = UIView()
    let minusHighlight = RoundedRectView(fillColor: UIStepper.pressedFill, cornerRadius: UIStepper.cornerRadius)
    let plusHighlight = RoundedRectView(fillColor: UIStepper.pressedFill, cornerRadius: UIStepper.cornerRadius)
    let minusGlyph = StepperGlyphView(isPlus: false, color: .label)
    let plusGlyph = StepperGlyphView(isPlus: true, color: .label)

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: UIStepper.stepperSize))
        isOpaque = false
        divider.isUserInteractionEnabled = false
        divider.backgroundColor = UIStepper.dividerColor
        for part in [background, minusHighlight, plusHighlight, divider, minusGlyph, plusGlyph] { addSubview(part) }
        layoutParts()
        updateHalves()
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// Keeps UIKit's size whatever size the frame asks for.
    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: UIStepper.stepperSize) }
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { UIStepper.stepperSize }

    open override var intrinsicContentSize: CGSize { UIStepper.stepperSize }

    open override var isEnabled: Bool {
        didSet { updateHalves() }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutParts()
    }

    // MARK: Tracking (UIStepper+Autorepeat.swift)

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        beginPress(touch, with: event)
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        continuePress(touch)
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        endPress(with: event)
    }

    open override func cancelTracking(with event: UIEvent?) {
        endPress(with: event)
    }
}
