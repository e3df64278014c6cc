import Foundation

/// UIKit's segmented control: a row of segments, each with a title or an
/// image (UISegmentedControl+Segments.swift), one of them selected. A tap
/// on an enabled segment selects it and sends `.valueChanged`; a momentary
/// control sends it and then shows no selection. Setting
/// `selectedSegmentIndex` sends nothing. Segment widths: equal, by content,
/// or fixed per segment (UISegmentedControl+Layout.swift).
open class UISegmentedControl: UIControl {
    /// `selectedSegmentIndex` when no segment is selected.
    public static let noSegment = -1

    /// The selected segment, or `noSegment` (the default, "until the user
    /// touches a segment"). Setting -1 turns the selection off; an index
    /// out of range is ignored (UIKit raises).
    open var selectedSegmentIndex: Int {
        get { selectedIndex }
        set {
            guard newValue == UISegmentedControl.noSegment || segments.indices.contains(newValue) else { return }
            selectedIndex = newValue
            updateSelection()
        }
    }

    /// UIKit: when true, "segments in the control do not show selected
    /// state and do not update the value of selectedSegmentIndex after
    /// tracking ends". False by default.
    open var isMomentary = false

    /// UIKit: when false (the default) every segment is as wide as the
    /// others; when true each is as wide as its content, sharing what is
    /// left. A width set with `setWidth(_:forSegmentAt:)` wins either way.
    open var apportionsSegmentWidthsByContent = false {
        didSet { setNeedsLayout() }
    }

    /// The selected segment's fill; nil (the default): white.
    open var selectedSegmentTintColor: UIColor? {
        didSet { selectionThumb.fillColor = selectedSegmentTintColor ?? UISegmentedControl.defaultThumbColor }
    }

    var segments: [Segment] = []
    var selectedIndex = UISegmentedControl.noSegment
    /// The segment under the finger while tracking; its content is dimmed.
    var pressedIndex: Int? {
        didSet { if pressedIndex != oldValue { updateContentAppearance() } }
    }
    let background = RoundedRectView(fillColor: UISegmentedControl.backgroundFill, cornerRadius: UISegmentedControl.cornerRadius)
    let selectionThumb = RoundedRectView(fillColor: UISegmentedControl.defaultThumbColor,
                                         cornerRadius: UISegmentedControl.cornerRadius - UISegmentedControl.thumbInset)
    /// Each segment's title label or image view, in order.
    var contentViews: [UIView] = []
    var dividers: [UIView] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        addSubview(background)
        addSubview(selectionThumb)
        selectionThumb.alpha = 0
    }

    /// UIKit: "an array of NSString objects (for segment titles) or UIImage
    /// objects (for segment images)"; other items are skipped. The control
    /// is sized to fit them.
    public convenience init(items: [Any]?) {
        self.init(frame: .zero)
        for item in items ?? [] {
            if let title = item as? String {
                segments.append(Segment(title: title))
            } else if let image = item as? UIImage {
                segments.append(Segment(image: image))
            }
        }
        rebuildContent()
        frame.size = sizeThatFits(.zero)
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    open var numberOfSegments: Int { segments.count }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { fittingSize() }

    open override var intrinsicContentSize: CGSize { fittingSize() }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutParts()
    }

    open override var isEnabled: Bool {
        didSet { updateContentAppearance() }
    }

    // MARK: Tracking

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        pressedIndex = segmentIndex(at: touch.location(in: self))
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        pressedIndex = segmentIndex(at: touch.location(in: self))
        return true
    }

    /// The release selects the enabled segment under it; `.valueChanged`
    /// only when the selection changed, or always for a momentary control,
    /// which then selects nothing again.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        let index = touch.flatMap { segmentIndex(at: $0.location(in: self)) }
        pressedIndex = nil
        guard let index, segments[index].isEnabled else { return }
        if isMomentary {
            selectedIndex = index
            sendActions(for: .valueChanged, with: event)
            selectedIndex = UISegmentedControl.noSegment
            updateSelection()
            return
        }
        guard index != selectedIndex else { return }
        selectedIndex = index
        updateSelection()
        sendActions(for: .valueChanged, with: event)
    }

    open override func cancelTracking(with event: UIEvent?) {
        pressedIndex = nil
    }
}
