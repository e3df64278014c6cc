import Foundation

/// The button of one alert action: its title centered, in the tint color
/// (red when destructive, grey when disabled), bold when emphasized,
/// greyed behind while pressed. A release inside sends `.touchUpInside`.
final class AlertActionButton: UIControl {
    let action: UIAlertAction
    let titleLabel = UILabel()
    /// Bold: the preferred action, or the cancel action when there is none.
    var isEmphasized = false {
        didSet { updateAppearance() }
    }
    var fontSize: CGFloat = 17 {
        didSet { updateAppearance() }
    }

    init(action: UIAlertAction) {
        self.action = action
        super.init(frame: .zero)
        titleLabel.text = action.title
        titleLabel.textAlignment = .center
        titleLabel.lineBreakMode = .byTruncatingMiddle
        titleLabel.isUserInteractionEnabled = false
        addSubview(titleLabel)
        isEnabled = action.isEnabled
        updateAppearance()
    }

    required init?(coder: NSCoder) { nil }

    override var isHighlighted: Bool {
        didSet { if isHighlighted != oldValue { updateAppearance() } }
    }

    override var isEnabled: Bool {
        didSet { if isEnabled != oldValue { updateAppearance() } }
    }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        updateAppearance()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        titleLabel.frame = bounds.insetBy(dx: 8, dy: 0)
    }

    /// The width the title needs, with the button's side margins.
    var fittingWidth: CGFloat {
        titleLabel.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)).width + 16
    }

    func updateAppearance() {
        titleLabel.font = .systemFont(ofSize: fontSize, weight: isEmphasized ? .semibold : .regular)
        if !isEnabled {
            titleLabel.textColor = .tertiaryLabel
        } else {
            titleLabel.textColor = action.style == .destructive ? .systemRed : tintColor
        }
        backgroundColor = isHighlighted ? .systemFill : nil
    }
}
