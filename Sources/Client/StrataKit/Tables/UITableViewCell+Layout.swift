import Foundation

/// Where a cell's parts go: editing controls at the leading edge, the
/// reorder grip and accessory at the trailing edge, the content view
/// between them, backgrounds under all, the separator along the bottom;
/// and how tall the built-in content wants the row.
extension UITableViewCell {
    static let standardMargin: CGFloat = 16
    static let verticalPadding: CGFloat = 11

    /// The room the leading editing control takes.
    var editingControlWidth: CGFloat {
        editingControl == nil ? 0 : 38
    }

    /// The content view's frame in the cell for the current state.
    func contentFrame(width: CGFloat, height: CGFloat) -> CGRect {
        var leading: CGFloat = CGFloat(indentationLevel) * indentationWidth
        if isEditing && shouldIndentWhileEditing { leading += editingControlWidth }
        var trailing = width
        if let grip = reorderControl { trailing -= grip.bounds.width + Self.standardMargin }
        if let accessory = shownAccessoryView {
            let size = accessory.bounds.size == .zero ? accessory.sizeThatFits(.zero) : accessory.bounds.size
            trailing -= size.width + Self.standardMargin
        }
        return CGRect(x: leading, y: 0, width: max(0, trailing - leading), height: height)
    }

    func layoutCellParts() {
        let size = bounds.size
        let slide = swipeOffset
        swipeActionsView?.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        swipeActionsView?.revealedWidth = -slide
        let insets = backgroundConfiguration?.backgroundInsets ?? .zero
        styleBackground.frame = CGRect(x: slide + insets.leading, y: insets.top, width: max(0, size.width - insets.leading - insets.trailing),
                                       height: max(0, size.height - insets.top - insets.bottom))
        backgroundView?.frame = styleBackground.frame
        selectedBackgroundView?.frame = styleBackground.frame
        contentView.frame = contentFrame(width: size.width, height: size.height).offsetBy(dx: slide, dy: 0)
        if let control = editingControl {
            control.frame.origin = CGPoint(x: slide + Self.standardMargin - 2 + CGFloat(indentationLevel) * indentationWidth,
                                           y: ((size.height - control.bounds.height) / 2).rounded())
        }
        var trailing = size.width - Self.standardMargin + slide
        if let grip = reorderControl {
            grip.frame.origin = CGPoint(x: trailing - grip.bounds.width, y: ((size.height - grip.bounds.height) / 2).rounded())
            trailing -= grip.bounds.width + Self.standardMargin
        }
        if let accessory = shownAccessoryView {
            if accessory.bounds.size == .zero { accessory.bounds.size = accessory.sizeThatFits(.zero) }
            accessory.frame.origin = CGPoint(x: trailing - accessory.bounds.width,
                                             y: ((size.height - accessory.bounds.height) / 2).rounded())
        }
        let scale = window?.screenScale ?? 1
        let line = 1 / max(1, scale)
        separatorView.frame = CGRect(x: separatorInset.left + slide, y: size.height - line,
                                     width: max(0, size.width - separatorInset.left - separatorInset.right), height: line)
        if let configured = configuredContentView {
            configured.frame = contentView.bounds
        } else {
            layoutBuiltInStyle(in: contentView.bounds)
        }
    }

    // MARK: The four built-in styles

    private var hasImage: Bool { storedImageView?.image != nil }

    /// Where text starts: after the image when there is one.
    private func textLeading(in bounds: CGRect) -> CGFloat {
        guard let imageView = storedImageView, let image = imageView.image else { return Self.standardMargin }
        return Self.standardMargin + image.size.width + Self.standardMargin
    }

    private func trailingMargin(in bounds: CGRect) -> CGFloat {
        shownAccessoryView == nil && reorderControl == nil ? Self.standardMargin : 8
    }

