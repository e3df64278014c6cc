import Foundation

/// What an alert looks like, after UIKit's:
/// - an alert: a 270-point box with rounded corners in the middle of the
///   window; the title (17-point semibold) and message (13-point) centered,
///   the text fields below them, then the buttons, 44 points high: two
///   side by side when their titles fit, else stacked. The Human Interface
///   Guidelines: "Cancel buttons should always be on the left" of two, and
///   a stack ends with the cancel button.
/// - an action sheet: as wide as the window's shorter side less 8 points
///   on each side, at its bottom; the title and message in small grey
///   type, the buttons 57 points high, and the cancel action in a box of
///   its own below the others.
/// A hairline separates the buttons from the text and from each other.
extension UIAlertController {
    static let alertWidth: CGFloat = 270
    static let alertCornerRadius: CGFloat = 14
    static let alertButtonHeight: CGFloat = 44
    static let actionSheetButtonHeight: CGFloat = 57
    /// Between an action sheet and the window's edges, and between its two boxes.
    static let actionSheetMargin: CGFloat = 8
    static let textFieldHeight: CGFloat = 30
    /// The dimming over the presenter's view.
    static let dimmingColor = UIColor(white: 0, alpha: 0.2)

    func buildParts() {
        let p = parts
        p.dimmingView.backgroundColor = Self.dimmingColor
        p.dimmingView.addAction(UIAction { [weak self] _ in self?.dimmingViewTapped() }, for: .touchUpInside)
        for box in [p.boxView, p.cancelBoxView] {
            box.backgroundColor = .secondarySystemBackground
            box.layer.cornerRadius = Self.alertCornerRadius
            box.clipsToBounds = true
        }
        for label in [p.titleLabel, p.messageLabel] {
            label.numberOfLines = 0
            label.textAlignment = .center
        }
        let isAlert = preferredStyle == .alert
        p.titleLabel.font = isAlert ? .systemFont(ofSize: 17, weight: .semibold) : .systemFont(ofSize: 13, weight: .semibold)
        p.messageLabel.font = .systemFont(ofSize: 13)
        p.titleLabel.textColor = isAlert ? .label : .secondaryLabel
        p.messageLabel.textColor = isAlert ? .label : .secondaryLabel
        view.addSubview(p.dimmingView)
        view.addSubview(p.boxView)
        view.addSubview(p.cancelBoxView)
        p.boxView.addSubview(p.titleLabel)
        p.boxView.addSubview(p.messageLabel)
        rebuildParts()
    }

    /// Title, message, fields or actions changed: the shown parts follow.
    func contentDidChange() {
        guard isViewLoaded else { return }
        rebuildParts()
    }

    /// An action's `isEnabled` changed.
    func actionDidChange(_ action: UIAlertAction) {
        guard isViewLoaded else { return }
        for button in parts.buttons where button.action === action { button.isEnabled = action.isEnabled }
    }

    private func rebuildParts() {
        let p = parts
        p.titleLabel.text = title
        p.messageLabel.text = message
        for field in fields where field.superview !== p.boxView { p.boxView.addSubview(field) }
        for button in p.buttons { button.removeFromSuperview() }
        for separator in p.separators { separator.removeFromSuperview() }
        let ordered = orderedActions
        p.buttons = ordered.map { action in
            let button = AlertActionButton(action: action)
            button.fontSize = preferredStyle == .alert ? 17 : 20
            button.isEmphasized = action === emphasizedAction
            button.addAction(UIAction { [weak self, unowned action] _ in self?.pick(action) }, for: .touchUpInside)
            (preferredStyle == .actionSheet && action.style == .cancel ? p.cancelBoxView : p.boxView).addSubview(button)
            return button
        }
        p.separators = []
        view.setNeedsLayout()
    }

    /// The actions in the order of their buttons: a cancel action leads a
    /// row of two and ends a stack (and an action sheet).
    var orderedActions: [UIAlertAction] {
        let others = actions.filter { $0.style != .cancel }
        guard let cancel = actions.first(where: { $0.style == .cancel }) else { return others }
        return preferredStyle == .alert && actions.count == 2 && buttonsFitInARow ? [cancel] + others : others + [cancel]
    }

    /// The action shown in bold: the preferred one in an alert, else the cancel action.
    var emphasizedAction: UIAlertAction? {
        if preferredStyle == .alert, let preferredAction { return preferredAction }
        return actions.first { $0.style == .cancel }
    }