    private func layoutBuiltInStyle(in bounds: CGRect) {
        if let imageView = storedImageView {
            let size = imageView.image?.size ?? .zero
            imageView.frame = CGRect(x: Self.standardMargin, y: ((bounds.height - size.height) / 2).rounded(),
                                     width: size.width, height: size.height)
        }
        let leading = textLeading(in: bounds)
        let available = max(0, bounds.width - leading - trailingMargin(in: bounds))
        let text = storedTextLabel
        let detail = storedDetailTextLabel
        func fitted(_ label: UILabel?, width: CGFloat) -> CGSize {
            guard let label, !(label.text ?? "").isEmpty || label.attributedText != nil else { return .zero }
            let size = label.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude))
            return CGSize(width: min(size.width, width), height: size.height)
        }
        switch style {
        case .default:
            let size = fitted(text, width: available)
            text?.frame = CGRect(x: leading, y: ((bounds.height - size.height) / 2).rounded(), width: available, height: size.height)
        case .subtitle:
            let textSize = fitted(text, width: available)
            let detailSize = fitted(detail, width: available)
            let top = ((bounds.height - textSize.height - detailSize.height) / 2).rounded()
            text?.frame = CGRect(x: leading, y: top, width: available, height: textSize.height)
            detail?.frame = CGRect(x: leading, y: top + textSize.height, width: available, height: detailSize.height)
        case .value1:
            let detailSize = fitted(detail, width: available)
            let textWidth = max(0, available - detailSize.width - (detailSize.width > 0 ? 8 : 0))
            let textSize = fitted(text, width: textWidth)
            text?.frame = CGRect(x: leading, y: ((bounds.height - textSize.height) / 2).rounded(), width: textWidth, height: textSize.height)
            detail?.frame = CGRect(x: leading + available - detailSize.width, y: ((bounds.height - detailSize.height) / 2).rounded(),
                                   width: detailSize.width, height: detailSize.height)
        case .value2:
            // A fixed column for the label, right-aligned, then the value.
            let column: CGFloat = 67
            let textSize = fitted(text, width: column)
            let detailWidth = max(0, available - column - 6)
            let detailSize = fitted(detail, width: detailWidth)
            text?.frame = CGRect(x: leading, y: ((bounds.height - textSize.height) / 2).rounded(), width: column, height: textSize.height)
            detail?.frame = CGRect(x: leading + column + 6, y: ((bounds.height - detailSize.height) / 2).rounded(),
                                   width: detailWidth, height: detailSize.height)
        }
    }

    // MARK: Self-sizing

    /// Whether constraints inside the content view decide its height.
    var contentUsesConstraints: Bool {
        func constrained(_ view: UIView) -> Bool {
            !view.heldConstraints.isEmpty || view.subviews.contains(where: constrained)
        }
        return configuredContentView == nil && constrained(contentView)
    }

    /// The row height the content asks for at a cell width: the content
    /// view's constraints when it has them, else the configuration's or the
    /// built-in labels' height with standard padding, at least 44 points.
    func fittingHeight(forWidth width: CGFloat) -> CGFloat {
        let content = contentFrame(width: width, height: bounds.height)
        if let configured = configuredContentView {
            let height = (configured as? UIListContentView)?.fittingHeight(forWidth: content.width)
                ?? configured.systemLayoutSizeFitting(CGSize(width: content.width, height: 0),
                                                      withHorizontalFittingPriority: .required,
                                                      verticalFittingPriority: .fittingSizeLevel).height
            return max(UITableView.defaultRowHeight, height)
        }
        if contentUsesConstraints {
            func fit() -> CGFloat {
                contentView.systemLayoutSizeFitting(CGSize(width: content.width, height: 0),
                                                    withHorizontalFittingPriority: .required,
                                                    verticalFittingPriority: .fittingSizeLevel).height
            }
            // Sized by a first fit and laid out at the row's width, so that
            // multi-line labels know the width they wrap at, then fitted again.
            let first = fit()
            bounds.size = CGSize(width: width, height: first)
            layoutIfNeeded()
            return fit()
        }
        let available = max(0, content.width - textLeading(in: content) - trailingMargin(in: content))
        func height(_ label: UILabel?, width: CGFloat) -> CGFloat {
            guard let label, !(label.text ?? "").isEmpty || label.attributedText != nil else { return 0 }
            return label.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude)).height
        }
        let textHeight: CGFloat = switch style {
        case .subtitle: height(storedTextLabel, width: available) + height(storedDetailTextLabel, width: available)
        case .value2: max(height(storedTextLabel, width: 67), height(storedDetailTextLabel, width: max(0, available - 73)))
        default: max(height(storedTextLabel, width: available), height(storedDetailTextLabel, width: available))
        }
        let imageHeight = storedImageView?.image?.size.height ?? 0
        return max(UITableView.defaultRowHeight, max(textHeight, imageHeight) + 2 * Self.verticalPadding)
    }
}