    /// Whether an alert's two buttons both fit in half of its width.
    private var buttonsFitInARow: Bool {
        guard actions.count == 2 else { return false }
        let half = Self.alertWidth / 2
        return actions.allSatisfy { action in
            let label = UILabel()
            label.font = .systemFont(ofSize: 17, weight: .semibold)
            label.text = action.title
            return label.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)).width + 16 <= half
        }
    }

    func makeTextField() -> UITextField {
        let field = UITextField(frame: .zero)
        field.font = .systemFont(ofSize: 13)
        field.backgroundColor = .systemBackground
        field.layer.borderColor = UIColor.separator.cgColor
        field.layer.borderWidth = 0.5
        field.layer.cornerRadius = 4
        return field
    }

    // MARK: Laying out

    func layoutParts() {
        let p = parts
        p.dimmingView.frame = view.bounds
        for separator in p.separators { separator.removeFromSuperview() }
        p.separators = []
        if preferredStyle == .alert { layoutAlert() } else { layoutActionSheet() }
    }

    private var hairline: CGFloat { 1 / max(1, view.contentScaleFactor) }

    private func separator(in box: UIView, frame: CGRect) {
        let line = UIView(frame: frame)
        line.backgroundColor = .separator
        line.isUserInteractionEnabled = false
        box.addSubview(line)
        parts.separators.append(line)
    }

    /// Lays the title and message out from `y`, `width` wide with 16-point
    /// sides, and returns the y below them (`y` unchanged when both are empty).
    private func layoutHeader(from top: CGFloat, width: CGFloat, spacing: CGFloat, bottom: CGFloat) -> CGFloat {
        let p = parts
        let textWidth = width - 32
        let shown = [p.titleLabel, p.messageLabel].filter { !($0.text ?? "").isEmpty }
        p.titleLabel.isHidden = (p.titleLabel.text ?? "").isEmpty
        p.messageLabel.isHidden = (p.messageLabel.text ?? "").isEmpty
        guard !shown.isEmpty else { return 0 }
        var y = top
        for (index, label) in shown.enumerated() {
            if index > 0 { y += spacing }
            let height = label.sizeThatFits(CGSize(width: textWidth, height: .greatestFiniteMagnitude)).height.rounded(.up)
            label.frame = CGRect(x: 16, y: y, width: textWidth, height: height)
            y += height
        }
        return y + bottom
    }

    private func layoutAlert() {
        let p = parts
        let width = Self.alertWidth
        p.cancelBoxView.isHidden = true
        var y = layoutHeader(from: 20, width: width, spacing: 4, bottom: 20)
        if !fields.isEmpty {
            if y == 0 { y = 16 }
            for field in fields {
                field.frame = CGRect(x: 16, y: y, width: width - 32, height: Self.textFieldHeight)
                y += Self.textFieldHeight + 8
            }
            y += 8
        }
        p.buttonsInARow = p.buttons.count == 2 && buttonsFitInARow
        if p.buttonsInARow {
            let half = width / 2
            separator(in: p.boxView, frame: CGRect(x: 0, y: y, width: width, height: hairline))
            p.buttons[0].frame = CGRect(x: 0, y: y, width: half, height: Self.alertButtonHeight)
            p.buttons[1].frame = CGRect(x: half, y: y, width: width - half, height: Self.alertButtonHeight)
            separator(in: p.boxView, frame: CGRect(x: half, y: y, width: hairline, height: Self.alertButtonHeight))
            y += Self.alertButtonHeight
        } else {
            for button in p.buttons {
                if y > 0 { separator(in: p.boxView, frame: CGRect(x: 0, y: y, width: width, height: hairline)) }
                button.frame = CGRect(x: 0, y: y, width: width, height: Self.alertButtonHeight)
                y += Self.alertButtonHeight
            }
        }
        let bounds = view.bounds
        p.boxView.isHidden = false
        p.boxView.bounds = CGRect(x: 0, y: 0, width: width, height: y)
        p.boxView.center = CGPoint(x: (bounds.midX - width / 2).rounded() + width / 2,
                                   y: (bounds.midY - y / 2).rounded() + y / 2)
    }

    private func layoutActionSheet() {
        let p = parts
        let bounds = view.bounds
        let margin = Self.actionSheetMargin
        let width = max(0, min(bounds.width, bounds.height) - 2 * margin)
        let x = ((bounds.width - width) / 2).rounded()
        var bottom = bounds.maxY - margin - view.safeAreaInsets.bottom

        let cancelButton = p.buttons.first { $0.action.style == .cancel }
        p.cancelBoxView.isHidden = cancelButton == nil
        if let cancelButton {
            cancelButton.frame = CGRect(x: 0, y: 0, width: width, height: Self.actionSheetButtonHeight)
            p.cancelBoxView.frame = CGRect(x: x, y: bottom - Self.actionSheetButtonHeight, width: width,
                                           height: Self.actionSheetButtonHeight)
            bottom = p.cancelBoxView.frame.minY - margin
        }

        var y = layoutHeader(from: 14, width: width, spacing: 4, bottom: 14)
        for button in p.buttons where button !== cancelButton {
            if y > 0 { separator(in: p.boxView, frame: CGRect(x: 0, y: y, width: width, height: hairline)) }
            button.frame = CGRect(x: 0, y: y, width: width, height: Self.actionSheetButtonHeight)
            y += Self.actionSheetButtonHeight
        }
        p.boxView.isHidden = y == 0
        p.boxView.frame = CGRect(x: x, y: bottom - y, width: width, height: y)
    }
}
